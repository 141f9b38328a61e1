import type { Comparison } from '../../model/types'
import { acceptanceIn } from '../../report/acceptance'
import { commentMarker, comparisonDigest, renderComment } from '../../report/markdown'
import { writtenBy } from './identity'
import { forkReportBody, forkReportMarker, isLabelledUnverified, labelUnverified } from './provenance'
import { ownLogin, repoOf, type PublishContext } from './publish-context'

type IssueComment = { id: number; body?: string | null; html_url: string; user: { login?: string } | null }

/** Where a result went, and a line for the log when it did not go where it usually goes. */
export interface CommentOutcome {
  /** Null when no comment was written (`comment: unless-no-change` and no change). */
  url: string | null
  note?: string
}

/**
 * Creates the benchmark's sticky comment, or edits the one that carries its marker and was written
 * by this token's identity (a marker in someone else's comment is just text).
 *
 * A fork's unverified report never edits a sticky comment that holds a trusted result or an
 * acceptance (whatever commit it speaks about: a re-run of an old fork run must not erase the
 * current one); it goes into a comment of its own, which no trusted writer reads.
 */
export async function upsertComment(
  comparison: Comparison,
  ctx: PublishContext,
  pullNumber: number,
): Promise<CommentOutcome> {
  const comments = await ownComments(ctx, pullNumber)
  const ownWith = (marker: string) => comments.find((c) => c.body?.startsWith(marker))
  // A fork's own result cannot be accepted: only a trusted comment shows the command.
  const rendered = renderComment(comparison, ctx.links, !ctx.unverified)
  const sticky = ownWith(commentMarker(comparison.benchmark))
  // A comment written for an earlier push is still brought up to date: it must not go on saying "Blocked".
  if (ctx.comment === 'unless-no-change' && comparison.verdict === 'NO_CHANGE' && !sticky)
    return {
      url: null,
      note: `${comparison.benchmark}: no change, so no comment (comment: unless-no-change); the status says it`,
    }
  if (!ctx.unverified) return { url: await write(ctx, pullNumber, sticky, rendered, comparison) }
  if (!sticky || !(await holdsTrustedResult(ctx, sticky))) {
    return { url: await write(ctx, pullNumber, sticky, labelUnverified(rendered), comparison) }
  }
  const separate = ownWith(forkReportMarker(comparison.benchmark))
  return {
    url: await write(ctx, pullNumber, separate, forkReportBody(rendered, comparison.benchmark), comparison),
    note:
      `${comparison.benchmark}: the sticky comment holds a trusted result or an acceptance, which a fork's ` +
      `report never edits; the fork's unverified result is posted in a comment of its own (${sticky.html_url})`,
  }
}

/** loadgate's comment that starts with `marker` and was written by this token's identity, if any. */
export async function findOwnComment(
  ctx: PublishContext,
  pullNumber: number,
  marker: string,
): Promise<IssueComment | undefined> {
  return (await ownComments(ctx, pullNumber)).find((c) => c.body?.startsWith(marker))
}

/** The pull request's comments written by this token's identity. */
async function ownComments(ctx: PublishContext, pullNumber: number): Promise<IssueComment[]> {
  const login = await ownLogin(ctx)
  const comments = await ctx.octokit.paginate(ctx.octokit.rest.issues.listComments, {
    ...repoOf(ctx),
    issue_number: pullNumber,
    per_page: 100,
  })
  return comments.filter((c) => writtenBy(c.user, login))
}

/**
 * Whether a sticky comment holds what a fork's report must not touch. Read again right before
 * the edit: the window in which a trusted writer can still slip in is one API round trip.
 */
export async function holdsTrustedResult(ctx: PublishContext, listed: IssueComment): Promise<boolean> {
  const trusted = (body: string) => !isLabelledUnverified(body) || acceptanceIn(body) !== null
  if (trusted(listed.body ?? '')) return true
  const { data } = await ctx.octokit.rest.issues.getComment({ ...repoOf(ctx), comment_id: listed.id })
  return trusted(data.body ?? '')
}

/** A result's comment: unchanged ones are left alone under `comment: on-change`. */
async function write(
  ctx: PublishContext,
  pullNumber: number,
  existing: IssueComment | undefined,
  body: string,
  comparison: Comparison,
): Promise<string> {
  if (existing) {
    const unchanged =
      // The same figures about another commit are rewritten: the marker names the head they show.
      existing.body?.includes(`digest=${comparisonDigest(comparison)} head=${comparison.meta.head.sha} `) &&
      isLabelledUnverified(existing.body) === Boolean(ctx.unverified)
    if (ctx.comment === 'on-change' && unchanged) return existing.html_url
  }
  return writeComment(ctx, pullNumber, existing?.id ?? null, body)
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
