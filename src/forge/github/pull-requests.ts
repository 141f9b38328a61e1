import type { Octokit } from './client'

/** The open pull request whose head is `sha` (fork PRs included), or null. */
export async function findPullRequestForSha(
  octokit: Octokit,
  owner: string,
  repo: string,
  sha: string,
): Promise<number | null> {
  const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
    owner,
    repo,
    commit_sha: sha,
  })
  const match =
    data.find((pr) => pr.head.sha === sha && pr.state === 'open') ?? data.find((pr) => pr.head.sha === sha)
  return match?.number ?? null
}
