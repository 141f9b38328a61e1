import { renderFailureComment } from '../../report/failure'
import { commentMarker } from '../../report/markdown'
import type { PublishResult } from '../backend'
import { findOwnComment, writeComment } from './comment'
import type { PublishContext } from './publish-context'
import { permissionWarning } from './publish'
import { gatingContext, newestStatus, postStatus, statusDescription } from './status'

// The gating status around a run that may fail: `pending` while it measures, `error` with the
// reason when it fails, and `error` from the post step when the run was stopped before a verdict.

/** Sets `loadgate/<benchmark>` to pending on the head; returns the status's id. */
export function postPending(ctx: PublishContext, benchmark: string, description: string): Promise<number> {
  return postStatus(ctx, gatingContext(benchmark), 'pending', statusDescription(description))
}

/**
 * Says on the pull request that the benchmark failed: status `error` with the reason's first line,
 * and the sticky comment (same marker as a result, so the next result replaces it) with the reason
 * and where the log is. Missing permissions become warnings, as for a result.
 */
export async function publishFailure(
  ctx: PublishContext,
  benchmark: string,
  reason: string,
): Promise<PublishResult> {
  const result: PublishResult = { commentUrl: null, statusSet: false, reviewState: null, warnings: [] }
  if (ctx.pullNumber !== null && ctx.comment !== 'off') {
    try {
      const body = renderFailureComment(benchmark, reason, {
        headSha: ctx.headSha,
        runUrl: ctx.targetUrl,
        statusSet: ctx.status,
      })
      const existing = await findOwnComment(ctx, ctx.pullNumber, commentMarker(benchmark))
      result.commentUrl =
        ctx.comment === 'on-change' && existing?.body === body
          ? existing.html_url
          : await writeComment(ctx, ctx.pullNumber, existing?.id ?? null, body)
    } catch (error) {
      result.warnings.push(permissionWarning('comment on the pull request', 'pull-requests', error))
    }
  }
  if (ctx.status) {
    try {
      await postStatus(ctx, gatingContext(benchmark), 'error', statusDescription(reason))
      result.statusSet = true
    } catch (error) {
      result.warnings.push(permissionWarning('set the commit status', 'statuses', error))
    }
  }
  return result
}

/**
 * Turns the pending status `pendingId` this run set into `error` — only while it is still the newest
 * status of its context on the head: a newer run's pending and any verdict stay. Returns whether it did.
 * (A newer run on the same commit that sets its pending between this read and write gets `error`
 * until its own verdict replaces it: never a stale pending, and never a verdict overwritten.)
 */
export async function withdrawPending(
  ctx: PublishContext,
  benchmark: string,
  pendingId: number,
  description: string,
): Promise<boolean> {
  const context = gatingContext(benchmark)
  const newest = await newestStatus(ctx, context)
  if (newest?.id !== pendingId || newest.state !== 'pending') return false
  await postStatus(ctx, context, 'error', statusDescription(description))
  return true
}
