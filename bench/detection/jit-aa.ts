// A/A runs of a JIT reference service (jit/, Node.js; SERVICE=jvm for jvm/, Java 17) through the CLI, and what they say of a JIT's
// warm-up: how each warm-up ended (steady or at its cap, after how long, the last drift), whether
// measured trials still drift within themselves (each endpoint's p50 over a trial's second half
// against its first half), and whether the arm measured second in a round uses more CPU per request
// than the one measured first (a compiler that resumes when its arm is thawed). Every setting is the
// product's default, the warm-up included (WARMUP names another); load goes to loopback only.
// Long (some 5–10 minutes a run): run it on a quiet machine, nothing else running.
//   node --import tsx bench/detection/jit-aa.ts [runs=3]
//   WARMUP='steady up to 90s' node --import tsx bench/detection/jit-aa.ts 3   # ended by steadiness, for contrast
//   PAUSE_IDLE_ARM=false node --import tsx bench/detection/jit-aa.ts 1   # the idle arm never frozen
//   node --import tsx bench/detection/jit-aa.ts --read DIR         # again from the work dirs it kept
//   SERVICE=jvm WORK_ROOT=DIR node --import tsx bench/detection/jit-aa.ts 6   # the JVM service, its work dirs in DIR
import { spawnSync } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { mkdtemp, readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createGunzip } from 'node:zlib'
import { median } from '../../src/decide/stats/basic'
import { requestSeries } from '../../src/model/metrics'
import { readResults } from '../../src/model/results-file'
import type { ResultsFile } from '../../src/model/types'
import { makeExampleRepo } from '../../testkit/example-repo'

const CLI = path.resolve('src/cli/index.ts')
const TSX = import.meta.resolve('tsx')
const WARMUP = process.env.WARMUP ?? 'auto'
// PAUSE_IDLE_ARM=false leaves the arm not under load running: is the order effect its thaw?
const PAUSE_IDLE_ARM = process.env.PAUSE_IDLE_ARM ?? ''
const SERVICE = ((name: string): 'jit' | 'jvm' => {
  if (name !== 'jit' && name !== 'jvm') throw new Error(`SERVICE=${name}: expected jit or jvm`)
  return name
})(process.env.SERVICE ?? 'jit')

/** One A/A compare of the service at the defaults; returns the benchmark's work directory. */
async function runOnce(root: string, index: number): Promise<string> {
  const repo = await makeExampleRepo({ folder: SERVICE, headEnv: '' })
  const work = path.join(root, `run${index}`)
  try {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        TSX,
        CLI,
        'compare',
        '--base',
        'HEAD~1',
        '--compose-file',
        `${SERVICE}/compose.yaml`,
        '--service',
        'api',
        '--port',
        '8080',
        '--prepare',
        `bash ${SERVICE}/prepare.sh`,
        '--k6-script',
        `${SERVICE}/k6/mixed.js`,
        '--warmup',
        WARMUP,
        '--name',
        SERVICE,
        '--work-dir',
        work,
        ...(PAUSE_IDLE_ARM ? ['--pause-idle-arm', PAUSE_IDLE_ARM] : []),
      ],
      { cwd: repo.dir, encoding: 'utf8', stdio: ['ignore', 'inherit', 'inherit'] },
    )
    if (run.status !== 0 && run.status !== 1) throw new Error(`loadgate compare exited ${run.status}`)
  } finally {
    await repo.cleanup()
  }
  return path.join(work, SERVICE)
}

/** Each endpoint's request latencies in a raw k6 output, with their times (ms since the epoch). */
async function latencies(file: string): Promise<Map<string, Array<{ at: number; ms: number }>>> {
  const byName = new Map<string, Array<{ at: number; ms: number }>>()
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) })
  for await (const line of lines) {
    if (!line.includes('"http_req_duration"') || !line.includes('"Point"')) continue
    const point = JSON.parse(line) as { data: { time: string; value: number; tags?: { name?: string } } }
    const name = point.data.tags?.name ?? '?'
    const list = byName.get(name) ?? byName.set(name, []).get(name)!
    list.push({ at: Date.parse(point.data.time), ms: point.data.value })
  }
  return byName
}

/** log(p50 of the second half / p50 of the first half) per endpoint of one trial. */
async function withinTrialDrift(file: string): Promise<Map<string, number>> {
  const drift = new Map<string, number>()
  for (const [name, points] of await latencies(file)) {
    if (points.length < 20) continue
    const start = Math.min(...points.map((p) => p.at))
    const middle = (start + Math.max(...points.map((p) => p.at))) / 2
    const first = median(points.filter((p) => p.at < middle).map((p) => p.ms))
    const second = median(points.filter((p) => p.at >= middle).map((p) => p.ms))
    if (first && second) drift.set(name, Math.log(second / first))
  }
  return drift
}

/** log(CPU per request of the arm measured second / of the arm measured first), per round. */
function orderEffect(results: ResultsFile): number[] {
  const perRequest = (t: ResultsFile['trials'][number]) => {
    const cpu = t.resources.find((r) => r.service === 'api')?.cpuSeconds
    const requests = requestSeries(t).reduce((n, s) => n + s.requests, 0)
    return cpu && requests ? cpu / requests : null
  }
  const measured = results.trials.filter((t) => t.phase === 'measure' && t.valid)
  const rounds = [...new Set(measured.map((t) => t.round))]
  return rounds.flatMap((round) => {
    const [first, second] = measured
      .filter((t) => t.round === round)
      .sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt))
    const a = first && perRequest(first)
    const b = second && perRequest(second)
    return a && b ? [Math.log(b / a)] : []
  })
}

/** Mean of log-ratios as a change, ± its standard error (in log points, as a percentage). */
function meanAndError(values: number[]): string {
  if (values.length < 2) return values.length ? `${pct(values[0]!)} (one value)` : '–'
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1))
  return `${pct(mean)} ± ${((sd / Math.sqrt(values.length)) * 100).toFixed(1)}% (n=${values.length})`
}

function pct(log: number): string {
  const value = (Math.exp(log) - 1) * 100
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}%`
}

async function report(dirs: string[]): Promise<void> {
  const drifts = new Map<string, number[]>()
  const order: number[] = []
  for (const dir of dirs) {
    const results = await readResults(path.join(dir, 'results.json'))
    const auto = results.meta.timing?.warmupAuto
    const ends = auto
      ? [`auto, ${auto.seconds} s each (${auto.runtimes.join(', ') || 'no JIT runtime'})`]
      : results.trials
          .filter((t) => t.phase === 'warmup')
          .map(
            (t) =>
              `${t.arm} ${t.warmupEnd ? `${t.warmupEnd.reason} at ${t.warmupEnd.seconds} s, drift ${t.warmupEnd.drift}` : 'fixed'}`,
          )
    console.log(
      `${dir}: ${results.trials.filter((t) => t.phase === 'measure').length / 2} rounds; warm-ups: ${ends.join('; ')}`,
    )
    order.push(...orderEffect(results))
    for (const file of (await readdir(dir)).filter((f) =>
      /^measure.*\.json\.gz$|^round.*\.json\.gz$/.test(f),
    )) {
      for (const [name, drift] of await withinTrialDrift(path.join(dir, file)))
        (drifts.get(name) ?? drifts.set(name, []).get(name)!).push(drift)
    }
  }
  console.log("\nWithin-trial drift, p50 of a measured trial's second half against its first, per endpoint:")
  for (const [name, values] of [...drifts].sort()) console.log(`  ${name}: ${meanAndError(values)}`)
  console.log(
    `CPU per request, the arm measured second against the first in its round: ${meanAndError(order)}`,
  )
}

const args = process.argv.slice(2)
if (args[0] === '--read') {
  const root = args[1]
  if (!root) throw new Error('usage: node --import tsx bench/detection/jit-aa.ts --read DIR')
  const runs = (await readdir(root)).filter((d) => d.startsWith('run')).sort()
  await report(runs.map((run) => path.join(root, run, SERVICE)))
} else {
  const count = Number(args[0] ?? 3)
  const root = process.env.WORK_ROOT || (await mkdtemp(path.join(os.tmpdir(), `loadgate-${SERVICE}-aa-`)))
  console.log(`work dirs kept in ${root} (read again with --read ${root})`)
  const dirs: string[] = []
  for (let i = 1; i <= count; i++) dirs.push(await runOnce(root, i))
  await report(dirs)
}
