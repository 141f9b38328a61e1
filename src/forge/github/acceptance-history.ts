import type { AcceptanceHistory } from '../forge'
import type { Octokit } from './client'
import { tokenLogin, writtenBy } from './identity'
import { gatingContext } from './status'

type Repo = { owner: string; repo: string }

/**
 * When the pull request's head branch was force-pushed (the timeline's `head_ref_force_pushed`
 * events, as GitHub's clock has them), oldest first: a force-push can bring back an earlier
 * commit whose blocked result predates a comment that was about another one.
 */
export async function headForcePushes(octokit: Octokit, repo: Repo, pullNumber: number): Promise<string[]> {
  const events = await octokit.paginate(octokit.rest.issues.listEventsForTimeline, {
    ...repo,
    issue_number: pullNumber,
    per_page: 100,
  })
  return events
    .filter(
      (e) => e.event === 'head_ref_force_pushed' && 'created_at' in e && typeof e.created_at === 'string',
    )
    .map((e) => (e as { created_at: string }).created_at)
}

/**
 * When `login` last added `label` to the pull request (the timeline's `labeled` events, on GitHub's
 * clock); '' when the timeline shows none. A label accepts only results set before it was added.
 */
export async function labelledAt(
  octokit: Octokit,
  repo: Repo,
  pullNumber: number,
  label: string,
  login: string,
): Promise<string> {
  const events = await octokit.paginate(octokit.rest.issues.listEventsForTimeline, {
    ...repo,
    issue_number: pullNumber,
    per_page: 100,
  })
  const added = events.filter((e) => {
    const event = e as { event?: string; label?: { name?: string }; actor?: { login?: string } | null }
    return event.event === 'labeled' && event.label?.name === label && event.actor?.login === login
  })
  const at = (added.at(-1) as { created_at?: unknown } | undefined)?.created_at
  return typeof at === 'string' ? at : ''
}

/** The most commits of a pull request read to check a comment that names no full sha. */
export const MAX_PULL_COMMITS = 100

/**
 * What a comment naming no full sha is checked against: the head branch's force-pushes, the pull
 * request's commits (null beyond MAX_PULL_COMMITS), and the gating statuses loadgate itself set on
 * its commits other than the head, for `benchmarks`. A fast-forward back to a commit blocked
 * earlier leaves no force-push, but the result the maintainer saw is then newer than the head's.
 */
export async function acceptanceHistory(
  octokit: Octokit,
  repo: Repo,
  pullNumber: number,
  headSha: string,
  benchmarks: string[],
): Promise<AcceptanceHistory> {
  const forcePushes = await headForcePushes(octokit, repo, pullNumber)
  const listed: string[] = []
  for await (const { data } of octokit.paginate.iterator(octokit.rest.pulls.listCommits, {
    ...repo,
    pull_number: pullNumber,
    per_page: 100,
  })) {
    listed.push(...data.map((c) => c.sha))
    if (listed.length > MAX_PULL_COMMITS) return { forcePushes, commits: null, elsewhere: [] }
  }
  const login = await tokenLogin(octokit)
  const contexts = new Map(benchmarks.map((b) => [gatingContext(b), b]))
  const elsewhere: AcceptanceHistory['elsewhere'] = []
  for (const sha of listed.filter((c) => c !== headSha)) {
    const { data } = await octokit.rest.repos.listCommitStatusesForRef({ ...repo, ref: sha, per_page: 100 })
    for (const status of data) {
      const benchmark = contexts.get(status.context)
      if (benchmark && writtenBy(status.creator, login))
        elsewhere.push({ sha, benchmark, setAt: status.created_at })
    }
  }
  return { forcePushes, commits: listed, elsewhere }
}
