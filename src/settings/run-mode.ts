import type { Mode } from '../model/types'

/**
 * What a run does: a mode results record; merge, which measures nothing and decides from segment
 * jobs' outputs; or accept, which measures nothing and accepts a pull request's blocked result.
 */
export type RunMode = Mode | 'merge' | 'accept'
