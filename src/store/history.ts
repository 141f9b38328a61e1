import { execFile } from 'node:child_process'
import path from 'node:path'
import type { RunRecord } from '../model/types'
import { childEnv } from '../util/exec'
import { Git } from '../util/git'
import { readFileHistory } from './history-file'
import { fetchBranch, remoteRef } from './remote'
import {
  isRunFileName,
  parseRunFile,
  skippedMessage,
  withinCaps,
  type HistoryCaps,
  type SkipWarning,
} from './run-files'

/**
 * The contents of the blobs `ids`, in order, read by one `git cat-file --batch` (bytes: sizes are in
 * bytes). `bytes` is their total size, already within the caps: the buffer is bounded by it.
 */
function readBlobs(cwd: string, ids: string[], bytes: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      ['cat-file', '--batch'],
      { cwd, env: childEnv(), encoding: 'buffer', maxBuffer: bytes + ids.length * 128 + 1024 },
      (error, stdout) => {
        if (error) return reject(error)
        // `--batch` answers `<id> blob <bytes>\n<content>\n` per object.
        const blobs: Buffer[] = []
        let offset = 0
        for (let i = 0; i < ids.length && offset < stdout.length; i++) {
          const headerEnd = stdout.indexOf(0x0a, offset)
          const size = Number(stdout.subarray(offset, headerEnd).toString('utf8').split(' ')[2])
          blobs.push(stdout.subarray(headerEnd + 1, headerEnd + 1 + size))
          offset = headerEnd + 1 + size + 1
        }
        resolve(blobs)
      },
    )
    child.stdin?.end(ids.map((id) => `${id}\n`).join(''))
  })
}

/** Where the history branch is: a checkout whose remote is the repository, the branch and its data folder. */
export interface HistoryLocation {
  workspace: string
  remote?: string
  branch: string
  dataDir: string
  /** What git needs to reach the remote (the history token's header), for these commands only. */
  gitEnv?: Record<string, string>
  /** How messages name the remote ('' or absent: by its name). */
  remoteLabel?: string
  /** The history-path file that holds the history instead of the branch ('' or absent: the branch). */
  file?: string
}

/** One benchmark's part of the history, and where to say what was skipped. */
export interface BenchmarkHistory extends HistoryLocation {
  benchmark: string
  onWarning?: SkipWarning
  /** How much is read (default HISTORY_CAPS). */
  caps?: HistoryCaps
}

/**
 * Every valid stored run of one benchmark (oldest first), migrated to the current schema; [] when
 * there is no history. A run file that is not a valid run record is skipped and reported to `onWarning`.
 */
export async function readHistory(options: BenchmarkHistory): Promise<RunRecord[]> {
  if (options.file) return readFileHistory(options.file, options.benchmark, options.onWarning, options.caps)
  const remote = options.remote ?? 'origin'
  const git = new Git(options.workspace, options.gitEnv)
  if (!(await fetchBranch(git, remote, options.branch))) return []
  const ref = remoteRef(remote, options.branch)
  const prefix = path.posix.join(options.dataDir, 'data', options.benchmark, 'runs')
  const listing = await git.run(['ls-tree', '-r', '-l', '-z', ref, '--', prefix])
  // Regular files only (mode 100644): a symbolic link or submodule entry is not a run file.
  const listed = listing
    .split('\0')
    .map((entry) => /^100644 blob ([0-9a-f]+) +(\d+)\t(.*)$/s.exec(entry))
    .filter((match) => match !== null && isRunFileName(path.posix.basename(match[3]!)))
    .map((match) => ({ id: match![1]!, size: Number(match![2]), file: match![3]! }))
  const warn = options.onWarning ?? (() => {})
  const files = withinCaps(listed, warn, options.caps)
  if (files.length === 0) return []
  const blobs = await readBlobs(
    options.workspace,
    files.map((f) => f.id),
    files.reduce((sum, f) => sum + f.size, 0),
  )
  const records: RunRecord[] = []
  blobs.forEach((blob, index) => {
    const parsed = parseRunFile(blob.toString('utf8'))
    if ('record' in parsed) records.push(parsed.record)
    else options.onWarning?.(skippedMessage(files[index]!.file, parsed.reason))
  })
  return records.sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
}
