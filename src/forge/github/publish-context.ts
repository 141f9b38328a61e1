import type { Octokit } from './client'
import type { CommentMode, ReviewMode } from '../../settings/types'
import type { ReportLinks } from '../../report/markdown'

/** Where and how to post one result. */
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

/** The owner/repo pair every call names. */
export function repoOf(ctx: PublishContext): { owner: string; repo: string } {
  return { owner: ctx.owner, repo: ctx.repo }
}
