import { checkRunRoutes } from './check-runs'
import { createContext } from './context'
import { commentRoutes } from './comments'
import { issueRoutes } from './issues'
import { pullRoutes } from './pulls'
import { reviewRoutes } from './reviews'
import { serveGitHubApi } from './server'
import { statusRoutes } from './statuses'
import { userRoutes } from './users'
import type { DoubleOptions, GitHubDouble } from './types'

// A local stand-in for the part of GitHub's REST API loadgate uses. Every request and every
// response is checked against GitHub's OpenAPI description: a wrong path, field, enum or status
// is recorded in `violations`, which tests assert to be empty.

export type {
  CheckRun,
  Comment,
  DoubleOptions,
  Issue,
  DoubleState,
  GitHubDouble,
  RecordedRequest,
  Review,
} from './types'

export async function startGitHubDouble(options: DoubleOptions = {}): Promise<GitHubDouble> {
  const double = createContext(options)
  const server = await serveGitHubApi({
    owner: double.owner,
    repo: double.repo,
    failures: options.failures ?? [],
    tokensWithout: options.tokensWithout ?? {},
    routes: {
      ...commentRoutes(double),
      ...issueRoutes(double),
      ...statusRoutes(double),
      ...checkRunRoutes(double),
      ...reviewRoutes(double),
      ...pullRoutes(double),
      ...userRoutes(double),
    },
  })
  double.baseUrl = server.url
  return {
    url: server.url,
    state: double.state,
    requests: server.requests,
    violations: server.violations,
    close: server.close,
  }
}
