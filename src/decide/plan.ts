import { ALL_REQUESTS } from '../model/metrics'
import type { FailOn, MetricThreshold, ResultsFile } from '../model/types'
import { thresholdsForSeries } from './rules'

/** Two looks (min-rounds, then max-rounds) at an overall α of 0.05: Pocock's constant nominal level. */
export const POCOCK_TWO_LOOKS = 0.0294
export const ALPHA = 0.05

export interface CompareOptions {
  failOn: FailOn[]
}

/** The level of each look of a plan: Pocock's when it may extend to a second look, else plain α. */
export function lookAlpha(minRounds: number, maxRounds: number): number {
  return maxRounds > minRounds ? POCOCK_TWO_LOOKS : ALPHA
}

/** The level of each look: Pocock's when the run may extend to a second look, else plain α. */
export function alphaFor(results: ResultsFile): number {
  return lookAlpha(results.settings.minRounds, results.settings.maxRounds)
}

/** The fewest pairs whose smallest two-sided signed-rank p, 2·2⁻ⁿ, reaches α: ⌈log₂(2/α)⌉. */
export function minimumPairs(alpha: number): number {
  return Math.ceil(Math.log2(2 / alpha) - 1e-9)
}

/** The smallest Holm-adjusted p that `rounds` pairs can reach in a family of `family` gated metrics. */
export function smallestAdjustedP(rounds: number, family: number): number {
  return Math.min(1, family * 2 ** (1 - rounds))
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
export function planReach(minRounds: number, maxRounds: number, family: number): PlanReach {
  const alpha = lookAlpha(minRounds, maxRounds)
  const smallestP = smallestAdjustedP(maxRounds, family)
  let workable = Math.max(minRounds, 1)
  while (smallestAdjustedP(workable, family) > lookAlpha(minRounds, workable)) workable++
  return { alpha, family, smallestP, canBlock: smallestP <= alpha, workableMaxRounds: workable }
}
