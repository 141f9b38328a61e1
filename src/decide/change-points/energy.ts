/**
 * The E-Divisive split candidate (Matteson & James 2014) as Apache Otava computes it: within
 * `values[start:end]`, the split τ and the end κ that maximise the energy statistic
 *   Q(X, Y) = 2/(m+n)·Σ|Xi−Yj| − 2m/((m+n)(n−1))·Σ|Xi−Xk| − 2n/((m+n)(m−1))·Σ|Yj−Yk|
 * for X = values[start:τ], Y = values[τ:κ]. Ties go to the smallest τ, then the smallest κ.
 */
export interface SplitCandidate {
  /** First index of the right-hand segment. */
  index: number
  qhat: number
}

export function bestSplit(values: readonly number[], start: number, end: number): SplitCandidate | null {
  if (end - start < 2) return null
  let best: SplitCandidate | null = null
  let withinLeft = 0
  for (let tau = start + 1; tau < end; tau++) {
    const n = tau - start
    for (let i = start; i < tau - 1; i++) withinLeft += Math.abs(values[i]! - values[tau - 1]!)
    let cross = 0
    let withinRight = 0
    for (let kappa = tau + 1; kappa <= end; kappa++) {
      const added = values[kappa - 1]!
      for (let i = start; i < tau; i++) cross += Math.abs(values[i]! - added)
      for (let j = tau; j < kappa - 1; j++) withinRight += Math.abs(values[j]! - added)
      const m = kappa - tau
      const q =
        (2 / (m + n)) * cross -
        (n > 1 ? ((2 * m) / ((m + n) * (n - 1))) * withinLeft : 0) -
        (m > 1 ? ((2 * n) / ((m + n) * (m - 1))) * withinRight : 0)
      if (!best || q > best.qhat) best = { index: tau, qhat: q }
    }
  }
  return best
}
