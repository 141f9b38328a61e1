import { normalCdf, normalQuantile, sorted } from '../../src/decide/stats/basic'

/** Above this many pairs the signed-rank distribution is replaced by its normal approximation. */
export const EXACT_LIMIT = 50

export interface OneSampleResult {
  /** Hodges–Lehmann estimate: the median of the Walsh averages. */
  estimate: number
  /** Confidence interval from inverting the signed-rank test; infinite where n is too small. */
  low: number
  high: number
  /** Achieved confidence level (the exact distribution is discrete). */
  level: number
  /** Two-sided p-value of the signed-rank test of "centred on 0". */
  p: number
  n: number
}

/** counts[t] = number of sign assignments of ranks 1..n with positive-rank sum t. */
function signedRankCounts(n: number): Float64Array {
  const max = (n * (n + 1)) / 2
  const counts = new Float64Array(max + 1)
  counts[0] = 1
  for (let k = 1; k <= n; k++) {
    for (let t = max; t >= k; t--) counts[t]! += counts[t - k]!
  }
  return counts
}

const cdfCache = new Map<number, Float64Array>()

/** P(T⁺ ≤ t) for t = 0..n(n+1)/2 under the null hypothesis. */
function signedRankCdf(n: number): Float64Array {
  let cdf = cdfCache.get(n)
  if (!cdf) {
    const counts = signedRankCounts(n)
    const total = 2 ** n
    cdf = new Float64Array(counts.length)
    let running = 0
    counts.forEach((c, t) => {
      running += c
      cdf![t] = running / total
    })
    cdfCache.set(n, cdf)
  }
  return cdf
}

function walshAverages(values: readonly number[]): number[] {
  const walsh: number[] = []
  for (let i = 0; i < values.length; i++) {
    for (let j = i; j < values.length; j++) walsh.push((values[i]! + values[j]!) / 2)
  }
  return sorted(walsh)
}

/** Midranks of |d| for the non-zero differences, and the tie groups' sizes. */
function ranksOfAbs(values: readonly number[]): { ranks: number[]; ties: number[] } {
  const order = values.map((v, i) => [Math.abs(v), i] as const).sort((a, b) => a[0] - b[0])
  const ranks = new Array<number>(values.length)
  const ties: number[] = []
  for (let i = 0; i < order.length;) {
    let j = i
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++
    const rank = (i + j + 2) / 2
    for (let k = i; k <= j; k++) ranks[order[k]![1]] = rank
    if (j > i) ties.push(j - i + 1)
    i = j + 1
  }
  return { ranks, ties }
}

/**
 * Signed-rank p-value. Zero differences are dropped (Wilcoxon's convention). Exact when n ≤ 50
 * and there are no ties among |d|; otherwise the normal approximation with tie correction and
 * continuity correction.
 */
export function signedRankP(differences: readonly number[]): number {
  const nonZero = differences.filter((d) => d !== 0)
  const n = nonZero.length
  if (n === 0) return 1
  const { ranks, ties } = ranksOfAbs(nonZero)
  const tPlus = nonZero.reduce((sum, d, i) => (d > 0 ? sum + ranks[i]! : sum), 0)
  if (n <= EXACT_LIMIT && ties.length === 0) {
    // Without ties T⁺ is an integer: P(T⁺ ≤ t) and P(T⁺ ≥ t) = 1 − P(T⁺ ≤ t − 1).
    const cdf = signedRankCdf(n)
    const lower = cdf[tPlus]!
    const upper = 1 - (tPlus >= 1 ? cdf[tPlus - 1]! : 0)
    return Math.min(1, 2 * Math.min(lower, upper))
  }
  const mean = (n * (n + 1)) / 4
  const tieCorrection = ties.reduce((sum, t) => sum + (t ** 3 - t), 0) / 48
  const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieCorrection)
  if (sd === 0) return 1
  const z = (Math.abs(tPlus - mean) - 0.5) / sd
  return Math.min(1, 2 * (1 - normalCdf(Math.max(0, z))))
}

/**
 * Hodges–Lehmann estimate with the confidence interval that inverts the Wilcoxon signed-rank
 * test (Hollander & Wolfe §3.2): [W₍k₎, W₍M+1−k₎] over the M = n(n+1)/2 sorted Walsh averages,
 * k the largest integer with P(T⁺ ≤ k−1) ≤ α/2. With n < 6 no such k exists at α = 0.05 and
 * the interval is unbounded: such a run can never be significant.
 */
export function signedRankInterval(differences: readonly number[], confidence = 0.95): OneSampleResult {
  const n = differences.length
  const walsh = walshAverages(differences)
  const m = walsh.length
  const estimate = n === 0 ? Number.NaN : m % 2 ? walsh[m >> 1]! : (walsh[m / 2 - 1]! + walsh[m / 2]!) / 2
  const alpha = 1 - confidence
  let k = 0
  let level = 1
  if (n > 0 && n <= EXACT_LIMIT) {
    const cdf = signedRankCdf(n)
    while (k + 1 <= m && cdf[k]! <= alpha / 2) k++
    level = k > 0 ? 1 - 2 * cdf[k - 1]! : 1
  } else if (n > EXACT_LIMIT) {
    const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24)
    k = Math.max(0, Math.floor(m / 2 - normalQuantile(1 - alpha / 2) * sd))
    level = confidence
  }
  const low = k > 0 ? walsh[k - 1]! : -Infinity
  const high = k > 0 ? walsh[m - k]! : Infinity
  return { estimate, low, high, level, p: signedRankP(differences), n }
}
