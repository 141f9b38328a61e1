// Whether the runs' intervals are as wide as the run-to-run spread says they must be: over fresh
// A/A runs (results saved by `SAVE_DIR=DIR bench/detection/detection-confirm.ts N a-a`), per gated series and
// metric, the spread (SD) of the per-run mean head − base log-ratio next to the runs' own standard
// errors, and how many runs' intervals cover the truth, zero. An offset per run that the rounds
// cannot see shows as a spread of the means well above their standard errors, and as intervals that
// miss zero more often than their level allows. A second table asks whether the rounds' p50 and
// p95 log-ratios owe anything to which arm went first or which stack slot the head had (both drawn
// per round): a regression with an intercept per run, each effect ± its standard error. A third
// puts each run's lean of the p50s beside the lean of the service's own CPU per iteration (its
// containers' CPU seconds, which every trial records): when they move together, the difference
// between the arms is inside the service's processes. Beside them the same from the warm-ups, which
// run the instances a round then measures side by side, neither arm paused: a lean the measured
// trials show and the warm-ups do not comes from how the arms are measured, not from what they run.
//   node --import tsx bench/detection/offset-coverage.ts DIR
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { pairedSamples } from '../../src/decide/samples'
import type { ResultsFile } from '../../src/model/types'

const dir = process.argv[2]
if (!dir) throw new Error('usage: node --import tsx bench/detection/offset-coverage.ts DIR')
const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()
const runs: ResultsFile[] = []
for (const file of files) runs.push(JSON.parse(await readFile(path.join(dir, file), 'utf8')) as ResultsFile)

interface Row {
  means: number[]
  standardErrors: number[]
  covered: number
  level: number
}
const rows = new Map<string, Row>()
for (const results of runs) {
  const comparison = compareResults(results, { failOn: ['REGRESSION', 'INVALID'] })
  for (const series of comparison.series) {
    for (const m of series.metrics.filter((x) => x.gate && !x.absolute && x.ci)) {
      const d = pairedSamples(results, series.key, m.metric, false).differences
      if (d.length < 2) continue
      const mean = d.reduce((a, b) => a + b, 0) / d.length
      const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (d.length - 1))
      const key = `${series.key} ${m.metric}`
      const row = rows.get(key) ?? { means: [], standardErrors: [], covered: 0, level: m.ci!.level }
      row.means.push(mean)
      row.standardErrors.push(sd / Math.sqrt(d.length))
      if (m.ci!.low <= 0 && m.ci!.high >= 0) row.covered++
      rows.set(key, row)
    }
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`
console.log(`${runs.length} A/A runs from ${dir}`)
console.log('')
console.log(
  '| series metric | per-run means | SD of the means | mean standard error | ratio | intervals covering 0 |',
)
console.log('|---|---|---:|---:|---:|---:|')
for (const [key, row] of rows) {
  const n = row.means.length
  const grand = row.means.reduce((a, b) => a + b, 0) / n
  const spread = n > 1 ? Math.sqrt(row.means.reduce((a, b) => a + (b - grand) ** 2, 0) / (n - 1)) : Number.NaN
  const se = row.standardErrors.reduce((a, b) => a + b, 0) / n
  console.log(
    `| ${key} | ${row.means.map((m) => pct(Math.expm1(m))).join(', ')} | ${pct(spread)} | ${pct(se)} | ${(spread / se).toFixed(2)} | ${row.covered}/${n} at ${pct(row.level)} |`,
  )
}

/** Per round of `results`, the series metric's log-ratio with ±1 for "the head went first" and "the head had slot 0". */
function roundsOf(results: ResultsFile, key: string, metric: 'p50' | 'p95') {
  const measured = results.trials.filter((t) => t.phase === 'measure' && t.valid)
  return [...new Set(measured.map((t) => t.round))].flatMap((round) => {
    const [head, base] = (['head', 'base'] as const).map((arm) =>
      measured.find((t) => t.round === round && t.arm === arm),
    )
    const [h, b] = [head, base].map((t) => t?.series.find((s) => s.key === key)?.latency?.[metric])
    if (!head || !base || !h || !b) return []
    return [
      { y: Math.log(h / b), first: head.startedAt < base.startedAt ? 1 : -1, slot: head.slot === 0 ? 1 : -1 },
    ]
  })
}

/** Least squares of y on two regressors after removing each run's mean (Frisch–Waugh): effects ± SE. */
function effects(runsRounds: Array<Array<{ y: number; first: number; slot: number }>>) {
  const centred = runsRounds.flatMap((rounds) => {
    const mean = (f: (r: (typeof rounds)[number]) => number) =>
      rounds.reduce((a, r) => a + f(r), 0) / rounds.length
    const [my, mf, ms] = [mean((r) => r.y), mean((r) => r.first), mean((r) => r.slot)]
    return rounds.map((r) => [r.y - my, r.first - mf, r.slot - ms] as const)
  })
  const sum = (f: (r: (typeof centred)[number]) => number) => centred.reduce((a, r) => a + f(r), 0)
  const [ff, ss, fs, fy, sy] = [
    sum((r) => r[1] ** 2),
    sum((r) => r[2] ** 2),
    sum((r) => r[1] * r[2]),
    sum((r) => r[1] * r[0]),
    sum((r) => r[2] * r[0]),
  ]
  const det = ff * ss - fs * fs
  const [first, slot] = [(ss * fy - fs * sy) / det, (ff * sy - fs * fy) / det]
  const freedom = centred.length - runsRounds.length - 2
  const residual = sum((r) => (r[0] - first * r[1] - slot * r[2]) ** 2) / freedom
  return {
    first,
    slot,
    firstSe: Math.sqrt((residual * ss) / det),
    slotSe: Math.sqrt((residual * ff) / det),
    rounds: centred.length,
  }
}

console.log('')
console.log('| series metric | the head went first | the head had slot 0 | rounds |')
console.log('|---|---:|---:|---:|')
for (const key of [...rows.keys()].filter((k) => / p(50|95)$/.test(k))) {
  const [series, metric] = [key.slice(0, -4), key.slice(-3) as 'p50' | 'p95']
  const e = effects(runs.map((results) => roundsOf(results, series, metric)).filter((r) => r.length > 2))
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${pct(x)}`
  console.log(
    `| ${key} | ${signed(e.first)} ± ${pct(e.firstSe)} | ${signed(e.slot)} ± ${pct(e.slotSe)} | ${e.rounds} |`,
  )
}

/**
 * Per run and phase: the mean over rounds (± its standard error) of head/base log-ratios of the
 * services' CPU per iteration and of the endpoints' mean p50. Warm-ups run side by side, so theirs
 * compares the same instances as the measured trials at one moment, neither arm paused.
 */
function cpuLean(results: ResultsFile, phase: 'measure' | 'warmup') {
  const trials = results.trials.filter((t) => t.phase === phase && t.iterations > 0)
  const cpu = (t: (typeof trials)[number]) =>
    t.resources.reduce((a, r) => a + (r.cpuSeconds ?? 0), 0) / Math.max(1, t.iterations)
  const p50 = (t: (typeof trials)[number]) => {
    const logs = t.series
      .filter((s) => s.key !== 'all requests' && s.latency)
      .map((s) => Math.log(s.latency!.p50))
    return logs.reduce((a, b) => a + b, 0) / logs.length
  }
  const rounds = [...new Set(trials.map((t) => t.round))].flatMap((round) => {
    const [head, base] = (['head', 'base'] as const).map((arm) =>
      trials.find((t) => t.round === round && t.arm === arm),
    )
    return head && base && cpu(base) > 0
      ? [{ cpu: Math.log(cpu(head) / cpu(base)), p50: p50(head) - p50(base) }]
      : []
  })
  const summary = (f: (r: (typeof rounds)[number]) => number) => {
    const values = rounds.map(f)
    const mean = values.reduce((a, b) => a + b, 0) / values.length
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1))
    return { mean, se: sd / Math.sqrt(values.length) }
  }
  return { cpu: summary((r) => r.cpu), p50: summary((r) => r.p50), rounds: rounds.length }
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${pct(Math.expm1(x))}`
const withError = (s: { mean: number; se: number }) => `${signed(s.mean)} ± ${pct(s.se)}`
console.log('')
console.log(
  '| run | service CPU per iteration, head/base | endpoints’ p50, head/base | rounds | warm-ups (side by side): CPU per iteration | p50 |',
)
console.log('|---|---:|---:|---:|---:|---:|')
for (const [i, results] of runs.entries()) {
  const measured = cpuLean(results, 'measure')
  const warm = cpuLean(results, 'warmup')
  console.log(
    `| ${files[i]} | ${withError(measured.cpu)} | ${withError(measured.p50)} | ${measured.rounds} | ${withError(warm.cpu)} | ${withError(warm.p50)} |`,
  )
}
