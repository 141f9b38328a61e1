import { component, example } from './openapi'
import { notFound, type DoubleContext } from './context'
import type { Routes } from './server'
import type { Comment } from './types'

// Issue comments: loadgate lists a PR's comments to find its own, then creates, reads or edits it.

export function commentRoutes(double: DoubleContext): Routes {
  const { state } = double
  const json = (issue: number, c: Comment) => ({
    ...(example(component('issue-comment')) as object),
    id: c.id,
    node_id: `IC_${c.id}`,
    url: double.apiUrl(`/issues/comments/${c.id}`),
    html_url: double.htmlUrl(`/pull/${issue}#issuecomment-${c.id}`),
    issue_url: double.apiUrl(`/issues/${issue}`),
    body: c.body,
    user: double.user(c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: 'NONE',
  })
  const comment = (body: string, user: string): Comment => {
    const now = double.now()
    return { id: double.nextId(), body, user, created_at: now, updated_at: now }
  }

  for (const [issue, count] of Object.entries(double.options.preexistingComments ?? {})) {
    const unrelated = Array.from({ length: count }, (_, i) => comment(`unrelated comment ${i}`, 'someone'))
    state.comments.set(Number(issue), unrelated)
  }
  for (const [issue, seeds] of Object.entries(double.options.seededComments ?? {})) {
    const seeded = seeds.map((seed) => comment(seed.body, seed.user))
    state.comments.set(Number(issue), [...(state.comments.get(Number(issue)) ?? []), ...seeded])
  }

  return {
    'GET /repos/{owner}/{repo}/issues/{issue_number}/comments': (p, q) => {
      const issue = Number(p.issue_number)
      const list = (state.comments.get(issue) ?? []).map((c) => json(issue, c))
      return double.page(list, q, `/issues/${issue}/comments`)
    },
    'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': (p, _q, body) => {
      const issue = Number(p.issue_number)
      const created = comment(String(body.body), double.tokenUser)
      state.comments.set(issue, [...(state.comments.get(issue) ?? []), created])
      return { status: 201, body: json(issue, created) }
    },
    'GET /repos/{owner}/{repo}/issues/comments/{comment_id}': (p) => {
      for (const [issue, list] of state.comments) {
        const found = list.find((c) => c.id === Number(p.comment_id))
        if (found) return { status: 200, body: json(issue, found) }
      }
      return notFound
    },
    'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}': (p, _q, body) => {
      for (const [issue, list] of state.comments) {
        const edited = list.find((c) => c.id === Number(p.comment_id))
        if (edited) {
          edited.body = String(body.body)
          edited.updated_at = double.now()
          return { status: 200, body: json(issue, edited) }
        }
      }
      return notFound
    },
  }
}
