import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Git } from '../../../util/git'

const PARENT_PREFIX = 'loadgate-base-'

/**
 * What to delete to remove a worktree: the temporary folder `addWorktree` made for it, or the
 * worktree itself when it was made elsewhere.
 */
export function worktreeFolder(dir: string): string {
  const parent = path.dirname(dir)
  return path.basename(parent).startsWith(PARENT_PREFIX) ? parent : dir
}

/** A detached git worktree of one commit (the base arm's tree), removed with `remove()`. */
export async function addWorktree(
  git: Git,
  sha: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const parent = await mkdtemp(path.join(os.tmpdir(), PARENT_PREFIX))
  const dir = path.join(parent, 'tree')
  await git.run(['worktree', 'add', '--detach', '--quiet', dir, sha])
  return {
    dir,
    remove: async () => {
      await git.tryRun(['worktree', 'remove', '--force', dir], { cleanup: true })
      await rm(parent, { recursive: true, force: true })
      await git.tryRun(['worktree', 'prune'], { cleanup: true })
    },
  }
}
