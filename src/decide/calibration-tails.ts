import type { Calibration, NoiseRow, TailRelief } from '../model/calibration'
import { analysisMargin } from './rules'
import { roundsForMargin, roundsPlan, settlingPower } from './settling'

// Which tails to gate: the cheapest change of what a plan gates, priced in rounds. The p50s and
// error rates are the gate's core; a tail percentile of an endpoint with few requests is often the
// one metric that holds unchanged code past the first look.

const TAILS: ReadonlySet<string> = new Set(['p90', 'p95', 'p99'])

/** Per row of `kept`: the rounds by which it settles when these are every gated metric (see roundsForMargin). */
function roundsNeeded(kept: readonly NoiseRow[], alpha: number): number[] {
  const power = settlingPower(kept.map((row) => row.sigma))
  return kept.map((row) => roundsForMargin(row.sigma, analysisMargin(row), alpha, power))
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
    const needed = roundsNeeded(
      kept.map((k) => k.row),
      c.alpha,
    )
    const most = Math.max(...needed)
    const costliest = needed.indexOf(most)
    if (most <= c.minRounds || !TAILS.has(kept[costliest]!.row.metric) || kept.length === 1)
      return informational.length ? { informational, roundsNeeded: most, ...roundsPlan(most, c) } : null
    informational.push(kept[costliest]!.index)
    kept.splice(costliest, 1)
  }
}
