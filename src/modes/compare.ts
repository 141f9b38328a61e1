import path from 'node:path'
import {
  compareHeadAlone,
  compareResults,
  compareWithStored,
  needsMoreRounds,
  unmatchedGlobs,
} from '../decide'
import { measure, type MeasureOptions } from '../measure/measure'
import { BorrowedHarnessError } from '../measure/sut'
import { writeResults } from '../model/results-file'
import { writeComparisonArtifact } from '../model/comparison-file'
import type { Comparison } from '../model/types'
import { renderSummary } from '../report/markdown'
import type { BenchmarkSettings } from '../settings/types'
import { baseCommit } from './run-base'
import { refuseHeadAlone } from './base-harness'
import { Git } from '../util/git'
import {
  comparisonOutcome,
  headCommit,
  measureOptions,
  publish,
  reportLinks,
  type BenchmarkOutcome,
  type ModeRun,
  type Posted,
} from './mode-context'
import { attachNoiseFloor } from './calibrate'
import { storedBaseline } from './stored-baseline'
import { writeHtmlReport } from './report-html'

/** `mode: compare`: base and head measured here, interleaved (or head against stored runs), then reported. */
export async function compareMode(run: ModeRun, bench: BenchmarkSettings): Promise<BenchmarkOutcome> {
  const { resultsPath, comparison } = await measureAndDecide(run, bench)
  return reportComparison(run, bench, resultsPath, comparison)
}

/** A decided comparison: its artifact, job summary, and the comment, status and review. */
export async function reportComparison(
  run: ModeRun,
  bench: BenchmarkSettings,
  resultsPath: string,
  comparison: Comparison,
): Promise<BenchmarkOutcome> {
  const { context, reporter } = run
  comparison.resultsFile = resultsPath
  await attachNoiseFloor(run, bench, comparison)
  const comparisonPath = path.join(path.dirname(resultsPath), 'comparison.json')
  await writeComparisonArtifact(comparison, comparisonPath)
  const links = reportLinks(run, bench.name, comparison)
  const reportHtmlFile = await writeHtmlReport(comparison, path.dirname(resultsPath), links)
  reporter.summary(renderSummary(comparison, links))
  if (!reporter.printsResults) reporter.info(`${bench.name}: ${comparison.headline}`)

  let posted: Posted = { commentUrl: '', statusSet: false }
  if (context.fromFork) {
    reporter.warning(
      `This pull request comes from a fork, so its token cannot comment or set statuses. ` +
        `Upload ${comparisonPath} as an artifact named 'loadgate-${bench.name}' and let a workflow_run ` +
        `workflow with 'mode: report' post the result (see workflows/fork-report.yml).`,
    )
  } else {
    posted = await publish(run, comparison, links, context.pullRequest?.number ?? null)
  }
  return {
    ...comparisonOutcome(comparison, resultsPath, posted, links),
    comparisonFile: comparisonPath,
    reportHtmlFile,
  }
}

async function measureAndDecide(
  run: ModeRun,
  bench: BenchmarkSettings,
): Promise<{ resultsPath: string; comparison: Comparison }> {
  const { settings, reporter } = run
  const options = measureOptions(run, bench)
  const failOn = settings.failOn
  const headSha = await headCommit(run)
  if (settings.baseline === 'stored') {
    // Chosen before measuring: a base without a stored run fails in seconds, not after the trials.
    const { baseline, history } = await storedBaseline(run, bench)
    const { results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure head`, () =>
      measure({ ...options, arms: ['head'], headSha }),
    )
    for (const line of unmatchedGlobs(results)) reporter.warning(line)
    return { resultsPath, comparison: compareWithStored(results, baseline, { failOn }, history) }
  }
  const baseSha = await baseCommit(run)
  // A trusted run's base is its own: a fork must not choose the harness the base is measured with.
  const borrowHarness = !run.forge?.trustedRunTarget()
  const measured = await reporter
    .group(`loadgate ${bench.name}: measure base and head`, () =>
      measure({
        ...options,
        arms: ['base', 'head'],
        baseSha,
        headSha,
        borrowHarness,
        shouldExtend: (partial) => needsMoreRounds(partial, { failOn }),
        profileWhen: (measured) =>
          settings.profile === 'always' ||
          (settings.profile === 'on-regression' &&
            compareResults(measured, { failOn }).verdict === 'REGRESSION'),
      }),
    )
    .catch(async (error: unknown) => {
      if (!(error instanceof BorrowedHarnessError)) throw error
      const refused = await refuseHeadAlone(new Git(settings.workspace), baseSha, bench, error.reason)
      if (refused) throw refused
      reporter.warning(`${bench.name}: ${error.message}; measuring the head alone`)
      return headAlone(run, { ...options, headSha }, error)
    })
  if ('comparison' in measured) return measured
  const { results, resultsPath } = measured
  for (const line of unmatchedGlobs(results)) reporter.warning(line)
  return { resultsPath, comparison: compareResults(results, { failOn }) }
}

/**
 * The pull request that adopts loadgate, when its base cannot run even with the head's harness:
 * the head measured alone (as record mode does), its figures and targets shown, nothing compared.
 */
async function headAlone(
  run: ModeRun,
  options: Omit<MeasureOptions, 'arms'>,
  why: BorrowedHarnessError,
): Promise<{ resultsPath: string; comparison: Comparison }> {
  const { results, resultsPath } = await run.reporter.group(
    `loadgate ${options.bench.name}: measure head alone`,
    () => measure({ ...options, arms: ['head'] }),
  )
  results.meta.borrowedHarness = why.borrowed
  results.meta.baseUnmeasured = why.reason
  await writeResults(resultsPath, results)
  for (const line of unmatchedGlobs(results)) run.reporter.warning(line)
  return { resultsPath, comparison: compareHeadAlone(results, { failOn: run.settings.failOn }) }
}
