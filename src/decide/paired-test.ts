import { median } from './stats/basic'
import { rateChangeBounds, type FailureCounts } from './stats/binomial'
import { signFlipInterval, type OneSampleResult } from './stats/sign-flip'
import { signedRankInterval } from './stats/signed-rank'

/**
 * The paired test a metric's per-round differences get, in one place.
 * - Relative metrics (latencies, throughput; the differences are log-ratios): Wilcoxon's signed-rank
 *   test and its Hodges–Lehmann estimate, the typical round's change. On a CPU-bound service a third
 *   of the rounds can have one arm's whole trial 10–50% slower, on either side at random: ranked,
 *   such a round widens the interval a little instead of dragging the estimate.
 *   Their family test (maxT) flips the differences clipped at twice their typical size (familyScores).
 * - Absolute metrics (error rates, in points): the mean difference and its sign-flip test. Errors
 *   come in a few rounds, and their mean is the change in the share of failed requests; ranks would
 *   let the rounds without errors outvote them. Where the failed and total requests are known
 *   (`counts`, an error rate), the upper bound is the larger of the sign-flip one and the exact
 *   binomial one on the counts pooled over the same rounds: the sign-flip interval inverts a shift
 *   of every round alike, so rounds without a single error give [0, 0] however few requests they
 *   made, and NO CHANGE would be read from requests too few to show δ.
 */
export function pairedInterval(
  differences: readonly number[],
  absolute: boolean,
  alpha: number,
  counts?: PairedCounts,
): OneSampleResult {
  if (!absolute) return signedRankInterval(differences, alpha)
  const flips = signFlipInterval(differences, alpha)
  if (!counts || differences.length === 0) return flips
  // Only the end that rules out a rise: the low end decides a REGRESSION only beside the family's
  // exact test, which needs no widening, and widened it would cost that test its power.
  const exact = rateChangeBounds(counts.base, counts.head, alpha)
  return { ...flips, high: Math.max(flips.high, exact.high) }
}

/** Each arm's failed and total requests over the rounds that measured both. */
export interface PairedCounts {
  base: FailureCounts
  head: FailureCounts
}

/** A far-out round weighs at most this many times the typical size of a metric's differences. */
const CLIP_FACTOR = 2

/**
 * What the family's maxT flips for one metric, round by round: a relative metric's differences
 * clipped at twice their median size, an absolute one's as they are. The median size is the same
 * under every flip, so the test stays exact; a round where one arm's whole trial ran 40% slower
 * then counts as twice a typical round, not as twenty. The values stay continuous (ranks would not:
 * every metric's ranks reach the same largest statistic, so one metric that stands out would no
 * longer reach 2⁻ⁿ in a family).
 */
export function familyScores(values: readonly (number | null)[], absolute: boolean): (number | null)[] {
  const sizes = values.filter((v): v is number => v !== null).map(Math.abs)
  const typical = median(sizes)
  if (absolute || !typical) return [...values]
  const limit = CLIP_FACTOR * typical
  return values.map((v) => (v === null ? null : Math.max(-limit, Math.min(limit, v))))
}
