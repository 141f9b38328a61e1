import { rm } from 'node:fs/promises'
import { errorMessage, LoadgateError } from '../util/errors'
import { Git } from '../util/git'
import { fetchBranch, gitOutcome, remoteRef } from './remote'
import { printable } from './run-files'

/**
 * Only a push that lost the race to another writer is retried, and with N writers at once the
 * unluckiest loses up to N-1 times: 20 attempts keep 20 concurrent writers from losing a run.
 */
const MAX_ATTEMPTS = 20

export interface HistoryTarget {
  /** A git checkout whose remote is the repository. */
  workspace: string
  remote: string
  branch: string
  /** Where the branch is checked out for the change (a path that may be removed and recreated). */
  tree: string
  /** Who commits (the forge's bot); null or absent keeps the repository's own git identity. */
  committer?: { name: string; email: string } | null
  /** What git needs to reach the remote (the history token's header), for these commands only. */
  gitEnv?: Record<string, string>
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

/** A file a change must leave in the history, as a regular file with exactly this content. */
export interface ExpectedFile {
  /** '/'-separated, from the branch's root. */
  path: string
  content: string
}

/**
 * Stages everything the change left in `worktree` and commits it on `parent`. Forced: an ignore
 * file on the branch must not leave a run out.
 */
async function commitWorktree(
  worktree: Git,
  target: HistoryTarget,
  parent: string,
  message: string,
): Promise<string> {
  await worktree.run(['add', '--all', '--force', '.'])
  const treeSha = await worktree.run(['write-tree'])
  return worktree.run([
    ...committerArgs(target.committer),
    'commit-tree',
    treeSha,
    ...(parent ? ['-p', parent] : []),
    '-m',
    message,
  ])
}

/**
 * Checks, before it is pushed, that `commit` holds every expected file as a regular file (mode
 * 100644) with its content: whatever the branch held (an attributes file, a submodule on the way),
 * a commit that lost the run is never pushed as if it held it.
 */
async function verifyCommitted(
  worktree: Git,
  commit: string,
  expected: readonly ExpectedFile[],
): Promise<void> {
  for (const file of expected) {
    const blob = await worktree.run(['hash-object', '--no-filters', '--stdin'], { input: file.content })
    const entry = await worktree.run(['ls-tree', '-z', commit, '--', file.path])
    const [mode = '', , id = ''] = entry.replace(/\0$/, '').split(/[ \t]/)
    if (mode === '100644' && id === blob) continue
    const found = !entry ? 'it is missing' : mode === '100644' ? 'with other content' : `as mode ${mode}`
    throw new LoadgateError(
      `The commit made for the history branch holds '${printable(file.path, 300)}' ${found}, not as the ` +
        'regular file written: nothing was pushed; look for what on that branch changes what git stores ' +
        '(a .gitattributes filter, a submodule)',
    )
  }
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
  expected: readonly ExpectedFile[] = [],
): Promise<HistoryCommit> {
  const repo = new Git(target.workspace, target.gitEnv)
  let lastError = ''
  let attempts = 0
  for (attempts = 1; attempts <= MAX_ATTEMPTS; attempts++) {
    let rejected = false
    try {
      const parent = await checkoutHistory(repo, target.remote, target.branch, target.tree)
      await apply(target.tree)
      const worktree = new Git(target.tree, target.gitEnv)
      const commit = await commitWorktree(worktree, target, parent, message)
      await verifyCommitted(worktree, commit, expected)
      const pushed = await gitOutcome(
        target.tree,
        ['push', '--porcelain', target.remote, `${commit}:refs/heads/${target.branch}`],
        target.gitEnv,
      )
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
