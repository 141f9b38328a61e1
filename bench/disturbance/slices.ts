// One question: beside a disturbance, how much does a round's noise drop when the arms alternate in
// slices of the round (arms-under-load alternating) rather than run one after the other, and at
// which slice length? Two instances of the CPU-bound reference service (the same image: every
// head/base ratio is noise) on loopback ports, its mixed.js through the product's k6 backend. Each
// round runs every design in turn (the order reversed every other round, so the designs share the
// disturbance's course); per design it prints the per-round SD of the log ratio of each endpoint's
// p50 and p90. Run it with nothing else on the machine.
//   node --import tsx bench/disturbance/slices.ts [rounds=12] [KIND=bursty|half-core|membw|none] [designs=seq,alt100,alt250]
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readCpuTimes, stolenFraction } from '../../src/measure/host-cpu'
import type { LoadBackend, LoadSummary } from '../../src/measure/load'
import { createK6Backend } from '../../src/measure/load/k6/k6-backend'
import { StartBarrier } from '../../src/measure/start-barrier'
import type { Arm } from '../../src/model/types'

const [roundsArg = '12', kind = 'bursty', designsArg = 'seq,alt100,alt250'] = process.argv.slice(2)
const rounds = Number(roundsArg)
const designs = designsArg.split(',')
const ENDPOINTS = ['GET /catalog', 'GET /top', 'GET /stock/:id', 'POST /orders']
const ENV = { DURATION: '5s', RATE: '150' }
const root = path.resolve(import.meta.dirname, '../..')

/** Two containers of the service, each on its own loopback port; removed at exit. */
function startInstances(): Record<Arm, string> {
  execFileSync('bash', ['cpu-bound/prepare.sh'], { cwd: root, stdio: 'inherit' })
  execFileSync('docker', ['build', '-q', '-t', 'loadgate-bench-slices', 'cpu-bound/api'], { cwd: root })
  const url = (arm: Arm) => {
    const name = `loadgate-bench-slices-${arm}`
    execFileSync('docker', ['rm', '-f', name], { stdio: 'ignore' })
    execFileSync('docker', ['run', '-d', '--name', name, '-p', '127.0.0.1::8080', 'loadgate-bench-slices'])
    const port = execFileSync('docker', ['port', name, '8080'], { encoding: 'utf8' }).split('\n')[0]!
    return `http://127.0.0.1:${port.split(':').at(-1)}`
  }
  return { base: url('base'), head: url('head') }
}

function removeInstances(): void {
  for (const arm of ['base', 'head']) execFileSync('docker', ['rm', '-f', `loadgate-bench-slices-${arm}`])
}

type Round = Record<Arm, LoadSummary>

/** One round of a design: `seq` one arm after the other, `altN` both at once in N-ms slices. */
async function runRound(design: string, urls: Record<Arm, string>, dir: string, n: number): Promise<Round> {
  const order: Arm[] = Math.random() < 0.5 ? ['base', 'head'] : ['head', 'base']
  const sliceMs = design === 'seq' ? undefined : Number(design.slice(3))
  const load: LoadBackend = createK6Backend({
    workspace: path.join(root, 'cpu-bound'),
    script: 'k6/mixed.js',
    version: '1.8.1',
    discardSeconds: 0,
    outDir: dir,
    ...(sliceMs ? { sliceMs } : {}),
  })
  await load.prepare()
  const trial = (arm: Arm, slot: number, barrier?: StartBarrier) =>
    load.runTrial({
      arm,
      phase: 'measure',
      round: n,
      name: `${design}-${n}-${arm}`,
      targetUrl: urls[arm],
      env: ENV,
      ...(barrier ? { held: (release) => barrier.ready(arm, release), alternate: { slot, of: 2 } } : {}),
    })
  const summaries = new Map<Arm, LoadSummary>()
  if (!sliceMs) {
    for (const arm of order) summaries.set(arm, (await trial(arm, 0)).summary!)
  } else {
    const barrier = new StartBarrier(order)
    const results = await Promise.all(order.map((arm, slot) => trial(arm, slot, barrier)))
    order.forEach((arm, i) => summaries.set(arm, results[i]!.summary!))
  }
  return { base: summaries.get('base')!, head: summaries.get('head')! }
}

function sd(xs: number[]): number {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1))
}

function logRatio(round: Round, endpoint: string, metric: 'p50' | 'p90'): number {
  const of = (arm: Arm) => round[arm].series.find((s) => s.name === endpoint)!.latency![metric]
  return Math.log(of('head') / of('base'))
}

const urls = startInstances()
const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-slices-'))
const disturbance =
  kind === 'none'
    ? null
    : spawn(
        process.execPath,
        ['--import', 'tsx', 'bench/disturbance/generate.ts', kind, '--seconds', String(rounds * 60)],
        { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
      )
let generated = ''
disturbance?.stdout.on('data', (chunk: Buffer) => (generated += chunk.toString()))
const disturbanceEnded = new Promise((resolve) =>
  disturbance ? disturbance.on('close', resolve) : resolve(null),
)
const before = await readCpuTimes()
const measured = new Map<string, Round[]>(designs.map((d) => [d, []]))
try {
  for (let n = 1; n <= rounds; n++) {
    for (const design of n % 2 ? designs : [...designs].reverse())
      measured.get(design)!.push(await runRound(design, urls, dir, n))
    process.stderr.write(`round ${n} of ${rounds}\n`)
  }
} finally {
  disturbance?.kill('SIGTERM')
  removeInstances()
  await rm(dir, { recursive: true, force: true })
}
await disturbanceEnded
const steal = stolenFraction(before, await readCpuTimes())
const lines = [
  `Disturbance: ${kind}; ${generated.trim() || 'none'}`,
  `Steal over the whole bench: ${steal === null ? 'not read' : `${(steal * 100).toFixed(1)}%`} of the CPU time`,
  `${rounds} rounds a design, ${ENV.DURATION} trials at ${ENV.RATE} requests/s`,
  '',
  `| design | metric | ${ENDPOINTS.join(' | ')} |`,
  `|---|---|${ENDPOINTS.map(() => '---:').join('|')}|`,
]
for (const design of designs)
  for (const metric of ['p50', 'p90'] as const) {
    const sds = ENDPOINTS.map((e) => sd(measured.get(design)!.map((r) => logRatio(r, e, metric))))
    lines.push(`| ${design} | ${metric} | ${sds.map((x) => `${(x * 100).toFixed(1)}%`).join(' | ')} |`)
  }
process.stdout.write(`${lines.join('\n')}\n`)
