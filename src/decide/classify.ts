import { formatAlpha, formatChange } from '../model/format'
import type { MetricThreshold, MetricVerdict } from '../model/types'
import { roundsForMargin } from './settling'
import { minimumPairs } from './plan'
import { analysisMargin } from './rules'
import { normalQuantile } from './stats/basic'
import type { OneSampleResult } from './stats/sign-flip'

export interface Classification {
  verdict: MetricVerdict
  note?: string
  roundsToDecide?: number
}

/**
 * A metric's family-wise adjusted one-sided p-values: `bad` of "worse by more than δ/2" (REGRESSION),
 * `worse` of "worse at all" (LIKELY_OVER_DELTA) and `good` of "better" (IMPROVEMENT).
 */
export interface AdjustedP {
  bad: number
  worse: number
  good: number
}

/** Back from the analysis scale to a change: log-ratios become relative changes. */
export function fromAnalysis(t: MetricThreshold, value: number): number {
  return t.absolute ? value : Math.expm1(value)
}

/**
 * One metric's verdict, so that δ means the tolerance a team set, whatever the day's noise:
 * - NO CHANGE: a worsening of δ is ruled out (the one-sided upper bound is under δ). It takes
 *   precedence, so a true change of δ or more ends here in at most α of runs, over all looks.
 *   Every gated metric must show it on its own (an intersection–union test): no correction for
 *   their number, nor for the benchmarks of the job. A real worsening of δ/2 or more is named in a note.
 * - REGRESSION: worse by more than δ/2 beyond doubt — the family-wise test of d − δ/2 (`adjusted.bad`),
 *   at the level of each look. A true change of δ/2 or less blocks in at most α of runs, at any noise.
 * - IMPROVEMENT: better beyond doubt, family-wise, by more than δ as estimated, and by the metric's
 *   own interval (the one its row shows): the family's test and the rank interval can disagree
 *   near the edge, and a row that says "improved" beside an interval reaching 0 says two things.
 * - LIKELY_OVER_DELTA: none of these, worse by more than δ/2 beyond doubt by the metric's own
 *   interval (the look's level, as NO CHANGE), worse at all family-wise (`adjusted.worse`), and the
 *   estimate reaches ¾δ. A test of "δ/2 or less", not of "no change": `fail-on` can block on it, and
 *   a true change of δ/2 earns it (or REGRESSION, which needs the same interval) in at most α of runs
 *   over all looks; however many metrics are gated, an unchanged head lands here in at most α. The
 *   rounds it would take are an estimate from a selected (so inflated) change: a floor.
 * - INCONCLUSIVE: none of these yet. With δ = 0 every worsening is one to rule out, which no run
 *   can do: a metric not worse beyond doubt at the last look stays INCONCLUSIVE (a failure to
 *   reject is no evidence of no change); it is NO CHANGE only where its interval ends at or below 0.
 */
export function classify(
  t: MetricThreshold,
  stats: OneSampleResult,
  adjusted: AdjustedP,
  family: number,
  alpha: number,
  finalLook: boolean,
): Classification {
  const margin = analysisMargin(t)
  const half = analysisMargin(t, 1 / 2)
  const bad = t.direction === 'lower' ? 1 : -1
  const est = bad * stats.estimate
  const lowBad = Math.min(bad * stats.low, bad * stats.high)
  const highBad = Math.max(bad * stats.low, bad * stats.high)
  const worse = adjusted.bad <= alpha
  const better = adjusted.good <= alpha
  const change = (value: number) => formatChange(fromAnalysis(t, bad * value), t.absolute)
  if (better && est < -margin && highBad < 0) return { verdict: 'IMPROVEMENT' }
  if (highBad < margin || (margin === 0 && highBad <= 0))
    return withinDelta(est, lowBad, highBad, half, change)
  if (worse) return { verdict: 'REGRESSION' }
  if (margin === 0 && finalLook && Number.isFinite(highBad))
    return {
      verdict: 'INCONCLUSIVE',
      note: `δ 0: not worse beyond doubt, yet can't rule out ${change(highBad)}`,
    }
  const needed = minimumPairs(alpha)
  if (stats.n < needed) {
    return {
      verdict: 'INCONCLUSIVE',
      note: `${stats.n} pairs can never be significant at α ${formatAlpha(alpha)}: at least ${needed} are needed`,
    }
  }
  // Shown beyond δ/2 by its own test (at the look's level, as NO CHANGE is), worse at all family-wise.
  const overHalf = lowBad > half && adjusted.worse <= alpha
  if (est >= analysisMargin(t, 3 / 4) && overHalf && Number.isFinite(highBad)) {
    const rounds = roundsToShow(stats, est - half, alpha)
    return {
      verdict: 'LIKELY_OVER_DELTA',
      note:
        `likely over δ: ${change(est)} as estimated, beyond δ/2 on its own, not once corrected for ${family} gated metrics — ` +
        `${rounds} rounds or more would show it (from this estimate, which its selection overstates)`,
      roundsToDecide: rounds,
    }
  }
  if (!Number.isFinite(highBad))
    return { verdict: 'INCONCLUSIVE', note: 'the interval is unbounded: more rounds are needed' }
  return { verdict: 'INCONCLUSIVE', note: `can't rule out ${change(highBad)}` }
}

/** NO CHANGE, saying so when the metric is really worse by δ/2 or more, or really better. */
function withinDelta(
  est: number,
  lowBad: number,
  highBad: number,
  half: number,
  change: (value: number) => string,
): Classification {
  if (lowBad > 0 && est >= half)
    return { verdict: 'NO_CHANGE', note: `worse by ${change(est)}, but a change of δ is ruled out` }
  if (highBad < 0)
    return { verdict: 'NO_CHANGE', note: `better by ${change(est).replace(/^[−+]/, '')}: no regression` }
  return { verdict: 'NO_CHANGE' }
}

/**
 * About how many rounds a true worsening `shift` beyond δ/2 needs to be shown at this level (with
 * 90% power), from the noise this run measured: the interval's half-width is z·σ/√n.
 */
function roundsToShow(stats: OneSampleResult, shift: number, alpha: number): number {
  const z = normalQuantile(1 - (1 - stats.level) / 2)
  const sigma = (Math.sqrt(stats.n) * (stats.high - stats.low)) / (2 * z)
  return roundsForMargin(sigma, Math.max(shift, 1e-9), alpha)
}
