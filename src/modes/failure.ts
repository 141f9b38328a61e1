import type { Forge, GateTarget, RunContext } from '../forge'
import { renderFailure } from '../report/failure'
import type { Reporter } from '../report/reporter'
import type { Settings } from '../settings/types'
import { errorMessage } from '../util/errors'
import type { BenchmarkOutcome } from './mode-context'

// A run that will post a verdict says so first (pending) and says when it fails (error), so a
// required `loadgate/<benchmark>` never waits for a status that will not come.

/** What announcing and reporting a failure need: where the run is, who watches, and the forge. */
export interface GateRun {
  context: RunContext
  reporter: Reporter
  forge: Forge | null
}

/** The post step's description of a pending this run set and never settled. */
export const STOPPED_DESCRIPTION = 'loadgate was cancelled or stopped before a verdict'

/**
 * Whether this run posts the gate of a pull request: compare mode on the pull request's own run
 * (not a fork's, whose token cannot post; not a segment job, whose merge job posts).
 */
export function postsGate(settings: Pick<Settings, 'mode' | 'segment'>, run: GateRun): boolean {
  const { context, forge } = run
  return (
    Boolean(forge?.canPublish) &&
    settings.mode === 'compare' &&
    settings.segment === null &&
    context.pullRequest !== null &&
    !context.fromFork
  )
}

export function gateTarget(run: GateRun, benchmark: string): GateTarget {
  return { benchmark, headSha: run.context.headSha, runUrl: run.context.runUrl }
}

/** Sets the benchmark's status to pending before anything is measured; the status id, or null. */
export async function announceRun(
  run: GateRun,
  settings: Pick<Settings, 'baseline'>,
  benchmark: string,
): Promise<number | null> {
  const arms = settings.baseline === 'stored' ? 'head' : 'base and head'
  const { id, warning } = await run.forge!.announcePending(gateTarget(run, benchmark), `measuring ${arms}…`)
  if (warning) run.reporter.warning(warning)
  return id
}

/**
 * A benchmark that failed: its outcome (ERROR, blocking), the reason in the job summary, and — when
 * `post` — the status `error` and the sticky comment. Posting never throws: the other benchmarks go on.
 */
export async function reportFailure(
  run: GateRun,
  settings: Pick<Settings, 'comment' | 'status'>,
  benchmark: string,
  error: unknown,
  post: boolean,
): Promise<BenchmarkOutcome> {
  const reason = errorMessage(error)
  const target = gateTarget(run, benchmark)
  let commentUrl = ''
  let statusSet = false
  if (post && run.forge) {
    try {
      const published = await run.forge.publishFailure({
        ...target,
        reason,
        pullNumber: run.context.pullRequest?.number ?? null,
        comment: settings.comment,
        status: settings.status,
      })
      for (const warning of published.warnings) run.reporter.warning(warning)
      commentUrl = published.commentUrl ?? ''
      statusSet = published.statusSet
    } catch (failure) {
      run.reporter.warning(
        `loadgate could not report the failure on the pull request: ${errorMessage(failure)}`,
      )
    }
  }
  run.reporter.summary(renderFailure(benchmark, reason, { ...target, statusSet }))
  return {
    benchmark,
    verdict: 'ERROR',
    blocking: true,
    headline: reason,
    resultsFile: '',
    commentUrl,
    dashboardUrl: '',
  }
}
