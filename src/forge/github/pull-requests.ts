import type { PullRequestInfo } from '../forge'
import type { Octokit } from './client'

/** The head a pull request must have: its commit, and where known its repository and branch. */
export interface PullRequestHead {
  sha: string
  /** owner/name; '' matches any (the event did not say). */
  repository: string
  /** '' matches any. */
  branch: string
}

/**
 * The open pull request with this head (fork PRs included), or null; a bare sha matches on it alone. Anyone can open a pull
 * request whose head is the same commit (a fork of the branch): the commit alone does not say
 * which one a run belongs to, its repository and branch do.
 */
export async function findPullRequestForSha(
  octokit: Octokit,
  owner: string,
  repo: string,
  wanted: PullRequestHead | string,
): Promise<number | null> {
  const head = typeof wanted === 'string' ? { sha: wanted, repository: '', branch: '' } : wanted
  const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
    owner,
    repo,
    commit_sha: head.sha,
  })
  const matching = data.filter(
    (pr) =>
      pr.head.sha === head.sha &&
      (!head.repository || pr.head.repo?.full_name === head.repository) &&
      (!head.branch || pr.head.ref === head.branch),
  )
  const match = matching.find((pr) => pr.state === 'open') ?? matching[0]
  return match?.number ?? null
}

/** A pull request as the API has it now (never as a checkout or an event remembers it). */
export async function getPullRequest(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  pullNumber: number,
): Promise<PullRequestInfo> {
  const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber })
  return {
    number: data.number,
    baseRef: data.base.ref,
    baseSha: data.base.sha,
    headSha: data.head.sha,
    headRef: data.head.ref,
  }
}

/** The merge-base of `head` with the branch `base`, as the API computes it (compare base...head). */
export async function mergeBaseOf(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  base: string,
  head: string,
): Promise<string> {
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    ...repo,
    basehead: `${base}...${head}`,
    per_page: 1,
  })
  return data.merge_base_commit.sha
}
