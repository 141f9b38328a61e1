import { LoadgateError, SettingsError } from '../util/errors'
import { Git } from '../util/git'
import { fetchBranch, gitOutcome, remoteRef } from './remote'

export interface PushTarget {
  /** A git checkout of the repository. */
  workspace: string
  remote?: string
  branch: string
  /** What git needs to reach the remote (the history token's header), for these commands only. */
  gitEnv?: Record<string, string>
  /** How messages name the remote, and what gives the push (default: the remote's name, contents: write). */
  remoteLabel?: string
  pushNeeds?: string
}

/**
 * Fails with one line unless the history branch can be pushed: the remote exists, answers, and
 * accepts a push (a dry run: GitHub refuses the push service to a token without write access).
 * Checked before measuring, so minutes of measurement are never lost to a missing remote.
 */
export async function checkPushAccess(target: PushTarget): Promise<void> {
  const remote = target.remote ?? 'origin'
  const shown = target.remoteLabel || remote
  const git = new Git(target.workspace, target.gitEnv)
  await requireRemote(target)
  const listed = await gitOutcome(
    target.workspace,
    ['ls-remote', '--heads', remote, `refs/heads/${target.branch}`],
    target.gitEnv,
  )
  if (listed.code !== 0) {
    throw new LoadgateError(
      `Cannot read the remote '${shown}' to record the run in '${target.branch}': ${listed.detail}`,
    )
  }
  // An existing branch is "pushed" to its own tip; a missing one is created from HEAD. A dry run sends nothing.
  const exists = listed.stdout.trim() !== '' && (await fetchBranch(git, remote, target.branch))
  const source = exists ? remoteRef(remote, target.branch) : 'HEAD'
  const pushed = await gitOutcome(
    target.workspace,
    ['push', '--dry-run', '--quiet', remote, `${source}:refs/heads/${target.branch}`],
    target.gitEnv,
  )
  if (pushed.code !== 0) {
    const needs = target.pushNeeds ?? "on GitHub the workflow needs 'permissions: contents: write'"
    throw new LoadgateError(
      `Cannot push to the '${target.branch}' branch of the remote '${shown}', so no run can be ` +
        `recorded: ${pushed.detail} (${needs})`,
    )
  }
}

/**
 * Fails with one line, a settings error, when the repository has no remote to record to: what a
 * front end checks before it touches anything.
 */
export async function requireRemote(target: PushTarget): Promise<void> {
  const remote = target.remote ?? 'origin'
  if ((await new Git(target.workspace).tryRun(['remote', 'get-url', '--push', remote])) !== null) return
  throw new SettingsError(
    `Recording pushes the run to the '${target.branch}' branch of the remote '${remote}', and this ` +
      `repository has no remote '${remote}': add it (git remote add ${remote} URL) and run again`,
  )
}
