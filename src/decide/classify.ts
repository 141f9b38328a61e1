import { formatChange } from '../model/format'
import type { MetricComparison, MetricThreshold, MetricVerdict } from '../model/types'
import { minimumPairs } from './plan'
import { analysisMargin } from './rules'
import type { OneSampleResult } from './stats/sign-flip'

export interface Classification {
  verdict: MetricVerdict
  note?: string
}

/** A metric's family-wise adjusted one-sided p-values, on the bad and on the good side. */
export interface AdjustedP {
  bad: number
  good: number
}

/** Back from the analysis scale to a change: log-ratios become relative changes. */
export function fromAnalysis(t: MetricThreshold, value: number): number {
  return t.absolute ? value : Math.expm1(value)
}

/**
 * One metric's verdict. The gate's question is whether the head could be worse by the rule's minimum
 * effect δ:
 * - REGRESSION: worse beyond doubt (the family-wise one-sided test) and a slowdown of δ is not ruled
 *   out (the one-sided upper bound reaches δ). Before the last look the estimate itself must reach δ,
 *   so a real but smaller change gets the remaining rounds to show whether it stays under δ.
 * - NO CHANGE: a slowdown of δ is ruled out (the upper bound is under δ) — the head is within tolerance.
 *   Every gated metric must show it on its own, so no correction for their number is needed. A real
 *   slowdown of δ/2 or more is named in a note (and the headline).
 * - IMPROVEMENT: better beyond doubt, family-wise, by more than δ as estimated.
 * - INCONCLUSIVE: none of these yet.
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
  const bad = t.direction === 'lower' ? 1 : -1
  const est = bad * stats.estimate
  const lowBad = Math.min(bad * stats.low, bad * stats.high)
  const highBad = Math.max(bad * stats.low, bad * stats.high)
  const worse = adjusted.bad <= alpha
  const better = adjusted.good <= alpha
  const change = (value: number) => formatChange(fromAnalysis(t, bad * value), t.absolute)
  if (worse && highBad >= margin && (finalLook || est >= margin)) return { verdict: 'REGRESSION' }
  if (worse && highBad >= margin) {
    return {
      verdict: 'INCONCLUSIVE',
      note: `worse by ${change(est)}, below δ as estimated: more rounds decide whether it stays under δ`,
    }
  }
  if (better && est < -margin) return { verdict: 'IMPROVEMENT' }
  if (highBad < margin) {
    // A real change of at least half of δ is worth a word; a smaller one is what "within δ" means.
    if (worse && est >= margin / 2)
      return { verdict: 'NO_CHANGE', note: `worse by ${change(est)}, but a change of δ is ruled out` }
    return { verdict: 'NO_CHANGE' }
  }
  const needed = minimumPairs(alpha)
  if (stats.n < needed) {
    return {
      verdict: 'INCONCLUSIVE',
      note: `${stats.n} pairs can never be significant at α ${round(alpha)}: at least ${needed} are needed`,
    }
  }
  if (!worse && lowBad > 0 && est >= margin) {
    return {
      verdict: 'INCONCLUSIVE',
      note: `${change(est)} is not significant once corrected for ${family} gated metrics: more rounds are needed`,
    }
  }
  if (!Number.isFinite(highBad))
    return { verdict: 'INCONCLUSIVE', note: 'the interval is unbounded: more rounds are needed' }
  return { verdict: 'INCONCLUSIVE', note: `can't rule out ${change(highBad)}` }
}

function round(alpha: number): number {
  return Number(alpha.toPrecision(3))
}

/** Whether the head median meets the rule's absolute target, when it has one. */
export function checkTarget(t: MetricThreshold, head: number | null): MetricComparison['target'] {
  if (!t.target) return undefined
  if (head === null) return { ...t.target, actual: null, pass: null }
  const { comparator, value } = t.target
  const pass =
    comparator === '<'
      ? head < value
      : comparator === '<='
        ? head <= value
        : comparator === '>'
          ? head > value
          : head >= value
  return { ...t.target, actual: head, pass }
}
