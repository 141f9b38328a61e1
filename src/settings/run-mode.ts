import type { Mode } from '../model/types'

/** What a run does: a mode results record, or merge, which measures nothing and decides from segment jobs' outputs. */
export type RunMode = Mode | 'merge'
