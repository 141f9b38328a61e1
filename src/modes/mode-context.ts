import type { Forge, RunContext } from '../forge'
import type { MeasureOptions, ProgressEvent } from '../measure/measure'
import { timeLeft } from '../measure/progress'
import type { Comparison, OutcomeVerdict } from '../model/types'
import { renderComment, type ReportLinks } from '../report/markdown'
import type { Reporter } from '../report/reporter'
import type { BenchmarkSettings, Settings } from '../settings/types'
import type { BenchmarkHistory } from '../store'
import { Git } from '../util/git'
import { dashboardLink, historyPlace } from './history-place'

/** What every mode works with: the settings, where the run happens, who watches, and the forge (none locally). */
export interface ModeRun {
  settings: Settings
  context: RunContext
  reporter: Reporter
  forge: Forge | null
}

/** Where this run's history of `benchmark` lives, with skipped files reported as warnings. */
export function historyOf(
  run: Pick<ModeRun, 'settings' | 'reporter'> & { context?: Pick<RunContext, 'serverUrl'> },
  benchmark: string,
): BenchmarkHistory {
  const { settings, reporter } = run
  return {
    ...historyPlace(settings, run.context?.serverUrl),
    benchmark,
    onWarning: (message) => reporter.warning(message),
  }
}

export interface BenchmarkOutcome {
  benchmark: string
  verdict: OutcomeVerdict | null
  blocking: boolean
  headline: string
  resultsFile: string
  commentUrl: string
  dashboardUrl: string
  /** Whether this run wrote the benchmark's final gating status (a pending it set is settled only then). */
  statusSet?: boolean
  /** The decided comparison, and the comment's markdown for it (the action's outputs). */
  comparison?: Comparison
  commentMarkdown?: string
  /** comparison.json and report.html, where this run wrote them. */
  comparisonFile?: string
  reportHtmlFile?: string
}

/** The outcome of a run that measures or records without judging: no verdict, never blocking. */
export function outcomeWithoutVerdict(
  benchmark: string,
  headline: string,
  resultsFile = '',
): BenchmarkOutcome {
  return {
    benchmark,
    verdict: null,
    blocking: false,
    headline,
    resultsFile,
    commentUrl: '',
    dashboardUrl: '',
  }
}

export function comparisonOutcome(
  comparison: Comparison,
  resultsFile: string,
  posted: Posted,
  links: ReportLinks,
): BenchmarkOutcome {
  const { commentUrl, statusSet } = posted
  return {
    statusSet,
    benchmark: comparison.benchmark,
    verdict: comparison.verdict,
    blocking: comparison.blocking,
    headline: comparison.headline,
    resultsFile,
    commentUrl,
    dashboardUrl: links.dashboard ?? '',
    comparison,
    commentMarkdown: renderComment(comparison, links, true),
  }
}

export function measureOptions(run: ModeRun, bench: BenchmarkSettings): Omit<MeasureOptions, 'arms'> {
  const { settings, context, reporter } = run
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
  return `[${event.done}/${event.planned}${timeLeft(event)}] ${event.message}`
}

export async function headCommit(run: ModeRun): Promise<string> {
  return run.context.headSha || new Git(run.settings.workspace).revParse('HEAD')
}

/** The dashboard opened at the worst series, and the workflow run. */
export function reportLinks(run: ModeRun, benchmark: string, comparison: Comparison): ReportLinks {
  const worst = comparison.series.find((s) => s.verdict === 'REGRESSION') ?? comparison.series[0]
  return {
    dashboard: dashboardLink(run, benchmark, worst?.key),
    run: run.context.runUrl || undefined,
  }
}

/** What publishing a result wrote: the comment's URL ('' for none), and whether the status was set. */
export interface Posted {
  commentUrl: string
  statusSet: boolean
}

/** Posts the comment, status and review. */
export async function publish(
  run: ModeRun,
  comparison: Comparison,
  links: ReportLinks,
  pullNumber: number | null,
  /** A result a fork's own run computed: posted as such, never as the gate's verdict. */
  unverified = false,
): Promise<Posted> {
  const { settings, reporter, forge } = run
  if (!forge?.canPublish) {
    // A local run has no job summary: the CLI names the report.html it writes instead.
    if (run.context.eventName !== 'local')
      reporter.info('No GitHub token or repository: the report is in the job summary only')
    return { commentUrl: '', statusSet: false }
  }
  const published = await forge.publish({
    comparison,
    pullNumber,
    headSha: comparison.meta.head.sha,
    links,
    comment: settings.comment,
    status: settings.status,
    review: settings.review,
    unverified,
  })
  for (const note of published.notes) reporter.info(note)
  for (const warning of published.warnings) reporter.warning(warning)
  return { commentUrl: published.commentUrl ?? '', statusSet: published.statusSet }
}
