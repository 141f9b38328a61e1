import type { Forge, RunContext } from './forge'
import { createGitHubForge } from './github/github-forge'

export type {
  Forge,
  PublishRequest,
  FailureRequest,
  GateTarget,
  PublishResult,
  RunContext,
  PullRequestInfo,
  TrustedRunTarget,
  OwnIssue,
  AcceptanceHistory,
  AcceptanceRequest,
  GateResult,
  Permission,
  RepositoryRole,
  PullRequestResults,
} from './forge'

/** The forge the run belongs to, or null for a local run that belongs to none. */
export function createForge(context: RunContext, token: string): Forge | null {
  if (context.repository) return createGitHubForge(context, token)
  return null
}
