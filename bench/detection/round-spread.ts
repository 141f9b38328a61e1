// The design table's measure: per gated series and metric, the SD of the per-round head − base
// log-ratio, pooled over the saved A/A runs of each design (what a test of the mean faces), and after
// the slash the median over the runs of the σ the signed-rank test faces (stats/signed-rank.ts).
// One folder per design, results saved by `SAVE_DIR=DIR bench/detection/detection-confirm.ts N a-a`
// with ARMS_UNDER_LOAD / FRESH_INSTANCES set. The rounds a run needs for one interval width grow
// with the square of the σ. A p95 row adds, in brackets, the floor its requests alone set on that
// SD (√2 × the median rank noise of a trial, src/decide/sample-size.ts): read from each trial's
// quantiles around p95, and from the p90–p99 slope that results files of 1.0.0 had to use.
//   node --import tsx bench/detection/round-spread.ts DIR [DIR ...]
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { p95RankUncertainty } from '../../src/decide/sample-size'
import { pairedSamples, validTrials } from '../../src/decide/samples'
import { median } from '../../src/decide/stats/basic'
import { signedRankSigma } from '../../src/decide/stats/signed-rank'
import type { ResultsFile } from '../../src/model/types'
import { savedRuns } from './saved-runs'

const dirs = process.argv.slice(2)
if (dirs.length === 0)
  throw new Error('usage: node --import tsx bench/detection/round-spread.ts DIR [DIR ...]')

/** Series metric → the within-run deviations of every run's rounds, and their degrees of freedom. */
type Pool = Map<
  string,
  { squares: number; freedom: number; rounds: number; ranked: number[]; quantiles: number[]; slope: number[] }
>

/** Each valid trial's rank noise of the series' p95, from its quantiles around p95 (when recorded) and by the slope. */
function rankNoise(results: ResultsFile, key: string): { quantiles: number[]; slope: number[] } {
  const latencies = [...validTrials(results, 'base'), ...validTrials(results, 'head')].flatMap((t) => {
    const latency = t.series.find((s) => s.key === key)?.latency
    return latency ? [latency] : []
  })
  const read = (u: number | null) => (u === null ? [] : [u])
  return {
    quantiles: latencies.flatMap((l) => (l.p95RankNoise === undefined ? [] : read(p95RankUncertainty(l)))),
    slope: latencies.flatMap(({ p95RankNoise: _, ...l }) => read(p95RankUncertainty(l))),
  }
}

async function poolOf(dir: string): Promise<{ pool: Pool; runs: ResultsFile[] }> {
  const runs = await savedRuns(dir)
  const pool: Pool = new Map()
  for (const results of runs) {
    const comparison = compareResults(results, { failOn: ['REGRESSION', 'INVALID'] })
    for (const series of comparison.series) {
      for (const m of series.metrics.filter((x) => x.gate && !x.absolute)) {
        const d = pairedSamples(results, series.key, m.metric, false).differences
        if (d.length < 2) continue
        const mean = d.reduce((a, b) => a + b, 0) / d.length
        const key = `${series.key} ${m.metric}`
        const entry = pool.get(key) ?? {
          squares: 0,
          freedom: 0,
          rounds: 0,
          ranked: [],
          quantiles: [],
          slope: [],
        }
        if (m.metric === 'p95') {
          const noise = rankNoise(results, series.key)
          entry.quantiles.push(...noise.quantiles)
          entry.slope.push(...noise.slope)
        }
        const ranked = signedRankSigma(d)
        if (ranked !== null) entry.ranked.push(ranked)
        entry.squares += d.reduce((a, b) => a + (b - mean) ** 2, 0)
        entry.freedom += d.length - 1
        entry.rounds += d.length
        pool.set(key, entry)
      }
    }
  }
  return { pool, runs }
}

const designs = await Promise.all(dirs.map(poolOf))
const label = (dir: string, runs: ResultsFile[]) => {
  const s = runs[0]?.settings
  return `${path.basename(dir)} (${runs.length} runs; ${s?.armsUnderLoad ?? '?'}, fresh ${s?.freshInstances ?? '?'})`
}
console.log(`| series metric | ${dirs.map((d, i) => label(d, designs[i]!.runs)).join(' | ')} |`)
console.log(`|---|${dirs.map(() => '---:').join('|')}|`)
const keys = [...new Set(designs.flatMap((d) => [...d.pool.keys()]))].sort()
for (const key of keys) {
  const cells = designs.map(({ pool }) => {
    const entry = pool.get(key)
    if (!entry || entry.freedom === 0) return '—'
    const ranked = median(entry.ranked)
    const rankedCell = ranked === null ? '' : ` / ${(100 * ranked).toFixed(1)}%`
    const floor = (us: number[]) => (us.length ? `${(100 * Math.SQRT2 * median(us)!).toFixed(1)}%` : '–')
    const floorCell = entry.slope.length
      ? ` [floor: quantiles ${floor(entry.quantiles)}, slope ${floor(entry.slope)}]`
      : ''
    return `${(100 * Math.sqrt(entry.squares / entry.freedom)).toFixed(1)}%${rankedCell} (${entry.rounds} rounds)${floorCell}`
  })
  console.log(`| ${key} | ${cells.join(' | ')} |`)
}
