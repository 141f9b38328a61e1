import { component, example } from './openapi'
import { notFound, type DoubleContext } from './context'
import type { Routes } from './server'
import type { Issue } from './types'

// Issues: loadgate lists the ones it opened, opens one per lasting shift, edits and closes them.

export function issueRoutes(double: DoubleContext): Routes {
  const { state } = double
  // An issue that is no pull request has no `pull_request` key at all.
  const { pull_request: _pullRequest, ...issueExample } = example(component('issue')) as Record<
    string,
    unknown
  >
  const json = (issue: Issue) => ({
    ...issueExample,
    id: issue.number + 500_000,
    node_id: `I_${issue.number}`,
    number: issue.number,
    url: double.apiUrl(`/issues/${issue.number}`),
    repository_url: double.apiUrl(''),
    labels_url: double.apiUrl(`/issues/${issue.number}/labels{/name}`),
    comments_url: double.apiUrl(`/issues/${issue.number}/comments`),
    events_url: double.apiUrl(`/issues/${issue.number}/events`),
    html_url: double.htmlUrl(`/issues/${issue.number}`),
    title: issue.title,
    body: issue.body,
    state: issue.state,
    state_reason: issue.state_reason,
    user: double.user(issue.user),
    labels: [],
    assignee: null,
    assignees: [],
    milestone: null,
    closed_at: issue.state === 'closed' ? issue.updated_at : null,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    comments: (state.comments.get(issue.number) ?? []).length,
  })
  for (const seed of double.options.seededIssues ?? []) {
    const now = double.now()
    state.issues.push({
      number: state.issues.length + 1,
      title: seed.title,
      body: seed.body,
      user: seed.user,
      state: seed.state ?? 'open',
      state_reason: null,
      created_at: now,
      updated_at: now,
    })
  }
  return {
    // Newest first, as GitHub lists them by default.
    'GET /repos/{owner}/{repo}/issues': (_p, q) => {
      const wanted = q.get('state') ?? 'open'
      const creator = q.get('creator')
      const list = state.issues
        .filter((i) => wanted === 'all' || i.state === wanted)
        .filter((i) => !creator || i.user === creator)
        .reverse()
        .map(json)
      return double.page(list, q, '/issues')
    },
    'POST /repos/{owner}/{repo}/issues': (_p, _q, body) => {
      const now = double.now()
      const issue: Issue = {
        number: state.issues.length + 1,
        title: String(body.title),
        body: typeof body.body === 'string' ? body.body : null,
        user: double.tokenUser,
        state: 'open',
        state_reason: null,
        created_at: now,
        updated_at: now,
      }
      state.issues.push(issue)
      return { status: 201, body: json(issue) }
    },
    'PATCH /repos/{owner}/{repo}/issues/{issue_number}': (p, _q, body) => {
      const issue = state.issues.find((i) => i.number === Number(p.issue_number))
      if (!issue) return notFound
      if (typeof body.title === 'string') issue.title = body.title
      if (typeof body.body === 'string') issue.body = body.body
      if (body.state === 'open' || body.state === 'closed') issue.state = body.state
      if (typeof body.state_reason === 'string') issue.state_reason = body.state_reason
      issue.updated_at = double.now()
      return { status: 200, body: json(issue) }
    },
  }
}
