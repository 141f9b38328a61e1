/** What the rest of loadgate needs from the decision: the comparisons, run validity and verdict order. */
export { compareResults, looksOf, needsMoreRounds } from './paired'
export { compareWithStored } from './stored'
export { compareHeadAlone } from './head-alone'
export { findInvalidReasons } from './validity'
export { unmatchedGlobs } from './series'
export { failsOn, worstVerdict } from './severity'
export type { CompareOptions } from './plan'
