// The load generator's own cost: k6 runs on the same cores as the system under test. Starts the
// bundled example once, then runs the same load with each output variant, interleaved, and prints
// k6's CPU time (GNU time: user + system of the k6 process) against the trial's wall time, the
// example's containers' CPU (their cgroup counters, read before and after) and the output's size.
//   node --import tsx bench/cost/k6-cost.ts [duration=30s] [rate=200] [pairs=3] [script=compose/k6/api.js]
// Variants: "default tags" is k6's default system tags (what loadgate wrote before), "lean tags"
// loadgate's `k6 run` as it is now, "plain" the same without gzip, "no bodies" the same with
// --discard-response-bodies (what a script that reads no body can set in its options). The last
// trial of each variant is kept in bench/out/k6-cost/; RECORD=NAME also copies the first two to
// bench/recordings/NAME-default.json.gz and NAME-lean.json.gz (bench/cost/parse.ts reads those). Extra
// environment for the stack (ERROR_RATE=0.2, …) passes on to Compose.
import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseK6Output } from '../../src/measure/load/k6/parse'
import { k6RunArgs } from '../../src/measure/load/k6/run'
import { cgroupFiles, readCpuSeconds, type CgroupFiles } from '../../src/measure/sut/compose/cgroup'

const [duration = '30s', rate = '200', pairsArg = '3', script = 'compose/k6/api.js'] = process.argv.slice(2)
const pairs = Number(pairsArg)
const outDir = path.resolve('bench/out/k6-cost')
const project = `loadgate-k6cost-${process.pid}`
const compose = ['compose', '-p', project, '-f', 'compose/compose.yaml']
const cores = os.availableParallelism()

interface Variant {
  label: string
  file: string
  args: (outFile: string, baseUrl: string) => string[]
}

const trialArgs = (outFile: string, baseUrl: string) =>
  k6RunArgs({
    script: path.resolve(script),
    baseUrl,
    outFile,
    tags: { loadgate_arm: 'base', loadgate_round: '1' },
    env: { DURATION: duration, RATE: rate },
  })

/** The arguments without `--system-tags …`: every system tag k6 writes by default. */
function withDefaultTags(args: string[]): string[] {
  const at = args.indexOf('--system-tags')
  return at < 0 ? args : [...args.slice(0, at), ...args.slice(at + 2)]
}

const variants: Variant[] = [
  { label: 'default tags, gzip', file: 'default.json.gz', args: (o, u) => withDefaultTags(trialArgs(o, u)) },
  { label: 'lean tags, gzip', file: 'lean.json.gz', args: trialArgs },
  { label: 'lean tags, plain', file: 'lean.json', args: trialArgs },
  // What a script that reads no response body saves by saying so (api.js only reads the status).
  {
    label: 'lean, no bodies',
    file: 'lean-no-bodies.json.gz',
    args: (o, u) => ['run', '--discard-response-bodies', ...trialArgs(o, u).slice(1)],
  },
]

interface Sample {
  wall: number
  k6Cpu: number
  sutCpu: number
  requests: number
  bytes: number
}

function docker(args: string[]): string {
  return execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
}

async function sutCgroups(): Promise<CgroupFiles[]> {
  const ids = docker([...compose, 'ps', '-q'])
    .trim()
    .split('\n')
    .filter(Boolean)
  const files = await Promise.all(
    ids.map(async (id) => cgroupFiles(Number(docker(['inspect', '--format', '{{.State.Pid}}', id]).trim()))),
  )
  return files.filter((f): f is CgroupFiles => f !== null)
}

async function sutCpuSeconds(groups: CgroupFiles[]): Promise<number> {
  const seconds = await Promise.all(groups.map((g) => readCpuSeconds(g)))
  return seconds.reduce<number>((sum, s) => sum + (s ?? 0), 0)
}

/** Runs k6 under GNU time; its last stderr line is `wall user system` of the k6 process. */
function timedK6(args: string[]): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %U %S', 'k6', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), K6_NO_USAGE_REPORT: 'true' },
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const [wall, user, system] = (stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number)
      if (code !== 0 || wall === undefined || Number.isNaN(wall))
        return reject(new Error(`k6 exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`))
      resolve({ wall, cpu: (user ?? 0) + (system ?? 0) })
    })
  })
}

async function trial(variant: Variant, baseUrl: string, groups: CgroupFiles[]): Promise<Sample> {
  const outFile = path.join(outDir, variant.file)
  const sutBefore = await sutCpuSeconds(groups)
  const { wall, cpu } = await timedK6(variant.args(outFile, baseUrl))
  const sutCpu = (await sutCpuSeconds(groups)) - sutBefore
  const parsed = await parseK6Output(outFile)
  const requests = parsed.series.find((s) => s.key === 'all requests')?.requests ?? 0
  return { wall, k6Cpu: cpu, sutCpu, requests, bytes: statSync(outFile).size }
}

function record(prefix: string, variant: Variant): void {
  const to = path.resolve('bench/recordings', `${prefix}-${variant.file}`)
  copyFileSync(path.join(outDir, variant.file), to)
  process.stdout.write(`recorded ${to}\n`)
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!

await mkdir(outDir, { recursive: true })
const down = () => docker([...compose, 'down', '-v', '--remove-orphans', '--timeout', '5'])
process.once('SIGINT', () => {
  down()
  process.exit(130)
})
try {
  execFileSync('bash', ['compose/prepare.sh'], { stdio: 'inherit' })
  docker([...compose, 'up', '--build', '--wait', '--quiet-pull'])
  const port = docker([...compose, 'port', 'api', '8080'])
    .trim()
    .split(':')
    .at(-1)
  const baseUrl = `http://127.0.0.1:${port}`
  const groups = await sutCgroups()
  if (groups.length === 0)
    process.stdout.write('the containers’ cgroup files are not readable: SUT CPU is 0\n')
  const samples = new Map<Variant, Sample[]>(variants.map((v) => [v, []]))
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? variants : [...variants].reverse()
    for (const variant of order) samples.get(variant)!.push(await trial(variant, baseUrl, groups))
  }
  process.stdout.write(
    `${pairs} trials per variant of ${duration} at ${rate} requests/s (${script}), ${cores} cores; medians\n` +
      'variant             requests  wall s  k6 CPU s  k6 share  k6 ms/req  SUT CPU s  SUT ms/req  output B/req\n',
  )
  for (const [variant, list] of samples) {
    const m = (pick: (s: Sample) => number) => median(list.map(pick))
    const perRequest = (pick: (s: Sample) => number) => m((s) => pick(s) / Math.max(1, s.requests))
    process.stdout.write(
      [
        variant.label.padEnd(18),
        String(m((s) => s.requests)).padStart(9),
        m((s) => s.wall)
          .toFixed(1)
          .padStart(7),
        m((s) => s.k6Cpu)
          .toFixed(2)
          .padStart(9),
        `${(m((s) => s.k6Cpu / (s.wall * cores)) * 100).toFixed(1)}%`.padStart(9),
        (perRequest((s) => s.k6Cpu) * 1000).toFixed(3).padStart(10),
        m((s) => s.sutCpu)
          .toFixed(2)
          .padStart(10),
        (perRequest((s) => s.sutCpu) * 1000).toFixed(3).padStart(11),
        perRequest((s) => s.bytes)
          .toFixed(0)
          .padStart(13),
      ].join(' ') + '\n',
    )
  }
  const prefix = process.env.RECORD
  if (prefix) for (const variant of variants.slice(0, 2)) record(prefix, variant)
} finally {
  down()
}
