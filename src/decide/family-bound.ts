import { familyScores } from './paired-test'
import { maxTAdjusted } from './stats/max-t'
import type { MetricThreshold } from '../model/types'
import { analysisMargin } from './rules'

/** What the family test needs of a gated metric: its rule and its differences by round. */
type Member = { threshold: MetricThreshold; byRound: readonly (number | null)[] }

/** Bisection steps: the bound to within 2⁻¹⁴ of δ/2, far finer than a printed percent. */
const STEPS = 14

/**
 * A likely-over-δ metric's family-wise bound, on the analysis scale, as a worsening: how much worse
 * than the base the family-wise test of the gated metrics (the maxT of REGRESSION, the other metrics
 * shifted by their δ/2 as there) still shows it to be. It is what the verdict used: the metric's own
 * interval is beyond δ/2, the family-wise test is not, so this bound lies in [0, δ/2) — the
 * report shows it next to the metric's own interval, so that neither reads as contradicting the
 * verdict. Found by bisection between 0 (what the family showed: worse at all) and δ/2 (what it
 * did not); a bound the test still rejects, so it never claims more than the test showed.
 */
export function familyWiseBound<M extends Member>(gated: M[], metric: M, alpha: number): number {
  const index = gated.indexOf(metric)
  const half = (m: M) => analysisMargin(m.threshold, 1 / 2)
  const sign = (m: M) => (m.threshold.direction === 'lower' ? 1 : -1)
  const shifted = (m: M, shift: number) =>
    familyScores(
      m.byRound.map((d) => (d === null ? null : sign(m) * d - shift)),
      m.threshold.absolute,
    )
  const others = gated.map((m) => shifted(m, half(m)))
  const rejects = (shift: number) => {
    others[index] = shifted(metric, shift)
    return maxTAdjusted(others)[index]! <= alpha
  }
  let low = 0
  let high = half(metric)
  if (index < 0 || !rejects(low)) return 0
  for (let step = 0; step < STEPS; step++) {
    const middle = (low + high) / 2
    if (rejects(middle)) low = middle
    else high = middle
  }
  return low
}
