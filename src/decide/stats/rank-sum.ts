import { normalCdf, normalQuantile, sorted } from './basic'
import type { OneSampleResult } from './sign-flip'

const EXACT_LIMIT = 400

/** counts[u] of the Mann–Whitney U statistic for sample sizes m and n (no ties). */
function mannWhitneyCounts(m: number, n: number): Float64Array {
  // f[j][u]: arrangements of i x-values and j y-values with U = u, built up over i.
  let previous: Float64Array[] = Array.from({ length: n + 1 }, () => {
    const row = new Float64Array(m * n + 1)
    row[0] = 1
    return row
  })
  for (let i = 1; i <= m; i++) {
    const current: Float64Array[] = [new Float64Array(m * n + 1)]
    current[0]![0] = 1
    for (let j = 1; j <= n; j++) {
      const row = new Float64Array(m * n + 1)
      for (let u = 0; u <= i * j; u++) {
        row[u] = (u >= j ? previous[j]![u - j]! : 0) + current[j - 1]![u]!
      }
      current.push(row)
    }
    previous = current
  }
  return previous[n]!
}

/**
 * Two-sample Hodges–Lehmann shift (median of all y − x) with the interval that inverts the
 * Mann–Whitney test: [D₍k₎, D₍mn+1−k₎]. Exact for small samples, normal approximation above.
 * Used for `baseline: stored`, where head trials and stored base trials are not paired.
 */
export function rankSumInterval(
  x: readonly number[],
  y: readonly number[],
  confidence = 0.95,
): OneSampleResult {
  const m = x.length
  const n = y.length
  const diffs: number[] = []
  for (const a of x) for (const b of y) diffs.push(b - a)
  const d = sorted(diffs)
  const total = d.length
  const estimate =
    total === 0 ? Number.NaN : total % 2 ? d[total >> 1]! : (d[total / 2 - 1]! + d[total / 2]!) / 2
  const alpha = 1 - confidence
  let k = 0
  let level = 1
  let pGreater = 1
  let pLess = 1
  // Ties count against rejection on both sides, as the interval counts them: p and interval agree.
  let greater = 0
  let less = 0
  for (const a of x)
    for (const b of y) {
      if (b > a) greater++
      else if (b < a) less++
    }
  if (total > 0 && m * n <= EXACT_LIMIT) {
    const counts = mannWhitneyCounts(m, n)
    const all = counts.reduce((s, c) => s + c, 0)
    const cdf = new Float64Array(counts.length)
    let running = 0
    counts.forEach((c, i) => {
      running += c
      cdf[i] = running / all
    })
    while (k + 1 <= total && cdf[k]! <= alpha / 2) k++
    level = k > 0 ? 1 - 2 * cdf[k - 1]! : 1
    const atLeast = (u: number) => 1 - (u >= 1 ? cdf[u - 1]! : 0)
    pGreater = atLeast(greater)
    pLess = atLeast(less)
  } else if (total > 0) {
    const sd = Math.sqrt((m * n * (m + n + 1)) / 12)
    k = Math.max(0, Math.floor(total / 2 - normalQuantile(1 - alpha / 2) * sd))
    level = confidence
    const atLeast = (u: number) => (sd === 0 ? 1 : 1 - normalCdf((u - 0.5 - total / 2) / sd))
    pGreater = atLeast(greater)
    pLess = atLeast(less)
  }
  return {
    estimate,
    low: k > 0 ? d[k - 1]! : -Infinity,
    high: k > 0 ? d[total - k]! : Infinity,
    level,
    pGreater,
    pLess,
    p: Math.min(1, 2 * Math.min(pGreater, pLess)),
    n: Math.min(m, n),
  }
}
