// Does the machine-speed probe explain the p50's noise? For saved runs (detection-confirm.ts with
// SAVE_DIR), per round and endpoint: y = log of head's p50 over base's, x = log of head's probe over
// base's (on the clock, and in CPU time). Prints, per folder, the mean x (a probe that responds to the
// head's change moves it in a knob scenario, and then must not be used), the correlation of x with y
// within runs, and the SD of y before and after holding it against x (a slope per folder, fitted on
// the deviations from each run's and endpoint's mean, as a regression adjustment of the per-round
// ratio would be). Runs recorded before the probe existed are skipped.
//   node --import tsx bench/detection/machine-covariate.ts DIR [DIR ...]
import { metricValue, requestSeries } from '../../src/model/metrics'
import type { ResultsFile, Trial } from '../../src/model/types'
import { savedRuns } from './saved-runs'

type Probe = 'wallMicros' | 'cpuMicros'
interface Pair {
  run: number
  key: string
  y: number
  x: Record<Probe, number>
}

function roundPairs(results: ResultsFile, run: number): Pair[] {
  const measured = results.trials.filter((t) => t.phase === 'measure' && t.valid && t.machineProbe)
  const pairs: Pair[] = []
  for (const base of measured.filter((t) => t.arm === 'base')) {
    const head = measured.find((t) => t.arm === 'head' && t.round === base.round)
    if (!head) continue
    const x = (probe: Probe) => Math.log(head.machineProbe![probe] / base.machineProbe![probe])
    for (const series of requestSeries(base)) {
      const y = logRatio(base, head, series.key)
      if (y !== null)
        pairs.push({ run, key: series.key, y, x: { wallMicros: x('wallMicros'), cpuMicros: x('cpuMicros') } })
    }
  }
  return pairs
}

function logRatio(base: Trial, head: Trial, key: string): number | null {
  const b = metricValue(base, key, 'p50')
  const h = metricValue(head, key, 'p50')
  return b && h && b > 0 && h > 0 ? Math.log(h / b) : null
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
const sd = (values: number[]) => {
  const m = mean(values)
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / Math.max(1, values.length - 1))
}
const pct = (value: number) => `${(Math.expm1(value) * 100).toFixed(1)}%`

/** Each pair's y and x as deviations from its run's and endpoint's means. */
function centred(pairs: Pair[], probe: Probe): Array<{ y: number; x: number }> {
  const groups = new Map<string, Pair[]>()
  for (const p of pairs) groups.set(`${p.run} ${p.key}`, [...(groups.get(`${p.run} ${p.key}`) ?? []), p])
  return [...groups.values()].flatMap((group) => {
    const my = mean(group.map((p) => p.y))
    const mx = mean(group.map((p) => p.x[probe]))
    return group.map((p) => ({ y: p.y - my, x: p.x[probe] - mx }))
  })
}

function describe(pairs: Pair[], probe: Probe): string {
  const points = centred(pairs, probe)
  const sxx = points.reduce((s, p) => s + p.x * p.x, 0)
  const sxy = points.reduce((s, p) => s + p.x * p.y, 0)
  const syy = points.reduce((s, p) => s + p.y * p.y, 0)
  const slope = sxy / sxx
  const correlation = sxy / Math.sqrt(sxx * syy)
  const adjusted = points.map((p) => p.y - slope * p.x)
  return (
    `${probe}: mean x ${pct(mean(pairs.map((p) => p.x[probe])))} (SD ${pct(sd(pairs.map((p) => p.x[probe])))}), ` +
    `r ${correlation.toFixed(2)}, slope ${slope.toFixed(2)}, p50 SD a round ${pct(sd(points.map((p) => p.y)))} → ${pct(sd(adjusted))}`
  )
}

for (const dir of process.argv.slice(2)) {
  const runs = await savedRuns(dir)
  const pairs = runs.flatMap((results, run) => roundPairs(results, run))
  if (pairs.length < 4) {
    console.log(`${dir}: too few rounds with the probe (${pairs.length})`)
    continue
  }
  console.log(`${dir}: ${runs.length} runs, ${pairs.length} round × endpoint pairs`)
  for (const probe of ['wallMicros', 'cpuMicros'] as const) console.log(`  ${describe(pairs, probe)}`)
}
