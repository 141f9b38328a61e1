// Does an arm keep an offset that fresh instances cannot shake off, because every instance of an
// image runs the same binary file, and so the same page-cache pages (physical memory) for its code?
// Two images of identical code whose binaries are separate files (one trailing byte apart, separate
// layers), as a run's base and head images are. Phases of `epochs` epochs; every epoch recreates
// both stacks, warms them up and measures them one at a time (the other paused) in `pairs` pairs of
// trials, order alternated. Between phases (never within one) the page cache is dropped, so the
// next phase's instances load both binaries into new pages. Per series, each phase's mean head/base
// log-ratio over its epochs with its standard error, and the F statistic of phases against epochs:
// about 1 when only the instance and the moment matter; well above it (its 5% point: 3.9 for 3
// phases of 6, 3.1 for 6 phases of 3) when the pages an image's code sits in move a whole run. The service's CPU per
// request (its cgroup over the trial's requests) is the sharpest of these measures. Needs root (drop_caches).
// Load goes to loopback only.
//   node --import tsx bench/detection/page-cache.ts [phases=3] [epochs=6] [pairs=2] [seconds=8]
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { run } from '../../src/util/exec'
import {
  apiCpuSeconds,
  compose,
  freshStacks,
  logQuantilesOfOneArm,
  removeStacks,
  SERVICE,
} from './two-stacks'

const [phases, epochs, pairs, seconds] = [3, 6, 2, 8].map((d, i) => Number(process.argv[2 + i] ?? d)) as [
  number,
  number,
  number,
  number,
]
const PROJECTS = [`lgpage${process.pid}a`, `lgpage${process.pid}b`]
if (SERVICE.folder !== 'cpu-bound')
  throw new Error('page-cache.ts measures the CPU-bound service (one binary)')
const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-page-cache-'))

async function dropPageCache(): Promise<void> {
  await run('sync', [])
  await writeFile('/proc/sys/vm/drop_caches', '1\n')
}

let cpuOf: Array<() => Promise<number | null>> = []

/** One trial of `arm`, the other stack paused: each series' log p50 and log p95, and the service's CPU per request. */
const trial = (ports: string[], arm: number, duration: string, label: string) =>
  logQuantilesOfOneArm(PROJECTS, ports, arm, duration, path.join(work, `${label}.json.gz`), cpuOf[arm])

/** offsets[phase][epoch] = the epoch's mean log-ratio (stack b over stack a) by key. */
const offsets: Array<Array<Map<string, number>>> = []
try {
  await run('bash', [`${SERVICE.folder}/prepare.sh`], { timeoutMs: 300_000 })
  await compose(PROJECTS[0]!, 'build', '-q')
  // The same code, another file: a trailing byte the loader never reads makes the COPY layer differ.
  await appendFile(`${SERVICE.folder}/api/bin/api`, '\n')
  await compose(PROJECTS[1]!, 'build', '-q')
  for (let p = 0; p < phases; p++) {
    await dropPageCache()
    const phase: Array<Map<string, number>> = []
    for (let e = 0; e < epochs; e++) {
      const ports = await freshStacks(PROJECTS)
      cpuOf = await Promise.all(PROJECTS.map(apiCpuSeconds))
      for (const arm of [0, 1]) await trial(ports, arm, '3s', `warm-${p}-${e}-${arm}`)
      const sums = new Map<string, number>()
      for (let s = 0; s < pairs; s++) {
        const order = (e + s) % 2 === 0 ? [0, 1] : [1, 0]
        const got: Array<Map<string, number>> = []
        for (const arm of order) got[arm] = await trial(ports, arm, `${seconds}s`, `t-${p}-${e}-${s}-${arm}`)
        for (const [key, b] of got[1]!) sums.set(key, (sums.get(key) ?? 0) + (b - got[0]!.get(key)!) / pairs)
      }
      phase.push(sums)
      process.stderr.write(`phase ${p + 1}/${phases}, epoch ${e + 1}/${epochs} done\n`)
    }
    offsets.push(phase)
  }
} finally {
  await removeStacks(PROJECTS)
  // The next prepare.sh rebuilds the binary; until then it carries the byte.
  await run('bash', [`${SERVICE.folder}/prepare.sh`], { timeoutMs: 300_000 }).catch(() => undefined)
  await rm(work, { recursive: true, force: true })
}

const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length
const variance = (v: number[]) => v.reduce((x, y) => x + (y - mean(v)) ** 2, 0) / (v.length - 1)
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`
console.log(
  `${SERVICE.folder}/, identical code in two images, ${phases} phases of ${epochs} epochs (page cache dropped before each phase), ${pairs} pairs of ${seconds}-s trials an epoch, one arm at a time`,
)
console.log(
  `\n| series metric | ${offsets.map((_, p) => `phase ${p + 1}: mean ± SE`).join(' | ')} | F (phases vs epochs) |`,
)
console.log(`|---|${offsets.map(() => '---:').join('|')}|---:|`)
for (const key of [...offsets[0]![0]!.keys()].sort()) {
  const byPhase = offsets.map((phase) => phase.map((epoch) => epoch.get(key)!))
  const within = mean(byPhase.map(variance))
  const between = epochs * variance(byPhase.map(mean))
  const cells = byPhase.map((v) => `${pct(mean(v))} ± ${pct(Math.sqrt(variance(v) / v.length)).slice(1)}`)
  console.log(`| ${key} | ${cells.join(' | ')} | ${(between / within).toFixed(2)} |`)
}
