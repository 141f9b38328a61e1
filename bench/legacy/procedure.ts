// The gate's decision as it was before the sequential sign-flip procedure, kept only so that
// bench/sensitivity.ts can put the two side by side: two-sided Wilcoxon signed-rank tests with
// Hodges–Lehmann intervals, Holm over every gated metric (constant ones included), two looks at
// Pocock's two-sided 0.0294, and REGRESSION when significant with the estimate beyond δ.
import type { MetricVerdict } from '../../src/model/types'
import { holm } from '../../src/decide/stats/basic'
import { signedRankInterval } from './signed-rank'

export const LEGACY_LOOK_ALPHA = 0.0294

export interface GatedSeries {
  /** Differences on the analysis scale, bad side positive. */
  differences: number[]
  /** ln(1 + δ). */
  margin: number
}

function legacyClassify(
  stats: ReturnType<typeof signedRankInterval>,
  significant: boolean,
  margin: number,
  alpha: number,
): MetricVerdict {
  const needed = Math.ceil(Math.log2(2 / alpha) - 1e-9)
  const est = stats.estimate
  if (significant && stats.low > 0 && est > margin) return 'REGRESSION'
  if (significant && stats.high < 0 && est < -margin) return 'IMPROVEMENT'
  if (stats.low > -margin && stats.high < margin) return 'NO_CHANGE'
  if (stats.high < margin && est > -margin && stats.n >= needed) return 'NO_CHANGE'
  return 'INCONCLUSIVE'
}

/** The verdicts of one look, all gated metrics at once. */
export function legacyLook(family: GatedSeries[], alpha: number): MetricVerdict[] {
  const stats = family.map((m) => signedRankInterval(m.differences, 1 - alpha))
  const adjusted = holm(stats.map((s) => s.p))
  return family.map((m, i) => legacyClassify(stats[i]!, adjusted[i]! <= alpha, m.margin, alpha))
}
