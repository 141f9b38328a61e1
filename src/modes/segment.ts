import { measure } from '../measure/measure'
import type { BenchmarkSettings } from '../settings/types'
import { baseCommit } from './run-base'
import {
  headCommit,
  measureOptions,
  outcomeWithoutVerdict,
  type BenchmarkOutcome,
  type ModeRun,
} from './mode-context'

/**
 * `segment: i/N`: this job's share of the load, the same seeded rounds as every other segment job.
 * It decides nothing (a share of the requests is not the service's behaviour): its results.json
 * and raw k6 outputs stay in work-dir for the merge job. The rounds are never extended, since
 * the jobs could not agree on it.
 */
export async function segmentMode(run: ModeRun, bench: BenchmarkSettings): Promise<BenchmarkOutcome> {
  const { settings, reporter } = run
  const segment = settings.segment!
  const headSha = await headCommit(run)
  const baseSha = await baseCommit(run)
  const label = `segment ${segment.index}/${segment.count}`
  const { results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure ${label}`, () =>
    measure({ ...measureOptions(run, bench), arms: ['base', 'head'], baseSha, headSha }),
  )
  const invalid = results.trials.filter((t) => !t.valid).length
  const headline =
    `${label} measured ${results.trials.length} trials${invalid ? ` (${invalid} invalid)` : ''}; ` +
    `upload ${settings.workDir} for the merge job`
  reporter.info(`${bench.name}: ${headline}`)
  return outcomeWithoutVerdict(bench.name, headline, resultsPath)
}
