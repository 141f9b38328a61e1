import type { Comparison } from '../../model/types'
import { commentMarker, comparisonDigest, renderComment } from '../../report/markdown'
import { writtenBy } from './identity'
import { isLabelledUnverified, labelUnverified } from './provenance'
import { ownLogin, repoOf, type PublishContext } from './publish-context'

/**
 * Creates the benchmark's sticky comment, or edits the one that carries its marker and was written
 * by this token's identity (a marker in someone else's comment is just text).
 */
export async function upsertComment(
  comparison: Comparison,
  ctx: PublishContext,
  pullNumber: number,
): Promise<string> {
  const existing = await findOwnComment(ctx, pullNumber, commentMarker(comparison.benchmark))
  const rendered = renderComment(comparison, ctx.links)
  const body = ctx.unverified ? labelUnverified(rendered) : rendered
  if (existing) {
    const unchanged =
      existing.body?.includes(`digest=${comparisonDigest(comparison)} `) &&
      isLabelledUnverified(existing.body) === Boolean(ctx.unverified)
    if (ctx.comment === 'on-change' && unchanged) return existing.html_url
  }
  return writeComment(ctx, pullNumber, existing?.id ?? null, body)
}

/** loadgate's comment that starts with `marker` and was written by this token's identity, if any. */
export async function findOwnComment(ctx: PublishContext, pullNumber: number, marker: string) {
  const login = await ownLogin(ctx)
  const comments = await ctx.octokit.paginate(ctx.octokit.rest.issues.listComments, {
    ...repoOf(ctx),
    issue_number: pullNumber,
    per_page: 100,
  })
  return comments.find((c) => c.body?.startsWith(marker) && writtenBy(c.user, login))
}

/** Edits the comment `existingId` (null: creates one); returns its URL. */
export async function writeComment(
  ctx: PublishContext,
  pullNumber: number,
  existingId: number | null,
  body: string,
): Promise<string> {
  if (existingId !== null) {
    const { data } = await ctx.octokit.rest.issues.updateComment({
      ...repoOf(ctx),
      comment_id: existingId,
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
