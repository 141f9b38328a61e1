import { normalQuantile } from './stats/basic'

// When unchanged code settles: the rounds at which a gated metric's bound falls under its δ with
// the power that lets every gated metric settle at once. Calibration plans with it, a run's advice
// on request counts and a result's rounds-to-decide read it.

/** σ from fewer differences than this says nothing about the noise. */
export const MIN_CALIBRATION_ROUNDS = 3
/** The most rounds a setting accepts (min-rounds and max-rounds). */
export const MAX_ROUNDS = 200
/** Unchanged code settles in this share of runs: the plans' aim. */
export const POWER = 0.9

/**
 * The power each gated metric must settle with so that unchanged code settles in 90% of runs: NO
 * CHANGE needs every metric at once, so the 10% is split over the metrics that vary at all
 * (Bonferroni on the misses; metrics that move together only do better). With seven metrics at
 * their edge and 90% each, a plan settles about half its runs.
 */
export function settlingPower(sigmas: readonly number[], miss = 1 - POWER): number {
  return settlingPowerOver(sigmas.filter((sigma) => sigma > 0).length, miss)
}

/** settlingPower for a family of `varying` gated metrics that vary at all; `miss` the share of runs that may not settle. */
export function settlingPowerOver(varying: number, miss = 1 - POWER): number {
  return 1 - miss / Math.max(1, varying)
}

/** The fewest rounds whose smallest one-sided sign-flip p, 2⁻ⁿ, reaches the level. */
export function fewestSignificantRounds(level: number): number {
  return Math.max(MIN_CALIBRATION_ROUNDS, Math.ceil(Math.log2(1 / level) - 1e-9))
}

/**
 * The rounds at which a metric of unchanged code settles with probability `power`: the one-sided
 * upper bound at the look's level falls under `margin` (the rule's δ on the analysis scale). NO
 * CHANGE needs every gated metric to show it on its own, so the level is the look's, not divided
 * over the family; the power is what settlingPower asks of each for the run to settle.
 */
export function roundsForMargin(sigma: number, margin: number, level: number, power = POWER): number {
  const perRound = ((normalQuantile(1 - level) + normalQuantile(power)) * sigma) / margin
  return Math.max(fewestSignificantRounds(level), Math.ceil(perRound ** 2 - 1e-9))
}

/** The inverse of roundsForMargin: the most per-round noise with which `rounds` settle the margin. */
export function noiseForMargin(margin: number, rounds: number, level: number, power = POWER): number {
  return (margin * Math.sqrt(rounds)) / (normalQuantile(1 - level) + normalQuantile(power))
}

/**
 * The looks that give `needed` rounds at the first one, never fewer than the calibrated plan's,
 * in the same ratio of looks (which keeps the plan's α per look).
 */
export function roundsPlan(
  needed: number,
  plan: { minRounds: number; maxRounds: number },
): { minRounds: number; maxRounds: number } {
  const minRounds = Math.min(MAX_ROUNDS, Math.max(plan.minRounds, needed))
  const maxRounds = Math.min(
    MAX_ROUNDS,
    Math.max(plan.maxRounds, minRounds, Math.ceil((needed * plan.maxRounds) / plan.minRounds)),
  )
  return { minRounds, maxRounds }
}
