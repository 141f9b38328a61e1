import type { Forge, GateTarget, RunContext } from '../forge'
import { renderFailure } from '../report/failure'
import type { Reporter } from '../report/reporter'
import type { Settings } from '../settings/types'
import { errorMessage } from '../util/errors'
import type { BenchmarkOutcome } from './mode-context'
import { trustedPullRequest } from './run-base'

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
 * How this run speaks for the gate of a pull request:
 * - `own`: pending before it starts, `error` when it fails — the pull request's own compare run
 *   (not a fork's, whose token cannot post; not a segment job), the merge job of a distributed run,
 *   and the jobs of a maintainer's trusted run that post (announce, report);
 * - `unverified`: a fork's report (workflow_run) — `error` when it fails, never over a status a
 *   trusted run or an acceptance set, never pending (its result is pending itself);
 * - null: nothing.
 */
export type GatePosting = 'own' | 'unverified' | null

export function gatePosting(settings: Pick<Settings, 'mode' | 'segment'>, run: GateRun): GatePosting {
  const { context, forge } = run
  if (!forge?.canPublish) return null
  const { mode } = settings
  if (mode === 'compare' || mode === 'merge')
    return settings.segment === null && context.pullRequest !== null && !context.fromFork ? 'own' : null
  if (mode === 'announce' || mode === 'report') {
    if (forge.trustedRunTarget()) return 'own'
    return mode === 'report' && context.eventName === 'workflow_run' ? 'unverified' : null
  }
  return null
}

/** Whether this run posts pending and error as the gate's own run (see gatePosting). */
export function postsGate(settings: Pick<Settings, 'mode' | 'segment'>, run: GateRun): boolean {
  return gatePosting(settings, run) === 'own'
}

export function gateTarget(run: GateRun, benchmark: string): GateTarget {
  return { benchmark, headSha: run.context.headSha, runUrl: run.context.runUrl }
}

/** The pull request a failure is told on: the event's, the trusted run's, or the one whose head a fork's run measured. */
async function gatePullNumber(run: GateRun): Promise<number | null> {
  const { context, forge } = run
  if (context.pullRequest) return context.pullRequest.number
  const target = forge?.trustedRunTarget()
  if (target) return target.pullNumber
  return context.headSha && forge ? forge.findPullRequest(context.headSha) : null
}

/**
 * A trusted run posts nothing about a head-sha that is no longer the pull request's head (a stale
 * or mistyped dispatch): its pending or error would land on the wrong commit, and its comment would
 * replace the current head's. Refused in one line naming both commits, before anything is posted.
 */
export async function refuseStaleTrustedHead(run: GateRun): Promise<void> {
  const target = run.forge?.trustedRunTarget()
  if (target) await trustedPullRequest(run, target)
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
 * `post` says so — the status `error` and the sticky comment. Posting never throws: the other
 * benchmarks go on; the outcome says whether the status was set.
 */
export async function reportFailure(
  run: GateRun,
  settings: Pick<Settings, 'comment' | 'status'>,
  benchmark: string,
  error: unknown,
  post: GatePosting | boolean,
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
        pullNumber: await gatePullNumber(run),
        comment: settings.comment,
        status: settings.status,
        unverified: post === 'unverified',
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
    statusSet,
  }
}
