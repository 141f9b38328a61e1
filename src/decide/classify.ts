import { formatChange } from '../model/format'
import type { MetricComparison, MetricThreshold, MetricVerdict } from '../model/types'
import { minimumPairs } from './plan'
import { analysisMargin } from './rules'
import type { OneSampleResult } from './stats/signed-rank'

export interface Classification {
  verdict: MetricVerdict
  note?: string
}

/** Back from the analysis scale to a change: log-ratios become relative changes. */
export function fromAnalysis(t: MetricThreshold, value: number): number {
  return t.absolute ? value : Math.expm1(value)
}

/** One metric's verdict from its estimate and interval against the rule's minimum effect δ. */
export function classify(
  t: MetricThreshold,
  stats: OneSampleResult,
  significant: boolean,
  family: number,
  alpha: number,
): Classification {
  const needed = minimumPairs(alpha)
  const margin = analysisMargin(t)
  const bad = t.direction === 'lower' ? 1 : -1
  const est = bad * stats.estimate
  const lowBad = Math.min(bad * stats.low, bad * stats.high)
  const highBad = Math.max(bad * stats.low, bad * stats.high)
  if (significant && lowBad > 0 && est > margin) return { verdict: 'REGRESSION' }
  if (significant && highBad < 0 && est < -margin) return { verdict: 'IMPROVEMENT' }
  if (stats.low > -margin && stats.high < margin) return { verdict: 'NO_CHANGE' }
  // The gate asks whether the head could be worse by δ. An interval that rules that out, around an
  // estimate within ±δ, is no change — even where it cannot yet rule out an improvement beyond δ.
  if (highBad < margin && est > -margin && stats.n >= needed) {
    const best = fromAnalysis(t, bad * lowBad)
    return {
      verdict: 'NO_CHANGE',
      note: `a regression is ruled out; an improvement up to ${formatChange(best, t.absolute)} is not`,
    }
  }
  if (stats.n < needed) {
    return {
      verdict: 'INCONCLUSIVE',
      note: `${stats.n} pairs can never be significant at α ${alpha}: at least ${needed} are needed`,
    }
  }
  if (!significant && (lowBad > 0 || highBad < 0) && Math.abs(est) > margin) {
    return {
      verdict: 'INCONCLUSIVE',
      note: `${formatChange(fromAnalysis(t, stats.estimate), t.absolute)} is not significant once corrected for ${family} gated metrics: more rounds are needed`,
    }
  }
  const worst = fromAnalysis(t, bad * highBad)
  if (!Number.isFinite(worst))
    return { verdict: 'INCONCLUSIVE', note: 'the interval is unbounded: more rounds are needed' }
  return { verdict: 'INCONCLUSIVE', note: `can't rule out ${formatChange(worst, t.absolute)}` }
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
