import { rm } from 'node:fs/promises'
import { errorMessage } from '../util/errors'
import { Git } from '../util/git'
import { fetchBranch, gitOutcome, remoteRef } from './remote'

const MAX_ATTEMPTS = 8

export interface HistoryTarget {
  /** A git checkout whose remote is the repository. */
  workspace: string
  remote: string
  branch: string
  /** Where the branch is checked out for the change (a path that may be removed and recreated). */
  tree: string
  /** Who commits (the forge's bot); null or absent keeps the repository's own git identity. */
  committer?: { name: string; email: string } | null
}

export interface HistoryCommit {
  pushed: boolean
  attempts: number
  commit?: string
  /** The last push error, when nothing was pushed. */
  error: string
}

function committerArgs(committer: HistoryTarget['committer']): string[] {
  return committer ? ['-c', `user.name=${committer.name}`, '-c', `user.email=${committer.email}`] : []
}

function jitteredDelay(attempt: number): number {
  const base = Math.min(8000, 200 * 2 ** attempt)
  return base / 2 + Math.random() * base
}

/** A push refused because the branch moved since it was fetched: another writer won, try again on its tip. */
const LOST_RACE =
  /\[rejected\].*\((fetch first|non-fast-forward|stale info)\)|\[remote rejected\].*(cannot lock ref|failed to (update|lock)|incorrect old value|reference already exists)/

/**
 * Makes the tree of the history branch in a detached worktree at `tree`: the fetched tip, or an
 * empty tree when the branch does not exist yet. Returns the parent commit ('' for the first one).
 */
async function checkoutHistory(repo: Git, remote: string, branch: string, tree: string): Promise<string> {
  await repo.tryRun(['worktree', 'remove', '--force', tree])
  await rm(tree, { recursive: true, force: true })
  if (await fetchBranch(repo, remote, branch)) {
    const tip = await repo.run(['rev-parse', '--verify', `${remoteRef(remote, branch)}^{commit}`])
    await repo.run(['worktree', 'add', '--detach', '--quiet', tree, tip])
    return tip
  }
  // No orphan branch (it would stay behind in the user's repository): an empty index, committed with commit-tree.
  await repo.run(['worktree', 'add', '--detach', '--no-checkout', '--quiet', tree])
  await new Git(tree).run(['read-tree', '--empty'])
  return ''
}

export async function removeCheckout(repo: Git, tree: string): Promise<void> {
  await repo.tryRun(['worktree', 'remove', '--force', tree])
  await repo.tryRun(['worktree', 'prune'])
}

/**
 * One change to the history branch: fetch → `apply` to the checked-out tree → commit → push. Only
 * a push rejected because another writer won is retried (on the new tip, with jittered backoff);
 * any other failure stops at once. No local branch is created.
 */
export async function commitToHistory(
  target: HistoryTarget,
  message: string,
  apply: (tree: string) => Promise<void>,
): Promise<HistoryCommit> {
  const repo = new Git(target.workspace)
  let lastError = ''
  let attempts = 0
  for (attempts = 1; attempts <= MAX_ATTEMPTS; attempts++) {
    let rejected = false
    try {
      const parent = await checkoutHistory(repo, target.remote, target.branch, target.tree)
      await apply(target.tree)
      const worktree = new Git(target.tree)
      await worktree.run(['add', '--all', '.'])
      const treeSha = await worktree.run(['write-tree'])
      const commit = await worktree.run([
        ...committerArgs(target.committer),
        'commit-tree',
        treeSha,
        ...(parent ? ['-p', parent] : []),
        '-m',
        message,
      ])
      const pushed = await gitOutcome(target.tree, [
        'push',
        '--porcelain',
        target.remote,
        `${commit}:refs/heads/${target.branch}`,
      ])
      if (pushed.code === 0) return { pushed: true, attempts, commit, error: '' }
      // `--porcelain` prints the refused ref and why ('! … [remote rejected] (protected branch …)').
      const refused = pushed.stdout.split('\n').find((line) => line.startsWith('!')) ?? ''
      rejected = LOST_RACE.test(`${refused}\n${pushed.detail}`)
      lastError = [refused.replace(/\s+/g, ' ').trim(), pushed.detail].filter(Boolean).join(' | ')
    } catch (error) {
      lastError = errorMessage(error)
    }
    if (!rejected || attempts === MAX_ATTEMPTS) break
    await new Promise((resolve) => setTimeout(resolve, jitteredDelay(attempts)))
  }
  return { pushed: false, attempts: Math.min(attempts, MAX_ATTEMPTS), error: lastError }
}
