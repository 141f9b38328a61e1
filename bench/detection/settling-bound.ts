// How often unchanged code could settle NO CHANGE at all, given the noise saved A/A runs measured:
// the most any test can give that judges each gated metric by its own rounds and keeps
// P(NO CHANGE | a true change of δ) ≤ 5%. Such a test, granted the per-round SD σ as known and a
// single look after n rounds, is best as a one-sided z-test of the mean log-ratio against ln(1 + δ)
// (Neyman–Pearson): it settles a metric of no true change with probability Φ(ln(1 + δ)·√n/σ − 1.645).
// A run settles when every gated metric does; with the metrics' per-round correlation (pooled within
// runs) that joint probability is drawn by simulation. The gate pays for its three looks and for
// not knowing σ, so it settles less often than this; no procedure settles more often.
//   node --import tsx bench/detection/settling-bound.ts DIR [rounds=10,15,20]
import { compareResults } from '../../src/decide'
import { analysisMargin } from '../../src/decide/rules'
import { pairedSamples } from '../../src/decide/samples'
import { normalCdf } from '../../src/decide/stats/basic'
import { seededRandom } from '../../src/util/random'
import { savedRuns } from './saved-runs'

const [dir, roundsArg] = process.argv.slice(2)
if (!dir) throw new Error('usage: node --import tsx bench/detection/settling-bound.ts DIR [rounds=10,15,20]')
const roundCounts = (roundsArg ?? '10,15,20').split(',').map(Number)
const Z = 1.6448536269514722
const DRAWS = 200_000

const runs = await savedRuns(dir)

/** Every gated latency percentile (throughput and error rates hold still on unchanged code): its margin and, per run, its per-round log-ratios (null where a round has none). */
const metrics = new Map<string, { margin: number; byRun: Array<Array<number | null>> }>()
runs.forEach((results, r) => {
  const comparison = compareResults(results, { failOn: ['REGRESSION', 'INVALID'] })
  for (const series of comparison.series)
    for (const m of series.metrics.filter((x) => x.gate && !x.absolute && /^p\d+$/.test(x.metric))) {
      const name = `${series.key} ${m.metric}`
      const margin = analysisMargin({ delta: m.delta, absolute: false })
      const entry = metrics.get(name) ?? { margin, byRun: [] }
      entry.byRun[r] = pairedSamples(results, series.key, m.metric, false).byRound
      metrics.set(name, entry)
    }
})

// Pooled within-run covariance over rounds every metric measured.
const names = [...metrics.keys()].sort()
const k = names.length
const cov = names.map(() => names.map(() => 0))
let freedom = 0
runs.forEach((_, r) => {
  const columns = names.map((n) => metrics.get(n)!.byRun[r] ?? [])
  const rounds = Math.min(...columns.map((c) => c.length))
  const rows: number[][] = []
  for (let i = 0; i < rounds; i++) {
    const row = columns.map((c) => c[i])
    if (row.every((v) => typeof v === 'number')) rows.push(row as number[])
  }
  if (rows.length < 2) return
  const means = names.map((_, j) => rows.reduce((s, row) => s + row[j]!, 0) / rows.length)
  for (const row of rows)
    for (let a = 0; a < k; a++)
      for (let b = 0; b < k; b++) cov[a]![b]! += (row[a]! - means[a]!) * (row[b]! - means[b]!)
  freedom += rows.length - 1
})
for (const row of cov) for (let b = 0; b < k; b++) row[b]! /= freedom
const sd = names.map((_, j) => Math.sqrt(cov[j]![j]!))
const varying = names.map((_, j) => j).filter((j) => sd[j]! > 1e-9)

function cholesky(m: number[][]): number[][] {
  const n = m.length
  const l = m.map(() => new Array<number>(n).fill(0))
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let sum = m[i]![j]!
      for (let p = 0; p < j; p++) sum -= l[i]![p]! * l[j]![p]!
      l[i]![j] = i === j ? Math.sqrt(Math.max(sum, 1e-18)) : sum / l[j]![j]!
    }
  return l
}
const corr = varying.map((a) => varying.map((b) => cov[a]![b]! / (sd[a]! * sd[b]!)))
const chol = cholesky(corr)

const random = seededRandom(42)
const uniform = () => 1 - random()
const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform())

/** Probability that every varying metric's z-test settles after n rounds of unchanged code. */
function jointSettling(n: number): number {
  // Standardized: metric j settles when its mean, in units of σ_j/√n, is below margin·√n/σ_j − z.
  const limits = varying.map((j) => (metrics.get(names[j]!)!.margin * Math.sqrt(n)) / sd[j]! - Z)
  let settled = 0
  for (let draw = 0; draw < DRAWS; draw++) {
    const z = varying.map(() => gaussian())
    const ok = chol.every((row, i) => row.reduce((s, c, p) => s + c * z[p]!, 0) < limits[i]!)
    if (ok) settled++
  }
  return settled / DRAWS
}

console.log(
  `${runs.length} runs, ${freedom} degrees of freedom within runs, ${varying.length} varying gated metrics`,
)
console.log(`| metric | per-round SD | ${roundCounts.map((n) => `settles at ${n}`).join(' | ')} |`)
console.log(`|---|---:|${roundCounts.map(() => '---:').join('|')}|`)
for (const j of varying) {
  const { margin } = metrics.get(names[j]!)!
  const cells = roundCounts.map(
    (n) => `${(100 * normalCdf((margin * Math.sqrt(n)) / sd[j]! - Z)).toFixed(0)}%`,
  )
  console.log(`| ${names[j]} | ${(100 * sd[j]!).toFixed(1)}% | ${cells.join(' | ')} |`)
}
console.log(
  `| every metric at once | | ${roundCounts.map((n) => `${(100 * jointSettling(n)).toFixed(0)}%`).join(' | ')} |`,
)
