import path from 'node:path'
import { mkdir } from 'node:fs/promises'
import { mergeSegments } from '../measure/merge/trials'
import { readSegments } from '../measure/merge/segments'
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
  const results = await reporter.group(`loadgate ${bench.name}: merge ${count} segments`, () =>
    mergeSegments(segments),
  )
  const dir = path.join(settings.workDir, bench.name)
  await mkdir(dir, { recursive: true })
  const resultsPath = path.join(dir, 'results.json')
  await writeResults(resultsPath, results)
  const comparison = decideUnderOwnSettings(results, settings, bench)
  return reportComparison(run, bench, resultsPath, comparison)
}
