import type { FailOn, ResultsFile } from '../model/types'

/** Two looks (min-rounds, then max-rounds) at an overall α of 0.05: Pocock's constant nominal level. */
export const POCOCK_TWO_LOOKS = 0.0294
export const ALPHA = 0.05

export interface CompareOptions {
  failOn: FailOn[]
}

/** The level of each look: Pocock's when the run may extend to a second look, else plain α. */
export function alphaFor(results: ResultsFile): number {
  return results.settings.maxRounds > results.settings.minRounds ? POCOCK_TWO_LOOKS : ALPHA
}
