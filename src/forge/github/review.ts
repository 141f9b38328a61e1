import type { Comparison } from '../../model/types'
import { writtenBy } from './identity'
import { reviewBody } from './provenance'
import { ownLogin, repoOf, type PublishContext } from './publish-context'

function reviewMarker(benchmark: string): string {
  return `<!-- loadgate-review:${benchmark} -->`
}

/**
 * Submits the review matching the verdict, dismissing loadgate's earlier ones (its marker, written
 * by this token's identity); null when the review mode skips it. An unverified result submits
 * none and withdraws loadgate's earlier approval: it was for a commit this one replaces.
 */
export async function replaceReview(
  comparison: Comparison,
  ctx: PublishContext,
  pullNumber: number,
): Promise<string | null> {
  const event = comparison.blocking ? 'REQUEST_CHANGES' : 'APPROVE'
  if (!ctx.unverified && ctx.review === 'approve' && event !== 'APPROVE') return null
  if (!ctx.unverified && ctx.review === 'request-changes' && event !== 'REQUEST_CHANGES') return null
  const ours = await ownReviews(ctx, pullNumber, reviewMarker(comparison.benchmark))
  if (ctx.unverified) {
    const approvals = ours.filter((r) => r.state === 'APPROVED' && r.commit_id !== ctx.headSha)
    await dismiss(ctx, pullNumber, approvals, 'A newer commit has only an unverified loadgate result')
    return null
  }
  const wanted = event === 'APPROVE' ? 'APPROVED' : 'CHANGES_REQUESTED'
  const latest = ours.at(-1)
  if (latest?.state === wanted) return wanted
  await dismiss(ctx, pullNumber, ours, 'Superseded by a newer loadgate result')
  await ctx.octokit.rest.pulls.createReview({
    ...repoOf(ctx),
    pull_number: pullNumber,
    commit_id: ctx.headSha,
    event,
    body: reviewBody(reviewMarker(comparison.benchmark), comparison),
  })
  return wanted
}

/** loadgate's standing reviews: its marker, written by this token's identity. */
async function ownReviews(ctx: PublishContext, pullNumber: number, marker: string) {
  const login = await ownLogin(ctx)
  const reviews = await ctx.octokit.paginate(ctx.octokit.rest.pulls.listReviews, {
    ...repoOf(ctx),
    pull_number: pullNumber,
    per_page: 100,
  })
  return reviews.filter(
    (r) =>
      r.body?.includes(marker) &&
      writtenBy(r.user, login) &&
      (r.state === 'APPROVED' || r.state === 'CHANGES_REQUESTED'),
  )
}

async function dismiss(
  ctx: PublishContext,
  pullNumber: number,
  reviews: Array<{ id: number }>,
  message: string,
): Promise<void> {
  for (const review of reviews) {
    await ctx.octokit.rest.pulls.dismissReview({
      ...repoOf(ctx),
      pull_number: pullNumber,
      review_id: review.id,
      message,
    })
  }
}
