import type { PullRequestInfo, TrustedRunTarget } from '../forge'
import { resolveBaseCommit } from '../measure/base-commit'
import { LoadgateError } from '../util/errors'
import { Git } from '../util/git'
import type { ModeRun } from './mode-context'

/**
 * The pull request of a maintainer's trusted run as GitHub has it now, refused unless the
 * dispatched `head-sha` is still its head: a stale or mistyped sha would measure, and then vouch
 * for, a commit that is not what the pull request would merge.
 */
export async function trustedPullRequest(
  run: Pick<ModeRun, 'forge'>,
  target: TrustedRunTarget,
): Promise<PullRequestInfo> {
  const { forge } = run
  if (!forge?.canPublish)
    throw new LoadgateError(
      `A trusted run reads pull request #${target.pullNumber} from GitHub's API: set github-token ` +
        '(the job needs `pull-requests: read`)',
    )
  const pull = await forge.pullRequest(target.pullNumber)
  if (pull.headSha !== target.headSha)
    throw new LoadgateError(
      `Workflow input 'head-sha' is ${target.headSha}, but the head of pull request #${target.pullNumber} ` +
        `is ${pull.headSha}: start the trusted run again with the current head, once you have reviewed it`,
    )
  return pull
}

/**
 * The commit the head is compared with. The pull request is the event's, or for a trusted run the
 * API's (never the checkout's idea of it); its base branch and head decide the rule (see
 * resolveBaseCommit). Without a pull request, the default branch is the base branch.
 */
export async function baseCommit(run: ModeRun): Promise<string> {
  const { settings, context, forge } = run
  const target = forge?.trustedRunTarget() ?? null
  const pull = target ? await trustedPullRequest(run, target) : context.pullRequest
  return resolveBaseCommit(new Git(settings.workspace), {
    baseRef: settings.baseRef,
    baseBranch: pull?.baseRef || context.defaultBranch,
    pullHead: pull?.headSha ?? '',
  })
}
