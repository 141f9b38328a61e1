import type { Comparison } from '../../model/types'
import { writtenBy } from './identity'
import { reviewBody } from './provenance'
import { ownLogin, repoOf, type PublishContext } from './publish-context'

function reviewMarker(benchmark: string): string {
  return `<!-- loadgate-review:${benchmark} -->`
}

/**
 * Submits the review matching the verdict, dismissing loadgate's earlier ones (its marker, written
 * by this token's identity); null when the review mode skips it.
 */
export async function replaceReview(
  comparison: Comparison,
  ctx: PublishContext,
  pullNumber: number,
): Promise<string | null> {
  if (ctx.unverified) return null
  const event = comparison.blocking ? 'REQUEST_CHANGES' : 'APPROVE'
  if (ctx.review === 'approve' && event !== 'APPROVE') return null
  if (ctx.review === 'request-changes' && event !== 'REQUEST_CHANGES') return null
  const marker = reviewMarker(comparison.benchmark)
  const login = await ownLogin(ctx)
  const reviews = await ctx.octokit.paginate(ctx.octokit.rest.pulls.listReviews, {
    ...repoOf(ctx),
    pull_number: pullNumber,
    per_page: 100,
  })
  const ours = reviews.filter(
    (r) =>
      r.body?.includes(marker) &&
      writtenBy(r.user, login) &&
      (r.state === 'APPROVED' || r.state === 'CHANGES_REQUESTED'),
  )
  const wanted = event === 'APPROVE' ? 'APPROVED' : 'CHANGES_REQUESTED'
  const latest = ours.at(-1)
  if (latest?.state === wanted) return wanted
  for (const review of ours) {
    await ctx.octokit.rest.pulls.dismissReview({
      ...repoOf(ctx),
      pull_number: pullNumber,
      review_id: review.id,
      message: 'Superseded by a newer loadgate result',
    })
  }
  await ctx.octokit.rest.pulls.createReview({
    ...repoOf(ctx),
    pull_number: pullNumber,
    commit_id: ctx.headSha,
    event,
    body: reviewBody(marker, comparison),
  })
  return wanted
}
