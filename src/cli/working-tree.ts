import path from 'node:path'
import { Git } from '../util/git'

/** How results, table and report name a head that is the working tree rather than a commit. */
export const WORKING_TREE_LABEL = 'working tree (uncommitted changes)'

/**
 * Files that differ from HEAD: modified, staged, deleted and untracked (not ignored) — all of them
 * end up in what is measured. `workDir` is left out when it lies inside the repository.
 */
export async function uncommittedFiles(root: string, workDir: string): Promise<string[]> {
  const inside = path.relative(root, workDir)
  const exclude =
    inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? [`:(exclude)${inside}`] : []
  const git = new Git(root)
  const changed = await git.run(['diff', '--name-only', 'HEAD', '--', '.', ...exclude])
  const untracked = await git.run(['ls-files', '--others', '--exclude-standard', '--', '.', ...exclude])
  return [...new Set([...changed.split('\n'), ...untracked.split('\n')])].filter(Boolean)
}

/** The one line `record` and `calibrate` refuse a dirty tree with. */
export function dirtyMessage(command: 'record' | 'calibrate', sha: string, files: string[]): string {
  return command === 'record' ? dirtyRecordMessage(sha, files) : dirtyCalibrateMessage(sha, files)
}

function shownFiles(files: string[]): string {
  return files.slice(0, 3).join(', ') + (files.length > 3 ? `, … (${files.length} files)` : '')
}

/** Both arms of an A/A run are one commit: uncommitted changes would be in one arm only. */
function dirtyCalibrateMessage(sha: string, files: string[]): string {
  return (
    `calibrate measures commit ${sha.slice(0, 12)} against itself, but the working tree has uncommitted ` +
    `changes (${shownFiles(files)}) that only one arm would see: commit or stash them (git stash -u) first`
  )
}

function dirtyRecordMessage(sha: string, files: string[]): string {
  const shown = shownFiles(files)
  return (
    `record stores the run under commit ${sha.slice(0, 12)}, but the working tree has uncommitted ` +
    `changes (${shown}): commit or stash them (git stash -u) first, or measure them with 'loadgate compare'`
  )
}
