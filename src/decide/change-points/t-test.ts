import { incompleteBeta } from '../stats/student-t'

/** Two adjacent segments of a history compared: Otava's two-sided Student t-test on their means. */
export interface SegmentComparison {
  meanBefore: number
  meanAfter: number
  pValue: number
  /** After relative to before (0.18 = +18%). */
  change: number
  /** The larger of the forward and backward relative change, as Otava ranks change points. */
  magnitude: number
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length
}

/** Population standard deviation: Otava passes numpy's default (ddof 0) to the t-test, and so do we, to agree with it. */
function spread(values: readonly number[], centre: number): number {
  if (values.length < 2) return 0
  return Math.sqrt(values.reduce((sum, v) => sum + (v - centre) ** 2, 0) / values.length)
}

function relative(to: number, from: number): number {
  return from === 0 ? 0 : to / from - 1
}

export function compareSegments(before: readonly number[], after: readonly number[]): SegmentComparison {
  const meanBefore = mean(before)
  const meanAfter = mean(after)
  const n1 = before.length
  const n2 = after.length
  let pValue = 1
  if (n1 + n2 > 2) {
    const df = n1 + n2 - 2
    const s1 = spread(before, meanBefore)
    const s2 = spread(after, meanAfter)
    const pooled = ((n1 - 1) * s1 ** 2 + (n2 - 1) * s2 ** 2) / df
    const error = Math.sqrt(pooled * (1 / n1 + 1 / n2))
    if (error === 0) pValue = meanBefore === meanAfter ? 1 : 0
    else {
      const t = (meanAfter - meanBefore) / error
      // Two-sided tail straight from the incomplete beta: 1 − CDF would round p below 1e-16 to 0.
      pValue = incompleteBeta(df / (df + t * t), df / 2, 0.5)
    }
  }
  return {
    meanBefore,
    meanAfter,
    pValue,
    change: relative(meanAfter, meanBefore),
    magnitude: Math.max(Math.abs(relative(meanAfter, meanBefore)), Math.abs(relative(meanBefore, meanAfter))),
  }
}
