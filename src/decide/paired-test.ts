import { signFlipInterval, type OneSampleResult } from './stats/sign-flip'
import { signedRankInterval, signedRanks } from './stats/signed-rank'

/**
 * The paired test a metric's per-round differences get, in one place.
 * - Relative metrics (latencies, throughput; the differences are log-ratios): Wilcoxon's signed-rank
 *   test and its Hodges–Lehmann estimate, the typical round's change. On a CPU-bound service a third
 *   of the rounds can have one arm's whole trial 10–50% slower, on either side at random: ranked,
 *   such a round widens the interval a little instead of dragging the estimate.
 * - Absolute metrics (error rates, in points): the mean difference and its sign-flip test. Errors
 *   come in a few rounds, and their mean is the change in the share of failed requests; ranks would
 *   let the rounds without errors outvote them.
 */
export function pairedInterval(
  differences: readonly number[],
  absolute: boolean,
  alpha: number,
): OneSampleResult {
  return absolute ? signFlipInterval(differences, alpha) : signedRankInterval(differences, alpha)
}

/** What the family's maxT flips for one metric, round by round: its signed ranks, or its differences. */
export function flipScores(values: readonly (number | null)[], absolute: boolean): (number | null)[] {
  return absolute ? [...values] : signedRanks(values)
}
