// Where does one arm's trial get slow: in the instance (a fresh container that stays slow as long as
// it lives) or in the machine's moment (any instance measured then)? Two stacks of one reference
// service, the same code. Per epoch both stacks are recreated (fresh instances, as every round of
// the default run), warmed up, then measured one at a time (the other paused) in `slices` pairs of
// trials, each pair in alternated order (A B, B A, A B, …, which arm first drawn per epoch).
// Per endpoint and metric it prints the SD of the head/base log-ratio of:
// - a round as today: the epoch's first pair;
// - the epoch's pairs averaged (an interleaved round of `slices` pairs: what it costs, what it gains);
// and the two variance components behind them: within an instance (slices of one container, minutes
// apart at most) and between instances (what stays with a container), as SDs of one trial's log value.
// Load goes to loopback only.
//   node --import tsx bench/detection/noise-timescale.ts [epochs=8] [slices=3] [seconds=5]
// SERVICE=bundled measures the bundled example (compose/) instead of the CPU-bound service.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildStacks, freshStacks, logQuantilesOfOneArm, removeStacks, SERVICE } from './two-stacks'

const epochs = Number(process.argv[2] ?? 8)
const slices = Number(process.argv[3] ?? 3)
const seconds = Number(process.argv[4] ?? 5)
const PROJECTS = [`lgtime${process.pid}a`, `lgtime${process.pid}b`]

const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-timescale-'))

let seed = 20261127
const coin = () => ((seed = (seed * 16807) % 2147483647) & 1) === 1

/** One trial of `arm`, the other stack paused: each series' log p50 and log p95. */
const trial = (ports: string[], arm: number, duration: string, label: string) =>
  logQuantilesOfOneArm(PROJECTS, ports, arm, duration, path.join(work, `${label}.json.gz`))

/** measured[epoch][arm][slice] = log metric by key. */
const measured: Array<Array<Array<Map<string, number>>>> = []
try {
  await buildStacks(PROJECTS)
  for (let e = 0; e < epochs; e++) {
    const ports = await freshStacks(PROJECTS)
    const first = coin() ? 0 : 1
    for (const arm of [first, 1 - first]) await trial(ports, arm, '3s', `warm-${e}-${arm}`)
    const byArm: Array<Array<Map<string, number>>> = [[], []]
    for (let s = 0; s < slices; s++) {
      const order = s % 2 === 0 ? [first, 1 - first] : [1 - first, first]
      for (const arm of order) byArm[arm]!.push(await trial(ports, arm, `${seconds}s`, `t-${e}-${s}-${arm}`))
    }
    measured.push(byArm)
    process.stderr.write(`epoch ${e + 1}/${epochs} done\n`)
  }
} finally {
  await removeStacks(PROJECTS)
  await rm(work, { recursive: true, force: true })
}

const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length
const variance = (v: number[]) => {
  const m = mean(v)
  return v.reduce((x, y) => x + (y - m) ** 2, 0) / (v.length - 1)
}
const pct = (sd: number) => `${(100 * sd).toFixed(1)}%`

console.log(
  `${SERVICE.folder}/, identical code, ${epochs} epochs of fresh instances, ${slices} pairs of ${seconds}-s trials each, one arm at a time, ${os.cpus().length} CPUs`,
)
console.log(
  '\n| series metric | round as today (1 pair) | interleaved round (' +
    `${slices} pairs) | within an instance | between instances | a pair's correlation |`,
)
console.log('|---|---:|---:|---:|---:|---:|')
const keys = [...measured[0]![0]![0]!.keys()].sort()
for (const key of keys) {
  const at = (e: number, arm: number, s: number) => measured[e]![arm]![s]!.get(key)!
  const firstPair = measured.map((_, e) => at(e, 1, 0) - at(e, 0, 0))
  const averaged = measured.map((_, e) =>
    mean(Array.from({ length: slices }, (_, s) => at(e, 1, s) - at(e, 0, s))),
  )
  // Within: the variance of slices around their instance's mean, pooled over instances.
  const within = mean(
    measured.flatMap((_, e) =>
      [0, 1].map((arm) => variance(Array.from({ length: slices }, (_, s) => at(e, arm, s)))),
    ),
  )
  // Between: what the instance means vary beyond what their slices' noise explains (per arm).
  const instanceDiff = measured.map(
    (_, e) =>
      mean(Array.from({ length: slices }, (_, s) => at(e, 1, s))) -
      mean(Array.from({ length: slices }, (_, s) => at(e, 0, s))),
  )
  const between = Math.max(0, (variance(instanceDiff) - (2 * within) / slices) / 2)
  // Do the two trials of a pair, seconds apart, share their moment? Their deviations from their
  // instances' means, correlated over all pairs.
  const deviations = measured.flatMap((_, e) => {
    const m = [0, 1].map((arm) => mean(Array.from({ length: slices }, (_, s) => at(e, arm, s))))
    return Array.from({ length: slices }, (_, s) => [at(e, 0, s) - m[0]!, at(e, 1, s) - m[1]!] as const)
  })
  const cov = mean(deviations.map(([a, b]) => a * b))
  const corr = cov / Math.sqrt(mean(deviations.map(([a]) => a * a)) * mean(deviations.map(([, b]) => b * b)))
  console.log(
    `| ${key} | ${pct(Math.sqrt(variance(firstPair)))} | ${pct(Math.sqrt(variance(averaged)))} | ${pct(Math.sqrt(within))} | ${pct(Math.sqrt(between))} | ${corr.toFixed(2)} |`,
  )
}
