import path from 'node:path'
import { mkdir } from 'node:fs/promises'
import { mergeSegments } from '../measure/merge/trials'
import { readSegments, type SegmentResults } from '../measure/merge/segments'
import type { ResultsFile } from '../model/types'
import { writeResults } from '../model/results-file'
import type { BenchmarkSettings } from '../settings/types'
import { reportComparison } from './compare'
import { decideUnderOwnSettings } from './report-file'
import type { BenchmarkOutcome, ModeRun } from './mode-context'

/**
 * `mode: merge`: the segment jobs' raw outputs of every (round, arm) merged into one trial, then
 * decided under this workflow's settings and reported as any compare run.
 */
export async function mergeMode(run: ModeRun, bench: BenchmarkSettings): Promise<BenchmarkOutcome> {
  const { settings, reporter } = run
  const segments = await readSegments(settings.segmentDirs, bench.name)
  const count = segments[0]!.count
  const { results, resultsPath } = await reporter.group(
    `loadgate ${bench.name}: merge ${count} segments`,
    () => writeMergedResults(segments, path.join(settings.workDir, bench.name)),
  )
  const comparison = decideUnderOwnSettings(results, settings, bench)
  return reportComparison(run, bench, resultsPath, comparison)
}

/** One benchmark's segments merged into one run, written as `dir/results.json`: the action's merge and the CLI's. */
export async function writeMergedResults(
  segments: SegmentResults[],
  dir: string,
): Promise<{ results: ResultsFile; resultsPath: string }> {
  const results = await mergeSegments(segments)
  await mkdir(dir, { recursive: true })
  const resultsPath = path.join(dir, 'results.json')
  await writeResults(resultsPath, results)
  return { results, resultsPath }
}
