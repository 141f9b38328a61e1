import { renderFailure, renderFailureComment } from '../../report/failure'
import { checkTitle, failUnfinishedCheckRun, startCheckRun } from './checks'
import { commentMarker } from '../../report/markdown'
import type { PublishResult } from '../forge'
import { findOwnComment, holdsTrustedResult, writeComment } from './comment'
import { labelUnverified } from './provenance'
import type { PublishContext } from './publish-context'
import { statusOf } from './client'
import { permissionWarning } from './publish'
import { postCheckRun, postCommentAndStatus } from './publish'
import { gatingContext, hasFinalStatus, newestStatus, postStatus, statusDescription } from './status'

// The gating status around a run that may fail: `pending` while it measures, `error` with the
// reason when it fails, and `error` from the post step when the run was stopped before a verdict.

/** Sets `loadgate/<benchmark>` to pending on the head; returns the status's id. */
export function postPending(ctx: PublishContext, benchmark: string, description: string): Promise<number> {
  return postStatus(ctx, gatingContext(benchmark), 'pending', statusDescription(description))
}

/**
 * Starts this run's check run of the benchmark, in progress. A token without `checks: write`
 * starts none (the pending status says it): only another failure is returned, as a warning.
 */
export async function startCheck(
  ctx: PublishContext,
  benchmark: string,
  description: string,
): Promise<string | undefined> {
  try {
    await startCheckRun(ctx, benchmark, description)
    return undefined
  } catch (error) {
    const status = statusOf(error)
    if (status === 403 || status === 404) return undefined
    return permissionWarning('start the check run', 'checks', error)
  }
}

/**
 * Status `success` saying the gate did not run, never over a final status of this commit's: a
 * blocked head must not turn green because a later event left the gate out (a label removed, then
 * another added). Returns whether it was written.
 */
export async function postNotRun(
  ctx: PublishContext,
  benchmark: string,
  description: string,
): Promise<boolean> {
  const context = gatingContext(benchmark)
  if (await hasFinalStatus(ctx, context)) return false
  await postStatus(ctx, context, 'success', statusDescription(description))
  return true
}

/**
 * Says on the pull request that the benchmark failed: status `error` with the reason's first line,
 * and the sticky comment (same marker as a result, so the next result replaces it) with the reason
 * and where the log is. Missing permissions become warnings, as for a result. A fork's report
 * (`unverified`) labels its comment, and leaves a trusted comment and a final status as they are.
 */
export async function publishFailure(
  ctx: PublishContext,
  benchmark: string,
  reason: string,
): Promise<PublishResult> {
  const result = await postCommentAndStatus(ctx, {
    comment: async (pullNumber) => {
      const rendered = renderFailureComment(benchmark, reason, {
        headSha: ctx.headSha,
        runUrl: ctx.targetUrl,
        statusSet: ctx.status,
      })
      const body = ctx.unverified ? labelUnverified(rendered) : rendered
      const existing = await findOwnComment(ctx, pullNumber, commentMarker(benchmark))
      if (ctx.unverified && existing && (await holdsTrustedResult(ctx, existing))) return existing.html_url
      if (ctx.comment === 'on-change' && existing?.body === body) return existing.html_url
      return writeComment(ctx, pullNumber, existing?.id ?? null, body)
    },
    status: async () => {
      const context = gatingContext(benchmark)
      if (ctx.unverified && (await hasFinalStatus(ctx, context))) return false
      await postStatus(ctx, context, 'error', statusDescription(reason))
      return true
    },
  })
  const where = { headSha: ctx.headSha, runUrl: ctx.targetUrl, statusSet: result.statusSet }
  await postCheckRun(
    ctx,
    benchmark,
    () => ({
      conclusion: 'failure',
      title: checkTitle(`Error: no verdict — ${statusDescription(reason)}`),
      summary: renderFailure(benchmark, reason, where),
    }),
    result,
  )
  return result
}

/**
 * Turns the pending status `pendingId` this run set into `error` — only while it is still the newest
 * status of its context on the head: a newer run's pending and any verdict stay. Returns whether it did.
 * GitHub has no conditional write: a status another run writes in the milliseconds between this
 * read and this write is followed by this `error` (a newer run's later verdict replaces it again).
 */
export async function withdrawPending(
  ctx: PublishContext,
  benchmark: string,
  pendingId: number,
  description: string,
): Promise<boolean> {
  const context = gatingContext(benchmark)
  // This run's own check run, stopped before its verdict: whatever became of the status.
  await failUnfinishedCheckRun(ctx, benchmark, description).catch(() => false)
  const newest = await newestStatus(ctx, context)
  if (newest?.id !== pendingId || newest.state !== 'pending') return false
  await postStatus(ctx, context, 'error', statusDescription(description))
  return true
}
