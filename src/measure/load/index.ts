import type { BenchmarkSettings, Settings } from '../../settings/types'
import type { LoadBackend } from './backend'
import { executionSegmentArgs } from '../../settings/segment'
import { createK6Backend } from './k6/backend'

export type { LoadBackend, LoadSummary, LoadTrialRequest, LoadTrialResult } from './backend'

/** The load generator of a benchmark; its raw outputs go to `outDir`. */
export function createLoadBackend(settings: Settings, bench: BenchmarkSettings, outDir: string): LoadBackend {
  return createK6Backend({
    workspace: settings.workspace,
    script: bench.k6Script,
    version: settings.k6Version,
    discardSeconds: settings.discardSeconds,
    outDir,
    segmentArgs: settings.segment ? executionSegmentArgs(settings.segment) : [],
  })
}
