import { run } from '../util/exec'
import type { Git } from '../util/git'

/** Where a fetched branch of the remote is kept (a remote-tracking ref: no local branch is made). */
export function remoteRef(remote: string, branch: string): string {
  return `refs/remotes/${remote}/${branch}`
}

/** Fetches `branch` of `remote` into its remote-tracking ref; false when it cannot be fetched. */
export async function fetchBranch(git: Git, remote: string, branch: string): Promise<boolean> {
  const fetched = await git.tryRun([
    'fetch',
    '--no-tags',
    '--quiet',
    remote,
    `+refs/heads/${branch}:${remoteRef(remote, branch)}`,
  ])
  return fetched !== null
}

export interface GitOutcome {
  code: number
  stdout: string
  /** The last lines git printed (credentials in URLs masked), for a one-line message. */
  detail: string
}

/** Runs git and returns its exit code and output instead of throwing. */
export async function gitOutcome(
  cwd: string,
  args: string[],
  gitEnv: Record<string, string> = {},
): Promise<GitOutcome> {
  const result = await run('git', args, {
    cwd,
    env: { GIT_TERMINAL_PROMPT: '0', ...gitEnv },
    allowExitCodes: Array.from({ length: 255 }, (_, i) => i + 1),
  })
  const text = gist(result.stderr || result.stdout) || `git ${args[0]} exited with ${result.code}`
  return { code: result.code, stdout: result.stdout, detail: text.replace(/\/\/[^/@\s]+@/g, '//***@') }
}

/** The lines of git's message that say what went wrong, without hints and boilerplate. */
function gist(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(hint:|Please make sure you have|and the repository exists)/.test(line))
  return lines.slice(0, 3).join(' | ')
}
