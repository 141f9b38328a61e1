import type { Calibration, NoiseRow, TailRelief } from '../model/calibration'
import { analysisMargin } from './rules'
import { roundsForMargin, roundsPlan, settlingPower } from './settling'

// Which tails to gate: the cheapest change of what a plan gates, priced in rounds. The p50s and
// error rates are the gate's core; a tail percentile of an endpoint with few requests is often the
// one metric that holds unchanged code past the first look.

const TAILS: ReadonlySet<string> = new Set(['p90', 'p95', 'p99'])

/**
 * Per row of `kept`: the rounds by which it settles when these are every gated metric (see
 * roundsForMargin), at σ's typical value and at its planning value (noise-history.ts), as calibrate plans.
 */
function roundsNeeded(kept: readonly NoiseRow[], alpha: number, at: 'typicalSigma' | 'planSigma'): number[] {
  const power = settlingPower(kept.map((row) => row.sigma))
  return kept.map((row) => roundsForMargin(row[at] ?? row.sigma, analysisMargin(row), alpha, power))
}

/**
 * The tails made informational, costliest first, for as long as a tail is what needs the most
 * rounds and the plan's first look falls short; and the plan whose first look settles what stays
 * gated. With fewer gated metrics each settles with more power (the runs' misses split over
 * fewer) at the same level. One gated metric always stays. Null when no tail holds the plan back.
 */
export function tailRelief(
  c: Pick<Calibration, 'rows' | 'alpha' | 'minRounds' | 'maxRounds'>,
): TailRelief | null {
  const kept = c.rows.map((row, index) => ({ row, index }))
  const informational: number[] = []
  for (;;) {
    const rows = kept.map((k) => k.row)
    const needed = roundsNeeded(rows, c.alpha, 'typicalSigma')
    const most = Math.max(...needed)
    const costliest = needed.indexOf(most)
    if (most <= c.minRounds || !TAILS.has(kept[costliest]!.row.metric) || kept.length === 1) {
      if (informational.length === 0) return null
      const last = Math.max(...roundsNeeded(rows, c.alpha, 'planSigma'))
      return { informational, roundsNeeded: most, ...roundsPlan(most, c, last) }
    }
    informational.push(kept[costliest]!.index)
    kept.splice(costliest, 1)
  }
}
