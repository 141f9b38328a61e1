import type { OwnIssue } from '../forge'
import type { Octokit } from './client'
import { writtenBy } from './identity'

type RepoRef = { owner: string; repo: string }

interface IssueData {
  number: number
  html_url: string
  state: string
  title: string
  body?: string | null
}

function ownIssue(data: IssueData): OwnIssue {
  return {
    number: data.number,
    url: data.html_url,
    open: data.state === 'open',
    title: data.title,
    body: data.body ?? '',
  }
}

/** Issues `login` opened, in any state; an issue someone else wrote is never loadgate's to edit. */
export async function listOwnIssues(octokit: Octokit, ref: RepoRef, login: string): Promise<OwnIssue[]> {
  const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
    ...ref,
    state: 'all',
    creator: login,
    per_page: 100,
  })
  return issues.filter((issue) => !issue.pull_request && writtenBy(issue.user, login)).map(ownIssue)
}

export async function createIssue(
  octokit: Octokit,
  ref: RepoRef,
  title: string,
  body: string,
): Promise<OwnIssue> {
  const { data } = await octokit.rest.issues.create({ ...ref, title, body })
  return ownIssue(data)
}

export async function updateIssue(
  octokit: Octokit,
  ref: RepoRef,
  number: number,
  change: { title: string; body: string },
): Promise<void> {
  await octokit.rest.issues.update({ ...ref, issue_number: number, title: change.title, body: change.body })
}

export async function closeIssue(
  octokit: Octokit,
  ref: RepoRef,
  number: number,
  comment: string,
): Promise<void> {
  await octokit.rest.issues.createComment({ ...ref, issue_number: number, body: comment })
  await octokit.rest.issues.update({
    ...ref,
    issue_number: number,
    state: 'closed',
    state_reason: 'completed',
  })
}
