// What does the CPU-bound service's knob change, as a client sees it, on this machine? The knob
// scales a handler's own work; a client also waits for k6, the network stack and HTTP, which do not
// grow, so it sees less, and how much less depends on the machine (cpu-bound/README.md).
// Two stacks of the service from one image: per repetition and level (levels in a drawn order each
// repetition), both are recreated, the knob set at that level in one of them (which one drawn, so a
// stack's own offset is noise, not part of the effect), warmed up, and measured one at a time with
// the other paused, the order drawn: a round as a default run measures it. Per level, the knob
// stack over the plain one for every endpoint's p50 and p95 and the service's CPU per request, mean
// ± SE over the repetitions (level 0 is the A/A control). Then the route's client-visible p50
// change, fitted as proportional to the level, and the levels that give +2%, +5% and +10%.
// Load goes to loopback only.
//   node --import tsx bench/detection/knob-effect.ts [levels=0,6,13,26] [repetitions=6] [seconds=10]
// CPU_WORK_ROUTE picks the route (default GET /top).
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { seededRandom } from '../../src/util/random'
import {
  apiCpuSeconds,
  buildStacks,
  freshStacks,
  logQuantilesOfOneArm,
  removeStacks,
  SERVICE,
} from './two-stacks'

const levels = (process.argv[2] ?? '0,6,13,26').split(',').map(Number)
const repetitions = Number(process.argv[3] ?? 6)
const seconds = Number(process.argv[4] ?? 10)
const route = process.env.CPU_WORK_ROUTE ?? 'GET /top'
if (SERVICE.folder !== 'cpu-bound')
  throw new Error('knob-effect.ts measures the CPU-bound service (its knob)')
if (levels.some((l) => !(l >= 0)))
  throw new Error(`levels: expected percents, 0 or more, got ${process.argv[2]}`)
const PROJECTS = [`lgknob${process.pid}a`, `lgknob${process.pid}b`]
const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-knob-'))

const draw = seededRandom(20261128)
const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: draw() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item)

/** effects[level][key] = per-repetition log-ratios, knob stack over plain stack. */
const effects = new Map(levels.map((level) => [level, new Map<string, number[]>()]))
try {
  await buildStacks(PROJECTS)
  for (let r = 1; r <= repetitions; r++) {
    for (const level of shuffled(levels)) {
      const knobArm = draw() < 0.5 ? 0 : 1
      const knobEnv = { CPU_WORK_PERCENT: String(level), CPU_WORK_ROUTE: route }
      const ports = await freshStacks(PROJECTS, (p) => (p === PROJECTS[knobArm] ? knobEnv : {}))
      const cpuOf = await Promise.all(PROJECTS.map(apiCpuSeconds))
      const trial = (arm: number, duration: string, label: string) =>
        logQuantilesOfOneArm(PROJECTS, ports, arm, duration, path.join(work, `${label}.json.gz`), cpuOf[arm])
      const order = draw() < 0.5 ? [0, 1] : [1, 0]
      for (const arm of order) await trial(arm, '3s', `warm-${r}-${level}-${arm}`)
      const got: Array<Map<string, number>> = []
      for (const arm of order) got[arm] = await trial(arm, `${seconds}s`, `trial-${r}-${level}-${arm}`)
      const [knob, plain] = [got[knobArm]!, got[1 - knobArm]!]
      const byKey = effects.get(level)!
      for (const [key, value] of knob) {
        const other = plain.get(key)
        if (other === undefined) continue
        ;(byKey.get(key) ?? byKey.set(key, []).get(key)!).push(value - other)
      }
      process.stderr.write(`repetition ${r}/${repetitions}, level ${level}% done\n`)
    }
  }
} finally {
  await removeStacks(PROJECTS)
  await rm(work, { recursive: true, force: true })
}

const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length
const se = (v: number[]) =>
  Math.sqrt(v.reduce((x, y) => x + (y - mean(v)) ** 2, 0) / (v.length - 1) / v.length)
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`
const change = (logRatio: number) => Math.exp(logRatio) - 1

console.log(
  `${SERVICE.folder}/, knob CPU_WORK_ROUTE=${route}: ${repetitions} repetitions of each level, ${seconds}-s trials at ${SERVICE.rate}/s, one arm at a time (the other paused), fresh instances every repetition, ${os.cpus().length} CPUs`,
)
console.log('Knob stack over plain stack, mean change ± SE over the repetitions\n')
console.log(`| series metric | ${levels.map((l) => `knob ${l}%`).join(' | ')} |`)
console.log(`|---|${levels.map(() => '---:').join('|')}|`)
for (const key of [...effects.get(levels[0]!)!.keys()].sort()) {
  const cells = levels.map((level) => {
    const v = effects.get(level)!.get(key) ?? []
    return v.length > 1 ? `${pct(change(mean(v)))} ± ${pct(se(v)).slice(1)}` : '–'
  })
  console.log(`| ${key} | ${cells.join(' | ')} |`)
}

// The client-visible change of the route's p50 as slope × level, fitted through the origin over
// every repetition (level 0 included: it pins the line where the knob does nothing). Raw, as a run
// sees it; and against the other routes' p50s in the same trials, which cancels what moves a whole
// trial (the moment's noise) if the knob leaves the other routes alone, as it should.
const p50Keys = [...effects.get(levels[0]!)!.keys()].filter((key) => key.endsWith(' p50'))
const routeKey = p50Keys.find((key) => key.endsWith(` ${route} p50`))
if (!routeKey) throw new Error(`no p50 of ${route} among ${p50Keys.join(', ')}`)
const others = p50Keys.filter((key) => key !== routeKey)
const fit = (label: string, value: (byKey: Map<string, number[]>, rep: number) => number) => {
  const points = levels.flatMap((level) => {
    const byKey = effects.get(level)!
    return byKey.get(routeKey)!.map((_, rep) => ({ level, y: value(byKey, rep) }))
  })
  const sxx = points.reduce((a, p) => a + p.level ** 2, 0)
  if (sxx === 0) return
  const slope = points.reduce((a, p) => a + p.level * p.y, 0) / sxx
  const residual =
    points.reduce((a, p) => a + (p.y - slope * p.level) ** 2, 0) / Math.max(1, points.length - 1)
  const slopeSe = Math.sqrt(residual / sxx)
  const settings = [0.02, 0.05, 0.1].map((t) => `${pct(t)} at ${(t / slope).toFixed(1)}`).join(', ')
  console.log(
    `${label}: ${(100 * slope).toFixed(1)}% ± ${(100 * slopeSe).toFixed(1)}% of the knob (SE); CPU_WORK_PERCENT for ${settings}`,
  )
}
console.log(`
${route} p50 as a client sees it, fitted as a share of the knob:`)
fit('as measured', (byKey, rep) => change(byKey.get(routeKey)![rep]!))
if (others.length)
  fit(`against the other routes' p50s`, (byKey, rep) =>
    change(byKey.get(routeKey)![rep]! - mean(others.map((key) => byKey.get(key)![rep]!))))
