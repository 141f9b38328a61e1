import type { BenchmarkSettings, Settings } from '../../settings/types'
import { loadSummary, type LoadBackend, type LoadSummary } from './load-backend'
import { executionSegmentArgs } from '../../settings/segment'
import { createK6Backend } from './k6/k6-backend'
import { parseK6Segments } from './k6/merge'
import { createK6OperatorBackend } from './k6-operator/k6-operator-backend'
import { createKubectl } from './k6-operator/kubectl'

export type { LoadBackend, LoadSummary, LoadTrialRequest, LoadTrialResult } from './load-backend'

/** The load generator of a benchmark; its raw outputs go to `outDir`. */
export function createLoadBackend(settings: Settings, bench: BenchmarkSettings, outDir: string): LoadBackend {
  const load = settings.load
  if (load.kind === 'k6-operator') {
    return createK6OperatorBackend({
      workspace: settings.workspace,
      script: bench.k6Script,
      k6Version: settings.k6Version,
      discardSeconds: settings.discardSeconds,
      outDir,
      namespace: load.namespace,
      parallelism: load.parallelism,
      claim: load.claim,
      kubectl: createKubectl(load.namespace),
    })
  }
  return createK6Backend({
    workspace: settings.workspace,
    script: bench.k6Script,
    version: settings.k6Version,
    discardSeconds: settings.discardSeconds,
    outDir,
    segmentArgs: settings.segment ? executionSegmentArgs(settings.segment) : [],
  })
}

/**
 * One trial from the raw outputs of its execution segments (`segment: i/N` jobs, or a k6-operator
 * TestRun's pods): percentiles over the union of their requests. Both backends write k6's output.
 */
export async function summarizeSegments(
  files: readonly string[],
  options: { discardSeconds?: number },
): Promise<LoadSummary> {
  return loadSummary(await parseK6Segments(files, options))
}
