import type { Comparison } from '../../model/types'
import { repoOf, type PublishContext } from './publish-context'

function statusState(comparison: Comparison): 'success' | 'failure' | 'error' {
  if (!comparison.blocking) return 'success'
  return comparison.verdict === 'INVALID' ? 'error' : 'failure'
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** The commit status `loadgate/<benchmark>` on the head: what branch protection requires. */
export async function setStatus(comparison: Comparison, ctx: PublishContext): Promise<void> {
  await ctx.octokit.rest.repos.createCommitStatus({
    ...repoOf(ctx),
    sha: ctx.headSha,
    state: statusState(comparison),
    context: `loadgate/${comparison.benchmark}`,
    description: truncate(comparison.headline, 140),
    ...(ctx.targetUrl ? { target_url: ctx.targetUrl } : {}),
  })
}
