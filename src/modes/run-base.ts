import type { PullRequestInfo, TrustedRunTarget } from '../forge'
import type { ResultsFile } from '../model/types'
import type { Settings } from '../settings/types'
import { resolveBaseCommit } from '../measure/base-commit'
import { withoutControlCharacters } from '../util/control-characters'
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
 * A trusted run compares only with a base branch the repository trusts: its default branch, or
 * one `trusted-bases` names (read from the trusted branch, like every setting of the run). Its
 * status stays on the head commit whatever base the pull request names later, so a fork pointing
 * the pull request at a branch holding a slow commit, then at the default branch, would carry a
 * pass it never earned against what it merges into. Refused in one line naming the branch.
 */
const shown = (branch: string) => withoutControlCharacters(branch).slice(0, 100)

export function untrustedBaseProblem(
  run: Pick<ModeRun, 'context'> & { settings: Pick<Settings, 'trustedBases'> },
  pull: PullRequestInfo,
): string | null {
  const trusted = [run.context.defaultBranch, ...run.settings.trustedBases].filter(Boolean)
  if (trusted.includes(pull.baseRef)) return null
  return (
    `pull request #${pull.number} targets '${shown(pull.baseRef)}', which is not a base a trusted run ` +
    `compares with (${trusted.map((b) => `'${shown(b)}'`).join(', ')}): its status would stay on the ` +
    'head if the base changed later; point the pull request at one of those, or add the branch to ' +
    "trusted-bases in the trusted branch's settings"
  )
}

export function refuseUntrustedBase(...args: Parameters<typeof untrustedBaseProblem>): void {
  const problem = untrustedBaseProblem(...args)
  if (problem) throw new LoadgateError(`Refused: ${problem}`)
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
  if (target && pull) refuseUntrustedBase(run, pull)
  return resolveBaseCommit(new Git(settings.workspace), {
    baseRef: settings.baseRef,
    baseBranch: pull?.baseRef || context.defaultBranch,
    pullHead: pull?.headSha ?? '',
  })
}

/**
 * Why a trusted run's results are not the comparison it was asked for, or null when they are: the
 * head it was asked to judge against the merge-base of that head with the PR's base branch (from
 * the API, never from what the measuring job says), measured here (never deployed elsewhere) and
 * rerun, as this workflow's settings say. The measuring job ran the fork's code, so this is checked
 * where the verdict is decided.
 */
export async function comparedCommitsProblem(
  run: ModeRun,
  results: ResultsFile,
  target: TrustedRunTarget,
  pull: PullRequestInfo,
  settings: Pick<Settings, 'baseline' | 'target'>,
): Promise<string | null> {
  const measured = results.meta
  const head = measured.head.sha.slice(0, 40)
  if (head !== target.headSha)
    return `the measuring job measured head ${head.slice(0, 12)}, not head-sha ${target.headSha.slice(0, 12)}`
  if (results.baseline !== settings.baseline)
    return `the measuring job compared with a ${results.baseline} baseline, not ${settings.baseline} as this workflow's settings say`
  if ((settings.target.kind === 'compose') !== (measured.targets === undefined))
    return `the measuring job measured ${measured.targets ? 'deployed URLs' : 'Compose stacks'}, not the target this workflow's settings say`
  if (measured.borrowedHarness?.length)
    return "the measuring job measured the base with files of the head's harness: a trusted run measures the base with its own"
  const mergeBase = await run.forge!.mergeBase(pull.baseRef, target.headSha)
  const base = (measured.base?.sha ?? '').slice(0, 40)
  if (base !== mergeBase)
    return (
      `the measuring job compared with base ${base.slice(0, 12) || 'none'}, but the merge-base of ` +
      `${target.headSha.slice(0, 12)} with ${pull.baseRef.slice(0, 100)} is ${mergeBase.slice(0, 12)}`
    )
  return null
}
