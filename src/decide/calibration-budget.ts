import type { Calibration, CalibrationBudget, NoiseRow } from '../model/calibration'
import { asChange, detectableShift, testLevel } from './calibration'
import { fewestSignificantRounds, MAX_ROUNDS, settlingPower } from './settling'

// What a calibration says a time budget affords: the rounds, and the change each gated metric
// settles under with them. The run's seconds come from the caller (measure/cost.ts prices them).

/**
 * The change under which this metric settles for unchanged code to settle (NO CHANGE at the first
 * look in 90% of runs, every gated metric at once: settlingPower), with a first look at the
 * calibrated rounds or at `rounds`.
 */
export function settlingChange(
  calibration: Calibration,
  row: NoiseRow,
  rounds = calibration.minRounds,
): number {
  const power = settlingPower(calibration.rows.map((r) => r.sigma))
  const settles = { ...testLevel(calibration.alpha, 1, rounds), power }
  const shift = detectableShift(row.sigma, settles)
  // As δ is written: a rise when lower is better, a drop when higher is (analysisMargin's inverse).
  if (!row.absolute && row.direction === 'higher') return -Math.expm1(-shift)
  return asChange(shift, row.absolute)
}

export interface PlanRounds {
  minRounds: number
  maxRounds: number
}

/** Seconds a run of these rounds takes with measured trials of this many seconds: at its first look and at its last. */
export type RunSeconds = (rounds: PlanRounds, trialSeconds: number) => readonly [number, number]

/**
 * The plan a time budget affords, judged at a run's worst case (max-rounds), with the trials as
 * calibrated: the suggested rounds when they fit, else the most rounds that fit (never fewer than
 * calibrated, nor than can reach the look's level), looks in the suggested plan's ratio, and the change
 * each gated metric then settles under. Rounds, not longer trials: on the CPU-bound reference
 * service most of a p50's noise is the state of each trial's instance, common to all its
 * endpoints, which 11-s trials did not reduce from 5-s ones; more rounds average any noise.
 */
export function fitBudget(
  calibration: Calibration,
  seconds: number,
  runSeconds: RunSeconds,
): CalibrationBudget {
  const trialSeconds = Math.max(1, Math.round(calibration.trialSeconds))
  // The suggested plan's ratio of looks (its last look sized at the planning σ: noise-history.ts),
  // so that the plans walked reach it; calibrations without one keep the calibrated ratio.
  const { suggestion } = calibration
  const ratio = Math.max(
    calibration.maxRounds / calibration.minRounds,
    suggestion.minRounds > 0 ? suggestion.maxRounds / suggestion.minRounds : 0,
  )
  const roundsFrom = (minRounds: number): PlanRounds => ({
    minRounds,
    maxRounds: Math.min(MAX_ROUNDS, Math.max(minRounds, Math.ceil(minRounds * ratio - 1e-9))),
  })
  const fitsIn = (rounds: PlanRounds) => runSeconds(rounds, trialSeconds)[1] <= seconds
  const plan = (rounds: PlanRounds): CalibrationBudget => {
    const settles = calibration.rows.map((row) => settlingChange(calibration, row, rounds.minRounds))
    return {
      seconds,
      fits: settles.every((change, i) => change <= Math.abs(calibration.rows[i]!.delta)),
      ...rounds,
      trialSeconds,
      runSeconds: [...runSeconds(rounds, trialSeconds)],
      settles,
    }
  }
  const fewest = roundsFrom(Math.max(calibration.minRounds, fewestSignificantRounds(calibration.alpha)))
  if (!fitsIn(fewest)) return { ...plan(fewest), fits: false, trialSeconds: 0 }
  const suggested = { minRounds: suggestion.minRounds, maxRounds: suggestion.maxRounds }
  if (suggested.minRounds >= fewest.minRounds && fitsIn(suggested)) return plan(suggested)
  let most = fewest
  for (let minRounds = fewest.minRounds + 1; minRounds <= MAX_ROUNDS; minRounds++) {
    const rounds = roundsFrom(minRounds)
    if (!fitsIn(rounds)) break
    most = rounds
  }
  return plan(most)
}
