import type { TrustedRunTarget } from '../forge'
import type { Comparison, ResultsFile } from '../model/types'
import { renderSummary } from '../report/markdown'
import type { BenchmarkSettings } from '../settings/types'
import { LoadgateError } from '../util/errors'
import { comparedCommitsProblem, trustedPullRequest, untrustedBaseProblem } from './run-base'
import {
  checkReportedBenchmark,
  configuredBenchmark,
  decideUnderOwnSettings,
  judgeUnderOwnFailOn,
  readReportInput,
  reportFileOf,
  type ReportInput,
} from './report-file'
import { comparisonOutcome, publish, reportLinks, type BenchmarkOutcome, type ModeRun } from './mode-context'

/**
 * `mode: report`: posts a result measured by another job; never runs the measured code.
 * - A maintainer's trusted run (workflow_dispatch with `pull-request` and `head-sha`): raw trials
 *   measured earlier in this same workflow run, decided here under this workflow's settings; the
 *   real status.
 * - Anything else (workflow_run after a fork's pull_request run): the fork's own result, posted as
 *   unverified with a pending status and no review.
 */
export async function reportMode(
  run: ModeRun,
  expected: BenchmarkSettings | null,
): Promise<BenchmarkOutcome> {
  const { settings, reporter, forge } = run
  const input = await readReportInput(settings, expected?.name)
  if (expected) checkReportedBenchmark(settings, input.benchmark, expected.name)
  const bench = configuredBenchmark(settings, input.benchmark)
  const target = forge?.trustedRunTarget() ?? null
  const comparison = target ? trustedComparison(run, input, bench, target) : forkComparison(run, input, bench)
  // Checked again here: a push while the trusted run measured makes its result about an old head.
  if (target && input.kind === 'results') await checkTrustedResults(run, input.results, bench.name, target)
  const links = reportLinks(run, bench.name, comparison)
  const unverified = target === null
  if (unverified) {
    reporter.info(
      `${bench.name}: this result was computed by the fork's own run; it is posted as unverified ` +
        "with a pending status. A maintainer's trusted run sets the real status.",
    )
  }
  reporter.summary(
    `${unverified ? "> **Unverified**: reported by the fork's own run.\n\n" : ''}${renderSummary(comparison, links)}`,
  )
  const pullNumber = target
    ? target.pullNumber
    : forge?.canPublish
      ? await forge.findPullRequest(comparison.meta.head.sha)
      : null
  const posted = await publish(run, comparison, links, pullNumber, unverified)
  return comparisonOutcome(comparison, reportFileOf(settings, expected?.name), posted, links)
}

/** Raw trials from this very workflow run, decided under its settings, labelled with the vouched-for head. */
function trustedComparison(
  run: ModeRun,
  input: ReportInput,
  bench: BenchmarkSettings,
  target: TrustedRunTarget,
): Comparison {
  if (input.kind !== 'results') {
    throw new LoadgateError(
      "Input 'report-file' is a comparison: a trusted run decides from raw trials, so expected the " +
        "measuring job's results.json",
    )
  }
  if (input.results.meta.runId !== run.context.runId) {
    throw new LoadgateError(
      `Input 'report-file' was measured by run ${input.results.meta.runId.slice(0, 40)}, not by this ` +
        `run (${run.context.runId}): a trusted run reports only what its own measuring job measured`,
    )
  }
  const comparison = decideUnderOwnSettings(input.results, run.settings, bench)
  return {
    ...comparison,
    meta: {
      ...comparison.meta,
      head: { ...comparison.meta.head, sha: target.headSha },
      pullRequest: target.pullNumber,
    },
  }
}

/** The fork's own result: it may only speak about the commit this workflow_run was triggered by. */
function forkComparison(run: ModeRun, input: ReportInput, bench: BenchmarkSettings): Comparison {
  const comparison =
    input.kind === 'results'
      ? decideUnderOwnSettings(input.results, run.settings, bench)
      : judgeUnderOwnFailOn(input.comparison, run.settings)
  const headSha = run.context.headSha
  if (headSha && comparison.meta.head.sha !== headSha) {
    throw new LoadgateError(
      `Input 'report-file' describes commit ${comparison.meta.head.sha.slice(0, 12)}, ` +
        `but this workflow_run is for ${headSha.slice(0, 12)}: refusing to report it`,
    )
  }
  return comparison
}

/**
 * The head-sha is still the PR's head, and the results compare it with what this workflow would
 * have: otherwise status `error` (never a verdict) with why, on the head the maintainer named.
 */
async function checkTrustedResults(
  run: ModeRun,
  results: ResultsFile,
  benchmark: string,
  target: TrustedRunTarget,
): Promise<void> {
  const pull = await trustedPullRequest(run, target)
  const problem =
    untrustedBaseProblem(run, pull) ??
    (await comparedCommitsProblem(run, results, target, pull, run.settings))
  if (!problem) return
  const reason = `Refused: ${problem}`
  const published = await run.forge!.publishFailure({
    benchmark,
    headSha: target.headSha,
    runUrl: run.context.runUrl,
    reason,
    pullNumber: target.pullNumber,
    comment: run.settings.comment,
    status: run.settings.status,
  })
  for (const warning of published.warnings) run.reporter.warning(warning)
  throw new LoadgateError(reason)
}
