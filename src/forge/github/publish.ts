import { statusOf } from './client'
import { errorMessage } from '../../util/errors'
import type { Comparison } from '../../model/types'
import type { PublishResult } from '../forge'
import { renderComment } from '../../report/markdown'
import { comparisonCheck, finishCheckRun, type CheckReport } from './checks'
import { upsertComment } from './comment'
import { repoOf, type PublishContext } from './publish-context'
import { replaceReview } from './review'
import { setStatus } from './status'

export type { PublishContext } from './publish-context'

/** One line naming the missing permission, for the 403/404 GitHub answers a token without it. */
export function permissionWarning(what: string, permission: string, error: unknown): string {
  const status = statusOf(error)
  if (status === 403 || status === 404) {
    return `loadgate could not ${what} (HTTP ${status}): give the workflow \`permissions: ${permission}: write\``
  }
  return `loadgate could not ${what}: ${errorMessage(error)}`
}

/**
 * The benchmark's check run beside its status (where statuses are on), never for a fork's
 * unverified result. A token without `checks: write` gets the status alone, and a note says so.
 */
export async function postCheckRun(
  ctx: PublishContext,
  benchmark: string,
  report: () => CheckReport,
  result: PublishResult,
): Promise<void> {
  if (!ctx.status || ctx.unverified) return
  try {
    await finishCheckRun(ctx, benchmark, report())
    result.checkRun = true
  } catch (error) {
    const status = statusOf(error)
    if (status === 403 || status === 404)
      result.notes.push(
        `${benchmark}: no check run (HTTP ${status}): the token cannot write check runs, so the commit ` +
          'status alone says the verdict; give the workflow `permissions: checks: write` for one',
      )
    else result.warnings.push(permissionWarning('write the check run', 'checks', error))
  }
}

/**
 * The sticky comment (where there is a pull request and comments are on) and the status (where
 * statuses are on), each written by `post`; a missing permission becomes a warning.
 */
export async function postCommentAndStatus(
  ctx: PublishContext,
  post: { comment: (pullNumber: number) => Promise<string | null>; status: () => Promise<boolean> },
): Promise<PublishResult> {
  const result: PublishResult = {
    commentUrl: null,
    statusSet: false,
    reviewState: null,
    warnings: [],
    notes: [],
  }
  if (ctx.pullNumber !== null && ctx.comment !== 'off') {
    try {
      result.commentUrl = await post.comment(ctx.pullNumber)
    } catch (error) {
      result.warnings.push(permissionWarning('comment on the pull request', 'pull-requests', error))
    }
  }
  if (ctx.status) {
    try {
      const elsewhere = ctx.unverified ? await notOwnPullHead(ctx) : null
      if (elsewhere) result.notes.push(elsewhere)
      else result.statusSet = await post.status()
    } catch (error) {
      result.warnings.push(permissionWarning('set the commit status', 'statuses', error))
    }
  }
  return result
}

/**
 * Posts the result: the sticky comment, the commit status branch protection can require, and the
 * optional review (never for an unverified result). Missing permissions and refused approvals become warnings, never failures:
 * the verdict still reaches the job summary and the exit code.
 */
export async function publishReport(comparison: Comparison, ctx: PublishContext): Promise<PublishResult> {
  const notes: string[] = []
  const result = await postCommentAndStatus(ctx, {
    comment: async (pullNumber) => {
      const posted = await upsertComment(comparison, ctx, pullNumber)
      if (posted.note) notes.push(posted.note)
      return posted.url
    },
    status: async () => {
      const set = await setStatus(comparison, ctx)
      if (!set)
        notes.push(
          `${comparison.benchmark}: the status a trusted run or an acceptance set on this commit stays; ` +
            "a fork's report never replaces it",
        )
      return set
    },
  })
  result.notes.push(...notes)
  await postCheckRun(
    ctx,
    comparison.benchmark,
    () => comparisonCheck(comparison, renderComment(comparison, ctx.links, true)),
    result,
  )
  if (ctx.pullNumber !== null && ctx.review !== 'off') {
    try {
      result.reviewState = await replaceReview(comparison, ctx, ctx.pullNumber)
    } catch (error) {
      const status = statusOf(error)
      result.warnings.push(
        status === 422
          ? `loadgate could not review the pull request: GitHub refused (${errorMessage(error).split('\n')[0]}); ` +
              'a token cannot approve its own PR, and "Allow GitHub Actions to create and approve pull requests" must be on'
          : permissionWarning('review the pull request', 'pull-requests', error),
      )
    }
  }
  return result
}

/**
 * Why a fork's report sets no status, or null: a status belongs to a commit, and another pull
 * request (or branch) may have the same head. Only the run's own pull request, found by its head
 * repository and branch, whose head is still this commit, may have its status set.
 */
async function notOwnPullHead(ctx: PublishContext): Promise<string | null> {
  const sha = ctx.headSha.slice(0, 12)
  if (ctx.pullNumber === null)
    return `no status set on ${sha}: the fork's run belongs to no open pull request loadgate could find`
  const { data } = await ctx.octokit.rest.pulls.get({ ...repoOf(ctx), pull_number: ctx.pullNumber })
  if (data.head.sha === ctx.headSha) return null
  return `no status set on ${sha}: it is no longer the head of #${ctx.pullNumber} (${data.head.sha.slice(0, 12)})`
}
