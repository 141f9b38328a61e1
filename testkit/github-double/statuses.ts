import { component, example } from './openapi'
import type { DoubleContext } from './context'
import type { Routes } from './server'

// Commit statuses: one per benchmark on the head commit, stamped with the time they were set.

export function statusRoutes(double: DoubleContext): Routes {
  const json = (status: DoubleContext['state']['statuses'][number]) => ({
    ...(example(component('status')) as object),
    id: status.id,
    state: status.state,
    context: status.context,
    description: status.description,
    target_url: status.target_url,
    creator: double.user(double.tokenUser),
    created_at: status.created_at,
    updated_at: status.created_at,
  })
  return {
    // Newest first, as GitHub lists them.
    'GET /repos/{owner}/{repo}/commits/{ref}/statuses': (p, q) => {
      const list = double.state.statuses
        .filter((s) => s.sha === p.ref)
        .reverse()
        .map(json)
      return double.page(list, q, `/commits/${p.ref}/statuses`)
    },
    'POST /repos/{owner}/{repo}/statuses/{sha}': (p, _q, body) => {
      const status = {
        id: double.nextId(),
        sha: p.sha!,
        state: body.state,
        context: body.context ?? 'default',
        description: body.description ?? '',
        target_url: body.target_url ?? null,
        created_at: double.now(),
      }
      double.state.statuses.push(status)
      return { status: 201, body: json(status) }
    },
  }
}
