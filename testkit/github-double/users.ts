import { component, example } from './openapi'
import { notFound, type DoubleContext } from './context'
import type { Routes } from './server'

// The authenticated user: how loadgate learns whose comments and reviews are its own. An
// installation token (a workflow's GITHUB_TOKEN, a `[bot]`) may not read it, as on GitHub.
// A collaborator's permission: how accept mode checks who may accept. A custom role has its own
// role_name; its `permission` is the legacy one of the role it is built on.

/** GitHub's legacy `permission` field: maintain reads as write, triage as read. */
const LEGACY: Record<string, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
}

export function userRoutes(double: DoubleContext): Routes {
  return {
    'GET /repos/{owner}/{repo}/collaborators/{username}/permission': (p) => {
      const custom = double.options.customRoles?.[p.username!]
      const role = custom?.builtOn ?? double.options.permissions?.[p.username!]
      if (!role || role === 'none') return notFound
      return {
        status: 200,
        body: {
          permission: LEGACY[role],
          role_name: custom?.name ?? role,
          user: {
            ...(example(component('collaborator')) as object),
            ...(double.user(p.username!) as object),
          },
        },
      }
    },
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
