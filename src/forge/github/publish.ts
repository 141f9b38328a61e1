import { statusOf, type Octokit } from './client'
import { errorMessage } from '../../util/errors'
import type { Comparison } from '../../model/types'
import type { PublishResult } from '../backend'
import type { CommentMode, ReviewMode } from '../../settings/types'
import { commentMarker, comparisonDigest, renderComment, type ReportLinks } from '../../report/markdown'

export interface PublishContext {
  octokit: Octokit
  owner: string
  repo: string
  pullNumber: number | null
  headSha: string
  comment: CommentMode
  status: boolean
  review: ReviewMode
  links: ReportLinks
  targetUrl?: string
}

/** One line naming the missing permission, for the 403/404 GitHub answers a token without it. */
function permissionWarning(what: string, permission: string, error: unknown): string {
  const status = statusOf(error)
  if (status === 403 || status === 404) {
    return `loadgate could not ${what} (HTTP ${status}): give the workflow \`permissions: ${permission}: write\``
  }
  return `loadgate could not ${what}: ${errorMessage(error)}`
}

async function upsertComment(
  comparison: Comparison,
  ctx: PublishContext,
  pullNumber: number,
): Promise<string> {
  const marker = commentMarker(comparison.benchmark)
  const comments = await ctx.octokit.paginate(ctx.octokit.rest.issues.listComments, {
    owner: ctx.owner,
    repo: ctx.repo,
    issue_number: pullNumber,
    per_page: 100,
  })
  const existing = comments.find((c) => c.body?.startsWith(marker))
  const body = renderComment(comparison, ctx.links)
  if (existing) {
    if (ctx.comment === 'on-change' && existing.body?.includes(`digest=${comparisonDigest(comparison)} `))
      return existing.html_url
    const { data } = await ctx.octokit.rest.issues.updateComment({
      owner: ctx.owner,
      repo: ctx.repo,
      comment_id: existing.id,
      body,
    })
    return data.html_url
  }
  const { data } = await ctx.octokit.rest.issues.createComment({
    owner: ctx.owner,
    repo: ctx.repo,
    issue_number: pullNumber,
    body,
  })
  return data.html_url
}

function statusState(comparison: Comparison): 'success' | 'failure' | 'error' {
  if (!comparison.blocking) return 'success'
  return comparison.verdict === 'INVALID' ? 'error' : 'failure'
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

function reviewMarker(benchmark: string): string {
  return `<!-- loadgate-review:${benchmark} -->`
}

async function replaceReview(
  comparison: Comparison,
  ctx: PublishContext,
  pullNumber: number,
): Promise<string | null> {
  const event = comparison.blocking ? 'REQUEST_CHANGES' : 'APPROVE'
  if (ctx.review === 'approve' && event !== 'APPROVE') return null
  if (ctx.review === 'request-changes' && event !== 'REQUEST_CHANGES') return null
  const marker = reviewMarker(comparison.benchmark)
  const reviews = await ctx.octokit.paginate(ctx.octokit.rest.pulls.listReviews, {
    owner: ctx.owner,
    repo: ctx.repo,
    pull_number: pullNumber,
    per_page: 100,
  })
  const ours = reviews.filter(
    (r) => r.body?.includes(marker) && (r.state === 'APPROVED' || r.state === 'CHANGES_REQUESTED'),
  )
  const wanted = event === 'APPROVE' ? 'APPROVED' : 'CHANGES_REQUESTED'
  const latest = ours.at(-1)
  if (latest?.state === wanted) return wanted
  for (const review of ours) {
    await ctx.octokit.rest.pulls.dismissReview({
      owner: ctx.owner,
      repo: ctx.repo,
      pull_number: pullNumber,
      review_id: review.id,
      message: 'Superseded by a newer loadgate result',
    })
  }
  await ctx.octokit.rest.pulls.createReview({
    owner: ctx.owner,
    repo: ctx.repo,
    pull_number: pullNumber,
    commit_id: ctx.headSha,
    event,
    body: `${marker}\nloadgate · ${comparison.benchmark}: ${comparison.headline}`,
  })
  return wanted
}

/**
 * Posts the result: the sticky comment, the commit status branch protection can require, and the
 * optional review. Missing permissions and refused approvals become warnings, never failures:
 * the verdict still reaches the job summary and the exit code.
 */
export async function publishReport(comparison: Comparison, ctx: PublishContext): Promise<PublishResult> {
  const result: PublishResult = { commentUrl: null, statusSet: false, reviewState: null, warnings: [] }
  if (ctx.pullNumber !== null && ctx.comment !== 'off') {
    try {
      result.commentUrl = await upsertComment(comparison, ctx, ctx.pullNumber)
    } catch (error) {
      result.warnings.push(permissionWarning('comment on the pull request', 'pull-requests', error))
    }
  }
  if (ctx.status) {
    try {
      await ctx.octokit.rest.repos.createCommitStatus({
        owner: ctx.owner,
        repo: ctx.repo,
        sha: ctx.headSha,
        state: statusState(comparison),
        context: `loadgate/${comparison.benchmark}`,
        description: truncate(comparison.headline, 140),
        ...(ctx.targetUrl ? { target_url: ctx.targetUrl } : {}),
      })
      result.statusSet = true
    } catch (error) {
      result.warnings.push(permissionWarning('set the commit status', 'statuses', error))
    }
  }
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
