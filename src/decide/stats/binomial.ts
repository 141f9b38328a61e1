import { incompleteBeta } from './student-t'

/** Failed requests out of requests, pooled over the rounds both arms measured. */
export interface FailureCounts {
  failed: number
  requests: number
}

/** The p where `increasing(p)` reaches `target`, by bisection on [0, 1]. */
function solve(increasing: (p: number) => number, target: number): number {
  let low = 0
  let high = 1
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2
    if (increasing(mid) < target) low = mid
    else high = mid
  }
  return (low + high) / 2
}

/**
 * Clopper–Pearson's exact one-sided bounds of a failure rate, each at level 1 − `alpha`: the
 * largest rate under which `failed` or fewer were as likely as α, and the smallest under which
 * `failed` or more were. Pooled over rounds whose rates differ, the count is a sum of binomials of
 * different rates, which spreads no more than one binomial of their mean rate (Hoeffding): the
 * bounds of the request-weighted mean rate stay exact or conservative.
 */
export function rateBounds(counts: FailureCounts, alpha: number): { low: number; high: number } {
  const { failed, requests } = counts
  if (requests <= 0) return { low: 0, high: 1 }
  const k = Math.min(Math.max(0, Math.round(failed)), requests)
  const high = k >= requests ? 1 : solve((p) => incompleteBeta(p, k + 1, requests - k), 1 - alpha)
  const low = k <= 0 ? 0 : solve((p) => incompleteBeta(p, k, requests - k + 1), alpha)
  return { low, high }
}

/**
 * Exact bounds of head − base, the change of the failure rate, each one-sided at 1 − `alpha`: the
 * head's bound against the base's, α split between the two arms (Bonferroni). Where no errors
 * occurred the bound is still the rate that few requests cannot rule out (3/n at 0 of n, about).
 */
export function rateChangeBounds(
  base: FailureCounts,
  head: FailureCounts,
  alpha: number,
): { low: number; high: number } {
  const b = rateBounds(base, alpha / 2)
  const h = rateBounds(head, alpha / 2)
  return { low: h.low - b.high, high: h.high - b.low }
}
