import { normalQuantile } from './stats/basic'
import { studentTQuantile } from './stats/student-t'

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
 * (t₁₋ₐ + t_power) / √n with n − 1 degrees of freedom: the shift, per unit of per-round σ, that a
 * one-sided test of n rounds at `level` detects with probability `power`. Student's t, not the
 * normal: the interval of a few rounds also carries the uncertainty of their own spread, and the
 * normal formula's 12 rounds settled only 78% of simulated runs, not 90%.
 */
export function shiftPerSigma(rounds: number, level: number, power = POWER): number {
  const df = Math.max(1, rounds - 1)
  return (studentTQuantile(1 - level, df) + studentTQuantile(power, df)) / Math.sqrt(Math.max(1, rounds))
}

/**
 * The rounds at which a metric of unchanged code settles with probability `power`: the one-sided
 * upper bound at the look's level falls under `margin` (the rule's δ on the analysis scale). NO
 * CHANGE needs every gated metric to show it on its own, so the level is the look's, not divided
 * over the family; the power is what settlingPower asks of each for the run to settle. Sized with
 * Student's t (shiftPerSigma), from the normal formula's rounds upwards.
 */
export function roundsForMargin(sigma: number, margin: number, level: number, power = POWER): number {
  const fewest = fewestSignificantRounds(level)
  if (!(sigma > 0)) return fewest
  const normal = ((normalQuantile(1 - level) + normalQuantile(power)) * sigma) / margin
  let rounds = Math.max(fewest, Math.ceil(normal ** 2 - 1e-9))
  while (rounds < MAX_ROUNDS * 50 && shiftPerSigma(rounds, level, power) * sigma > margin) rounds++
  return rounds
}

/**
 * The most per-round noise with which `rounds` settle the margin, by the normal approximation: the
 * request-count advice's floor (sample-size.ts), which leaves out all but the ranks' noise anyway.
 * Plans are sized with t (roundsForMargin).
 */
export function noiseForMargin(margin: number, rounds: number, level: number, power = POWER): number {
  return (margin * Math.sqrt(rounds)) / (normalQuantile(1 - level) + normalQuantile(power))
}

/**
 * The looks that give `needed` rounds at the first one and `lastNeeded` at the last (the rounds the
 * planning σ needs), never fewer than the calibrated plan's, and at least in its ratio of looks.
 */
export function roundsPlan(
  needed: number,
  plan: { minRounds: number; maxRounds: number },
  lastNeeded = 0,
): { minRounds: number; maxRounds: number } {
  const minRounds = Math.min(MAX_ROUNDS, Math.max(plan.minRounds, needed))
  const maxRounds = Math.min(
    MAX_ROUNDS,
    Math.max(plan.maxRounds, minRounds, lastNeeded, Math.ceil((needed * plan.maxRounds) / plan.minRounds)),
  )
  return { minRounds, maxRounds }
}
