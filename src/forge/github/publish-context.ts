import type { Octokit } from './client'
import type { CommentMode, ReviewMode } from '../../settings/types'
import type { ReportLinks } from '../../report/markdown'
import { tokenLogin } from './identity'

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
  /** The workflow run: the check run it starts and completes carries it as `external_id`. */
  runId?: string
  /** Computed on a fork's runner: labelled, pending status at most, no review. */
  unverified?: boolean
}

/** The owner/repo pair every call names. */
export function repoOf(ctx: PublishContext): { owner: string; repo: string } {
  return { owner: ctx.owner, repo: ctx.repo }
}

const logins = new WeakMap<Octokit, Promise<string>>()

/** The token's own login, asked once per client: only what it wrote is loadgate's to edit. */
export function ownLogin(ctx: PublishContext): Promise<string> {
  let login = logins.get(ctx.octokit)
  if (!login) {
    login = tokenLogin(ctx.octokit)
    logins.set(ctx.octokit, login)
  }
  return login
}
