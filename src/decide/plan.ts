import { ALL_REQUESTS } from '../model/metrics'
import type { FailOn, MetricThreshold, ResultsFile } from '../model/types'
import { thresholdsForSeries } from './rules'
import { planLooks, pocockLevel } from './sequential'

/** The family-wise, one-sided false-REGRESSION rate a run is planned for, over all its looks. */
export const ALPHA = 0.05

export interface CompareOptions {
  failOn: FailOn[]
}

/**
 * The level of each look of a plan: Pocock's constant level over its looks, plain α with one look.
 * Benchmarks gated by one job share α (Bonferroni), so the job's own false-alarm rate stays 5%.
 */
export function lookAlpha(minRounds: number, maxRounds: number, benchmarks = 1): number {
  return pocockLevel(planLooks(minRounds, maxRounds), ALPHA / benchmarks)
}

/** The level of each look of the run's plan. */
export function alphaFor(results: ResultsFile): number {
  const { minRounds, maxRounds, benchmarks } = results.settings
  return lookAlpha(minRounds, maxRounds, benchmarks ?? 1)
}

/** The fewest pairs whose smallest one-sided sign-flip p, 2⁻ⁿ, reaches α: ⌈log₂(1/α)⌉. */
export function minimumPairs(alpha: number): number {
  return Math.ceil(Math.log2(1 / alpha) - 1e-9)
}

/**
 * The smallest family-wise adjusted p that `rounds` pairs can reach. The step-down maxT adjustment
 * reaches 2⁻ⁿ for a metric that stands out whatever the size of the family; the family only
 * matters for metrics that do not stand out, which no plan can promise anything about.
 */
export function smallestAdjustedP(rounds: number): number {
  return 2 ** -rounds
}

/**
 * How many gated metrics every run of these rules has at least: those of the aggregate series, and
 * those of one request series whatever its name (a metric gated by a catch-all rule that no
 * informational rule could override). The endpoints a script has are known only once it ran.
 */
export function smallestGatedFamily(thresholds: readonly MetricThreshold[]): number {
  const builtIn = thresholds.filter((t) => !t.metric.startsWith('custom:'))
  const aggregate = thresholdsForSeries(ALL_REQUESTS, builtIn).filter((t) => t.gate).length
  const metrics = new Set(builtIn.map((t) => t.metric))
  let endpoint = 0
  for (const metric of metrics) {
    const rules = builtIn.filter((t) => t.metric === metric && t.series !== ALL_REQUESTS)
    const catchAll = rules.some((t) => t.gate && /^\*+$/.test(t.series))
    if (catchAll && rules.every((t) => t.gate)) endpoint++
  }
  return aggregate + endpoint
}

export interface PlanReach {
  /** The level of the last look. */
  alpha: number
  family: number
  /** The smallest Holm-adjusted p the last look (max-rounds) can reach. */
  smallestP: number
  /** Whether a significant regression can ever be found. */
  canBlock: boolean
  /** The fewest max-rounds (with this min-rounds) whose last look can reach α. */
  workableMaxRounds: number
}

/** What a plan of rounds can decide for a family of gated metrics, before anything is measured. */
export function planReach(minRounds: number, maxRounds: number, family: number, benchmarks = 1): PlanReach {
  const alpha = lookAlpha(minRounds, maxRounds, benchmarks)
  const smallestP = smallestAdjustedP(maxRounds)
  let workable = Math.max(minRounds, 1)
  while (smallestAdjustedP(workable) > lookAlpha(minRounds, workable, benchmarks)) workable++
  return { alpha, family, smallestP, canBlock: smallestP <= alpha, workableMaxRounds: workable }
}
