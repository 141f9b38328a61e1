import type { Comparison } from '../../model/types'
import { unverifiedDescription } from './provenance'
import { repoOf, type PublishContext } from './publish-context'

type StatusState = 'success' | 'failure' | 'error' | 'pending'

function statusState(comparison: Comparison): StatusState {
  if (!comparison.blocking) return 'success'
  return comparison.verdict === 'INVALID' ? 'error' : 'failure'
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** The gating context branch protection requires. */
export function gatingContext(benchmark: string): string {
  return `loadgate/${benchmark}`
}

/**
 * The commit status `loadgate/<benchmark>` on the head: what branch protection requires. An
 * unverified result sets it to `pending` (which never satisfies protection), and never replaces a
 * final state a trusted run already set on that commit. Returns whether a status was written.
 */
export async function setStatus(comparison: Comparison, ctx: PublishContext): Promise<boolean> {
  const context = gatingContext(comparison.benchmark)
  // Not atomic (GitHub has no compare-and-set for statuses): a trusted state written between this
  // read and the write below ends up under a `pending`. That only hurts the fork: pending never
  // satisfies branch protection, so its PR stays blocked until the maintainer runs or accepts again.
  if (ctx.unverified && (await hasFinalStatus(ctx, context))) return false
  await ctx.octokit.rest.repos.createCommitStatus({
    ...repoOf(ctx),
    sha: ctx.headSha,
    state: ctx.unverified ? 'pending' : statusState(comparison),
    context,
    description: truncate(ctx.unverified ? unverifiedDescription(comparison) : comparison.headline, 140),
    ...(ctx.targetUrl ? { target_url: ctx.targetUrl } : {}),
  })
  return true
}

/** Whether the newest status of `context` on the head is final (GitHub lists newest first). */
async function hasFinalStatus(ctx: PublishContext, context: string): Promise<boolean> {
  const statuses = await ctx.octokit.paginate(ctx.octokit.rest.repos.listCommitStatusesForRef, {
    ...repoOf(ctx),
    ref: ctx.headSha,
    per_page: 100,
  })
  const newest = statuses.find((s) => s.context === context)
  return newest !== undefined && newest.state !== 'pending'
}
