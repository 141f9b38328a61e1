import { lstat } from 'node:fs/promises'
import path from 'node:path'
import { LoadgateError } from '../util/errors'
import { printable } from './run-files'

/**
 * What the entry at `full` is, as loadgate may write through it: null when it is missing (it will
 * be created), otherwise 'folder', 'file' or what else it is (never followed: lstat).
 */
async function entryKind(full: string): Promise<string | null> {
  try {
    const stats = await lstat(full)
    if (stats.isDirectory()) return 'folder'
    if (stats.isFile()) return 'file'
    return stats.isSymbolicLink() ? 'a symbolic link' : 'a special file'
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Which branch a tree is of, and the folder of it `root` is (for the message). */
export interface TreeWhere {
  branch: string
  prefix?: string
}

/** What stands where loadgate needs `wanted` ('folder' or 'file'), or null when it may write there. */
function misplaced(kind: string | null, wanted: 'folder' | 'file'): string | null {
  if (kind === null || kind === wanted) return null
  if (kind === 'file') return 'a file where loadgate keeps a folder'
  return kind === 'folder' ? 'a folder where loadgate writes a file' : kind
}

/**
 * Refuses, before anything is written, a history tree in which writing `relatives` (paths under
 * `root`, '/'-separated; a folder's ends with '/') would go through anything but regular folders
 * and files: anyone who once pushed to the history branch chooses what it holds, and a symbolic
 * link on the way (the data folder, index.json, .nojekyll) would steer the writes, and the
 * removals, outside the checkout. Every part of every path is looked at with lstat; a missing
 * part is fine (it is created).
 */
export async function refuseUnsafePaths(
  root: string,
  relatives: readonly string[],
  where: TreeWhere,
): Promise<void> {
  const checked = new Map<string, string | null>()
  for (const relative of relatives) {
    const parts = relative.split('/').filter(Boolean)
    for (let i = 0; i < parts.length; i++) {
      const sub = parts.slice(0, i + 1).join('/')
      if (!checked.has(sub)) checked.set(sub, await entryKind(path.join(root, ...parts.slice(0, i + 1))))
      const kind = checked.get(sub)!
      const wanted = i < parts.length - 1 || relative.endsWith('/') ? 'folder' : 'file'
      const found = misplaced(kind, wanted)
      if (kind === null) break
      if (!found) continue
      const shown = path.posix.join(where.prefix ?? '', sub)
      throw new LoadgateError(
        `Refused to write to '${printable(where.branch, 100)}': its '${printable(shown, 300)}' is ` +
          `${found}, and loadgate writes only through regular folders and files; remove it from ` +
          'that branch (git rm) and record again',
      )
    }
  }
}
