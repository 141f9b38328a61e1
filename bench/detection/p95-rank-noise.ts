// How well the report's request-count rule reads a p95's rank noise (src/decide/sample-size.ts), by
// simulation (seeded): per latency shape and requests per trial, how much one round's p95 log-ratio
// moves by sampling alone (robustly, 1.4826 × MAD over √2, as ranks read rounds; and its SD), against
// what a trial's own summary says: its p95 rank noise read from its quantiles at 0.95 ∓ one
// binomial SD of the rank, and the p90–p99 slope results files of 1.0.0 had to use; the median over single trials and
// the 10th–90th percentiles of round 1's reading (two trials), which trial-length auto acts on.
// For the same reading on recorded runs, see bench/detection/round-spread.ts (its p95 rows).
//   node --import tsx bench/detection/p95-rank-noise.ts [draws=2000]
import { median } from '../../src/decide/stats/basic'
import { latencyShapes, robustSd, simulatedTrial } from '../../testkit/latency-shapes'

const draws = Number(process.argv[2] ?? 2000)
const sd = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1))
}
const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const range = (sorted: number[]) =>
  [0.1, 0.9].map((p) => pct(sorted[Math.floor(p * sorted.length)]!)).join('–')

const rows = [
  '| latencies | requests | truth (robust / SD) | quantiles around p95: median, round 1 | p90–p99 slope: median, round 1 |',
  '|---|---:|---:|---:|---:|',
]
for (const [shape, draw] of Object.entries(latencyShapes())) {
  for (const n of [150, 600, 2000]) {
    const trials = Array.from({ length: 2 * draws }, () => simulatedTrial(draw, n))
    const rounds = trials.slice(0, draws).map((t, i) => t.logP95 - trials[draws + i]!.logP95)
    const read = (pick: (t: (typeof trials)[number]) => number) => {
      const firstRound = trials.slice(0, draws).map((t, i) => (pick(t) + pick(trials[draws + i]!)) / 2)
      return `${pct(median(trials.map(pick))!)}, ${range(firstRound.sort((a, b) => a - b))}`
    }
    rows.push(
      `| ${shape} | ${n} | ${pct(robustSd(rounds) / Math.SQRT2)} / ${pct(sd(rounds) / Math.SQRT2)} | ` +
        `${read((t) => t.quantiles)} | ${read((t) => t.slope)} |`,
    )
  }
}
process.stdout.write(`Per trial, as a share of the p95; ${draws} rounds a row:\n\n${rows.join('\n')}\n`)
