import { component, example } from './openapi'
import type { DoubleContext } from './context'
import type { Routes } from './server'

// The authenticated user: how loadgate learns whose comments and reviews are its own. An
// installation token (a workflow's GITHUB_TOKEN, a `[bot]`) may not read it, as on GitHub.

export function userRoutes(double: DoubleContext): Routes {
  return {
    'GET /user': () =>
      double.tokenUser.endsWith('[bot]')
        ? {
            status: 403,
            body: {
              message: 'Resource not accessible by integration',
              documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
            },
          }
        : {
            status: 200,
            body: {
              ...(example(component('public-user')) as object),
              ...(double.user(double.tokenUser) as object),
            },
          },
  }
}
