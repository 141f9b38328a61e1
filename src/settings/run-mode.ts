import type { Mode } from '../model/types'

/**
 * What a run does: a mode results record; merge, which measures nothing and decides from segment
 * jobs' outputs; accept, which measures nothing and accepts a pull request's blocked result; or
 * announce, the trusted run's first job, which only sets the gating statuses to pending; or skip,
 * which measures nothing and sets them to success "Not run: …" (a pull request the workflow's
 * conditions leave out, such as one without the opt-in label).
 */
export type RunMode = Mode | 'merge' | 'accept' | 'announce' | 'skip'
