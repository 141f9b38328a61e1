import type { Arm, ResultsFile, RunMeta } from '../model/types'
import type { BenchmarkSettings, Settings } from '../settings/types'
import type { ProgressEvent } from './progress'

export interface MeasureOptions {
  settings: Settings
  bench: BenchmarkSettings
  /** ['base', 'head'] for compare, ['head'] for record. */
  arms: Arm[]
  /** The base commit; a worktree is made for it. */
  baseSha?: string
  /** The commit reported as head (the PR head); default HEAD of the workspace. */
  headSha?: string
  meta: Pick<RunMeta, 'runId' | 'runUrl' | 'repository' | 'event' | 'pullRequest'>
  /** Asked once after min-rounds; true runs on to max-rounds. */
  shouldExtend?: (partial: ResultsFile) => boolean
  onProgress?: (event: ProgressEvent) => void
  /** Asked once the rounds are measured, the arms still up: true runs the profiling pair. */
  profileWhen?: (measured: ResultsFile) => boolean
  /** The base may borrow the head's harness when it has none (compare mode, never a trusted run). */
  borrowHarness?: boolean
  /** How long an arm may take to become ready (default 180 s). */
  startTimeoutSeconds?: number
}
