import type { Comparison } from '../../model/types'
import { isUndecided } from './checks'
import { unverifiedDescription } from './provenance'
import { repoOf, type PublishContext } from './publish-context'

import { withoutControlCharacters } from '../../util/control-characters'

export type StatusState = 'success' | 'failure' | 'error' | 'pending'

function statusState(comparison: Comparison): StatusState {
  // Nothing gated is no verdict: never a success a required status would take for approval.
  if (comparison.verdict === 'NOTHING_GATED') return 'error'
  if (!comparison.blocking) return 'success'
  return comparison.verdict === 'INVALID' ? 'error' : 'failure'
}

/**
 * A fork's own result: `pending` (it never passes), except a blocking INVALID — its stack did not
 * start or its run could not measure — which is `error`, so the pull request shows it failed.
 */
function unverifiedState(comparison: Comparison): StatusState {
  return comparison.blocking && comparison.verdict === 'INVALID' ? 'error' : 'pending'
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** GitHub keeps 140 characters of a status description. */
const DESCRIPTION_LIMIT = 140

/** Untrusted text (an error's message) as a status description: its first line, no control characters, ≤ 140. */
export function statusDescription(text: string): string {
  const firstLine = text.trim().split(/\r?\n/)[0] ?? ''
  return truncate(withoutControlCharacters(firstLine).trim(), DESCRIPTION_LIMIT)
}

/**
 * A verdict's description: its headline, and for a run that passes undecided (`success` under
 * `fail-on`) "Undecided — " first, so a token without check runs still does not look like approval.
 */
export function verdictDescription(
  comparison: Pick<Comparison, 'verdict' | 'blocking' | 'headline'>,
): string {
  if (comparison.blocking || !isUndecided(comparison)) return truncate(comparison.headline, DESCRIPTION_LIMIT)
  const rest = comparison.headline.replace(/^Inconclusive\s*[—,:-]?\s*/, '')
  return truncate(`Undecided — ${rest}`, DESCRIPTION_LIMIT)
}

/** The gating context branch protection requires. */
export function gatingContext(benchmark: string): string {
  return `loadgate/${benchmark}`
}

/**
 * The commit status `loadgate/<benchmark>` on the head: what branch protection requires. An
 * unverified result sets it to `pending` or `error` (neither satisfies protection), and never
 * replaces a final state already set on that commit. Returns whether a status was written.
 */
export async function setStatus(comparison: Comparison, ctx: PublishContext): Promise<boolean> {
  const context = gatingContext(comparison.benchmark)
  // Not atomic (GitHub has no compare-and-set for statuses): a trusted state written between this
  // read and the write below ends up under a `pending`. That only hurts the fork: pending never
  // satisfies branch protection, so its PR stays blocked until the maintainer runs or accepts again.
  if (ctx.unverified && (await hasFinalStatus(ctx, context))) return false
  await postStatus(
    ctx,
    context,
    ctx.unverified ? unverifiedState(comparison) : statusState(comparison),
    ctx.unverified
      ? truncate(unverifiedDescription(comparison), DESCRIPTION_LIMIT)
      : verdictDescription(comparison),
  )
  return true
}

/** Writes one status of `context` on the head; returns its id. */
export async function postStatus(
  ctx: PublishContext,
  context: string,
  state: StatusState,
  description: string,
): Promise<number> {
  const { data } = await ctx.octokit.rest.repos.createCommitStatus({
    ...repoOf(ctx),
    sha: ctx.headSha,
    state,
    context,
    description,
    ...(ctx.targetUrl ? { target_url: ctx.targetUrl } : {}),
  })
  return data.id
}

/** The newest status of `context` on the head (GitHub lists newest first), or undefined. */
export async function newestStatus(ctx: PublishContext, context: string) {
  const statuses = await ctx.octokit.paginate(ctx.octokit.rest.repos.listCommitStatusesForRef, {
    ...repoOf(ctx),
    ref: ctx.headSha,
    per_page: 100,
  })
  return statuses.find((s) => s.context === context)
}

/** Whether the newest status of `context` on the head is final. */
export async function hasFinalStatus(ctx: PublishContext, context: string): Promise<boolean> {
  const newest = await newestStatus(ctx, context)
  return newest !== undefined && newest.state !== 'pending'
}
