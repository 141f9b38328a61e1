import { component, example } from './openapi'
import { notFound, type DoubleContext } from './context'
import type { Routes } from './server'
import type { Review } from './types'

// Pull request reviews: loadgate approves or requests changes, and dismisses its earlier review.

/** The state a review event leaves; any other event (COMMENT) leaves COMMENTED. */
const REVIEW_STATE = new Map([
  ['APPROVE', 'APPROVED'],
  ['REQUEST_CHANGES', 'CHANGES_REQUESTED'],
])

const cannotApproveOwn = {
  status: 422,
  body: {
    message: 'Unprocessable Entity',
    errors: ['Can not approve your own pull request'],
    documentation_url: 'https://docs.github.com',
  },
}

export function reviewRoutes(double: DoubleContext): Routes {
  const { state } = double
  const authors = new Map((double.options.pulls ?? []).map((p) => [p.number, p.author]))
  const json = (pull: number, r: Review) => ({
    ...(example(component('pull-request-review')) as object),
    id: r.id,
    node_id: `PRR_${r.id}`,
    user: double.user(r.user),
    body: r.body,
    state: r.state,
    commit_id: r.commit_id,
    html_url: double.htmlUrl(`/pull/${pull}#pullrequestreview-${r.id}`),
    pull_request_url: double.apiUrl(`/pulls/${pull}`),
    author_association: 'NONE',
  })

  for (const [pull, seeds] of Object.entries(double.options.seededReviews ?? {})) {
    const seeded = seeds.map((seed) => ({ id: double.nextId(), ...seed, commit_id: 'a'.repeat(40) }))
    state.reviews.set(Number(pull), [...(state.reviews.get(Number(pull)) ?? []), ...seeded])
  }

  return {
    'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews': (p, q) => {
      const pull = Number(p.pull_number)
      const list = (state.reviews.get(pull) ?? []).map((r) => json(pull, r))
      return double.page(list, q, `/pulls/${pull}/reviews`)
    },
    'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews': (p, _q, body) => {
      const pull = Number(p.pull_number)
      const verdict = REVIEW_STATE.get(String(body.event))
      if (verdict && authors.get(pull) === double.tokenUser) return cannotApproveOwn
      const review = {
        id: double.nextId(),
        state: verdict ?? 'COMMENTED',
        body: String(body.body ?? ''),
        user: double.tokenUser,
        commit_id: String(body.commit_id ?? ''),
      }
      state.reviews.set(pull, [...(state.reviews.get(pull) ?? []), review])
      return { status: 200, body: json(pull, review) }
    },
    'PUT /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/dismissals': (p) => {
      const pull = Number(p.pull_number)
      const review = state.reviews.get(pull)?.find((r) => r.id === Number(p.review_id))
      if (!review) return notFound
      review.state = 'DISMISSED'
      return { status: 200, body: json(pull, review) }
    },
  }
}
