import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { RunContext } from './forge/github/context'
import { LoadgateError } from './util/errors'
import { Git } from './util/git'
import { createGitHubClient } from './forge/github/client'
import { measure, type MeasureOptions, type ProgressEvent } from './measure/measure'
import { resolveBaseCommit } from './measure/base-commit'
import {
  findPullRequestForSha,
  readComparisonArtifact,
  writeComparisonArtifact,
} from './forge/github/artifact'
import { renderSummary, type ReportLinks } from './report/markdown'
import { publishReport } from './forge/github/publish'
import type { Reporter } from './report/reporter'
import { dashboardUrl, readHistory, recordRun, toRunRecord } from './store'
import { type Comparison, type ResultsFile, type RunRecord, type Verdict } from './model/types'
import type { BenchmarkSettings, Settings } from './settings/types'
import { readResults } from './model/results-file'
import { compareResults, compareWithStored, findInvalidReasons, needsExtension } from './decide/verdict'

export interface BenchmarkOutcome {
  benchmark: string
  verdict: Verdict | null
  blocking: boolean
  headline: string
  resultsFile: string
  commentUrl: string
  dashboardUrl: string
}

/** Runs one benchmark through the stages its mode needs: measure → decide → record/report. */
export async function runBenchmark(
  settings: Settings,
  bench: BenchmarkSettings | null,
  context: RunContext,
  reporter: Reporter,
): Promise<BenchmarkOutcome> {
  if (settings.mode === 'report') return reportMode(settings, context, reporter)
  if (!bench)
    throw new LoadgateError('No benchmark configured: set k6-script (or benchmarks in loadgate.yml)')
  if (settings.mode === 'record') return recordMode(settings, bench, context, reporter)
  return compareMode(settings, bench, context, reporter)
}

function measureOptions(
  settings: Settings,
  bench: BenchmarkSettings,
  context: RunContext,
  reporter: Reporter,
): Omit<MeasureOptions, 'arms'> {
  return {
    settings,
    bench,
    meta: {
      runId: context.runId,
      runUrl: context.runUrl,
      repository: context.repository,
      event: context.eventName,
      pullRequest: context.pullRequest?.number ?? null,
    },
    onProgress: (event) => reporter.info(progressLine(event)),
  }
}

function progressLine(event: ProgressEvent): string {
  if (event.planned === 0) return event.message
  const eta = event.etaSeconds === null ? '' : `, ~${Math.ceil(event.etaSeconds / 60)} min left`
  return `[${event.done}/${event.planned}${eta}] ${event.message}`
}

async function headCommit(settings: Settings, context: RunContext): Promise<string> {
  return context.headSha || new Git(settings.workspace).revParse('HEAD')
}

async function compareMode(
  settings: Settings,
  bench: BenchmarkSettings,
  context: RunContext,
  reporter: Reporter,
): Promise<BenchmarkOutcome> {
  const options = measureOptions(settings, bench, context, reporter)
  const failOn = settings.failOn
  const headSha = await headCommit(settings, context)
  let results: ResultsFile
  let resultsPath: string
  let comparison: Comparison
  if (settings.baseline === 'stored') {
    ;({ results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure head`, () =>
      measure({ ...options, arms: ['head'], headSha }),
    ))
    const baseline = await storedBaseline(settings, bench, context)
    comparison = compareWithStored(results, baseline, { failOn })
  } else {
    const git = new Git(settings.workspace)
    const baseSha = await resolveBaseCommit(git, {
      baseRef: settings.baseRef,
      baseBranch: context.pullRequest?.baseRef || context.defaultBranch,
    })
    ;({ results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure base and head`, () =>
      measure({
        ...options,
        arms: ['base', 'head'],
        baseSha,
        headSha,
        shouldExtend: (partial) => needsExtension(partial, { failOn }),
      }),
    ))
    comparison = compareResults(results, { failOn })
  }
  comparison.resultsFile = resultsPath
  const comparisonPath = path.join(path.dirname(resultsPath), 'comparison.json')
  await writeComparisonArtifact(comparison, comparisonPath)
  const links = reportLinks(settings, context, bench.name, comparison)
  reporter.summary(renderSummary(comparison, links))
  reporter.info(`${bench.name}: ${comparison.headline}`)

  let commentUrl = ''
  if (context.fromFork) {
    reporter.warning(
      `This pull request comes from a fork, so its token cannot comment or set statuses. ` +
        `Upload ${comparisonPath} as an artifact named 'loadgate-${bench.name}' and let a workflow_run ` +
        `workflow with 'mode: report' post the result (see workflows/fork-report.yml).`,
    )
  } else {
    commentUrl = await publish(settings, context, comparison, links, reporter)
  }
  return outcome(bench.name, comparison, resultsPath, commentUrl, links.dashboard ?? '')
}

async function recordMode(
  settings: Settings,
  bench: BenchmarkSettings,
  context: RunContext,
  reporter: Reporter,
): Promise<BenchmarkOutcome> {
  const headSha = await headCommit(settings, context)
  const { results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure`, () =>
    measure({ ...measureOptions(settings, bench, context, reporter), arms: ['head'], headSha }),
  )
  const invalid = findInvalidReasons(results)
  const verdict: Verdict | null = invalid.length > 0 ? 'INVALID' : null
  const record = toRunRecord(results, null, context.branch || context.defaultBranch)
  record.verdict = verdict
  const stored = await reporter.group(`loadgate ${bench.name}: record to ${settings.ghPagesBranch}`, () =>
    recordRun({
      workspace: settings.workspace,
      branch: settings.ghPagesBranch,
      dataDir: settings.dataDir,
      record,
      retention: settings.retention,
      fallbackDir: path.dirname(resultsPath),
    }),
  )
  const dashboard = context.repository ? dashboardUrl(context.repository, settings.dataDir, bench.name) : ''
  const headline =
    invalid.length > 0
      ? `Recorded an invalid run — ${invalid.map((r) => r.message).join('; ')}`
      : `Recorded ${results.trials.filter((t) => t.phase === 'measure').length} trials of ${bench.name}`
  reporter.summary(`### loadgate — ${bench.name}\n\n${headline}\n\nStored as \`${stored.path}\`.\n`)
  if (!stored.pushed) {
    throw new LoadgateError(
      `Could not push the run to '${settings.ghPagesBranch}' after ${stored.attempts} attempts (${stored.error}); ` +
        `it is saved in ${stored.fallbackFile} — upload it as an artifact and record it again`,
    )
  }
  reporter.info(`${bench.name}: ${headline}; stored ${stored.path}`)
  return {
    benchmark: bench.name,
    verdict,
    blocking: verdict !== null && settings.failOn.includes(verdict),
    headline,
    resultsFile: resultsPath,
    commentUrl: '',
    dashboardUrl: dashboard,
  }
}

/** `mode: report` (workflow_run for fork PRs): posts an uploaded comparison; never runs the fork's code. */
async function reportMode(
  settings: Settings,
  context: RunContext,
  reporter: Reporter,
): Promise<BenchmarkOutcome> {
  const comparison = await readReportFile(settings)
  // The artifact is untrusted: it may only speak about the commit this workflow_run was triggered by.
  if (context.headSha && comparison.meta.head.sha !== context.headSha) {
    throw new LoadgateError(
      `Input 'report-file' describes commit ${comparison.meta.head.sha.slice(0, 12)}, ` +
        `but this workflow_run is for ${context.headSha.slice(0, 12)}: refusing to report it`,
    )
  }
  const links = reportLinks(settings, context, comparison.benchmark, comparison)
  reporter.summary(renderSummary(comparison, links))
  const commentUrl = await publish(settings, context, comparison, links, reporter, true)
  return outcome(comparison.benchmark, comparison, settings.reportFile, commentUrl, links.dashboard ?? '')
}

/** A comparison.json, or a results.json (the comparison is then computed here, with this run's fail-on). */
async function readReportFile(settings: Settings): Promise<Comparison> {
  const isResults = await readFile(settings.reportFile, 'utf8')
    .then((text) => Array.isArray((JSON.parse(text) as { trials?: unknown }).trials))
    .catch(() => false)
  if (isResults) {
    return compareResults(await readResults(settings.reportFile), { failOn: settings.failOn })
  }
  const comparison = await readComparisonArtifact(settings.reportFile)
  // The verdict's consequences follow this workflow's fail-on, not the uploader's.
  return { ...comparison, blocking: settings.failOn.includes(comparison.verdict) }
}

async function storedBaseline(
  settings: Settings,
  bench: BenchmarkSettings,
  context: RunContext,
): Promise<RunRecord> {
  const history = await readHistory({
    workspace: settings.workspace,
    branch: settings.ghPagesBranch,
    dataDir: settings.dataDir,
    benchmark: bench.name,
  })
  const baseBranch = context.pullRequest?.baseRef || context.defaultBranch
  const onBase = history.filter((r) => r.branch === baseBranch && r.verdict !== 'INVALID')
  const wanted = context.pullRequest?.baseSha
  const baseline = onBase.find((r) => r.meta.head.sha === wanted) ?? onBase.at(-1)
  if (!baseline) {
    throw new LoadgateError(
      `baseline: stored found no valid stored run of '${bench.name}' for branch '${baseBranch}' on ` +
        `'${settings.ghPagesBranch}': record one first (mode: record on ${baseBranch}) or use baseline: rerun`,
    )
  }
  return baseline
}

function reportLinks(
  settings: Settings,
  context: RunContext,
  benchmark: string,
  comparison: Comparison,
): ReportLinks {
  const worst = comparison.series.find((s) => s.verdict === 'REGRESSION') ?? comparison.series[0]
  return {
    dashboard: context.repository
      ? dashboardUrl(context.repository, settings.dataDir, benchmark, worst?.key, context.serverUrl)
      : undefined,
    run: context.runUrl || undefined,
  }
}

async function publish(
  settings: Settings,
  context: RunContext,
  comparison: Comparison,
  links: ReportLinks,
  reporter: Reporter,
  lookUpPullRequest = false,
): Promise<string> {
  if (!settings.githubToken || !context.repository) {
    reporter.info('No GitHub token or repository: the report is in the job summary only')
    return ''
  }
  const octokit = createGitHubClient(settings.githubToken, { baseUrl: context.apiUrl })
  const headSha = comparison.meta.head.sha
  const pullNumber = lookUpPullRequest
    ? await findPullRequestForSha(octokit, context.owner, context.repo, headSha)
    : (context.pullRequest?.number ?? null)
  const published = await publishReport(comparison, {
    octokit,
    owner: context.owner,
    repo: context.repo,
    pullNumber,
    headSha,
    comment: settings.comment,
    status: settings.status,
    review: settings.review,
    links,
    targetUrl: links.run ?? links.dashboard,
  })
  for (const warning of published.warnings) reporter.warning(warning)
  return published.commentUrl ?? ''
}

function outcome(
  benchmark: string,
  comparison: Comparison,
  resultsFile: string,
  commentUrl: string,
  dashboard: string,
): BenchmarkOutcome {
  return {
    benchmark,
    verdict: comparison.verdict,
    blocking: comparison.blocking,
    headline: comparison.headline,
    resultsFile,
    commentUrl,
    dashboardUrl: dashboard,
  }
}
