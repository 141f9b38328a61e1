import type { Comparison } from '../../model/types'
import { commentMarker, comparisonDigest, renderComment } from '../../report/markdown'
import { repoOf, type PublishContext } from './publish-context'

/** Creates the benchmark's sticky comment, or edits the one that carries its marker. */
export async function upsertComment(
  comparison: Comparison,
  ctx: PublishContext,
  pullNumber: number,
): Promise<string> {
  const marker = commentMarker(comparison.benchmark)
  const comments = await ctx.octokit.paginate(ctx.octokit.rest.issues.listComments, {
    ...repoOf(ctx),
    issue_number: pullNumber,
    per_page: 100,
  })
  const existing = comments.find((c) => c.body?.startsWith(marker))
  const body = renderComment(comparison, ctx.links)
  if (existing) {
    if (ctx.comment === 'on-change' && existing.body?.includes(`digest=${comparisonDigest(comparison)} `))
      return existing.html_url
    const { data } = await ctx.octokit.rest.issues.updateComment({
      ...repoOf(ctx),
      comment_id: existing.id,
      body,
    })
    return data.html_url
  }
  const { data } = await ctx.octokit.rest.issues.createComment({
    ...repoOf(ctx),
    issue_number: pullNumber,
    body,
  })
  return data.html_url
}
