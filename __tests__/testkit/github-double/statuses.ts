import { component, example } from './openapi'
import type { DoubleContext } from './context'
import type { Routes } from './server'

// Commit statuses: one per benchmark on the head commit.

export function statusRoutes(double: DoubleContext): Routes {
  return {
    'POST /repos/{owner}/{repo}/statuses/{sha}': (p, _q, body) => {
      const status = {
        sha: p.sha!,
        state: body.state,
        context: body.context ?? 'default',
        description: body.description ?? '',
        target_url: body.target_url ?? null,
      }
      double.state.statuses.push(status)
      return {
        status: 201,
        body: {
          ...(example(component('status')) as object),
          id: double.nextId(),
          state: status.state,
          context: status.context,
          description: status.description,
          target_url: status.target_url,
          creator: double.user(double.tokenUser),
        },
      }
    },
  }
}
