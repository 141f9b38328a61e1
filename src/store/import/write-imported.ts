import { lstat, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BENCHMARK_NAME } from '../../model/names'
import { runRecordSchema, type RunRecord } from '../../model/run-record'
import { firstIssue } from '../../model/validation'
import { LoadgateError } from '../../util/errors'
import { Git } from '../../util/git'
import type { ShiftFinder } from '../change-points'
import { rebuildDerived } from '../gh-pages'
import type { HistoryLocation } from '../history'
import { commitToHistory, removeCheckout, type ExpectedFile } from '../history-commit'
import { fetchBranch, remoteRef } from '../remote'
import { runFileName } from '../run-record'
import { printable, type SkipWarning } from '../run-files'
import { refuseUnsafePaths } from '../tree-guard'
import { benchmarkPaths, refuseUnsafeDerived } from '../written-paths'

export interface ImportOptions extends HistoryLocation {
  /** The imported runs, all of one benchmark. */
  records: RunRecord[]
  retention?: number
  committer?: { name: string; email: string } | null
  onWarning?: SkipWarning
  findShifts: ShiftFinder
}

export interface ImportOutcome {
  /** Paths in the branch of the run files this import added. */
  written: string[]
  /** Runs already in the history (imported before): left as they are. */
  alreadyStored: number
  pushed: boolean
  attempts: number
  commit?: string
  error?: string
}

interface RunFile {
  /** Under the data root (`data/<benchmark>/runs/…`). */
  relative: string
  /** From the branch's root. */
  branchPath: string
  content: string
}

/** Each record as its run file; the content key in the name makes a run imported twice one file. */
function runFiles(options: ImportOptions): RunFile[] {
  const files = new Map<string, RunFile>()
  for (const record of options.records) {
    const parsed = runRecordSchema.safeParse(record)
    const ofOne = record.benchmark === options.records[0]!.benchmark && BENCHMARK_NAME.test(record.benchmark)
    if (!parsed.success || !record.imported || !ofOne)
      throw new LoadgateError(
        `An imported run of ${printable(record.meta.head.sha.slice(0, 12))} is not a valid run ` +
          `(${parsed.success ? 'not an imported run of a benchmark' : printable(firstIssue(parsed.error))}): nothing was imported`,
      )
    const relative = path.posix.join('data', record.benchmark, 'runs', runFileName(record))
    const branchPath = path.posix.join(options.dataDir, relative)
    files.set(relative, { relative, branchPath, content: `${JSON.stringify(record)}\n` })
  }
  return [...files.values()]
}

/** Which of `files` the history branch holds already (one listing of the benchmark's runs). */
async function storedAlready(options: ImportOptions, files: RunFile[]): Promise<Set<string>> {
  const git = new Git(options.workspace)
  const remote = options.remote ?? 'origin'
  if (files.length === 0 || !(await fetchBranch(git, remote, options.branch))) return new Set()
  const prefix = path.posix.join(options.dataDir, 'data', options.records[0]!.benchmark, 'runs')
  const listing = await git.run(['ls-tree', '-r', '-z', remoteRef(remote, options.branch), '--', prefix])
  // Regular files only: anything else on the way is refused when the import is applied.
  const listed = new Set(
    listing.split('\0').flatMap((entry) => /^100644 blob [0-9a-f]+\t(.*)$/s.exec(entry)?.slice(1) ?? []),
  )
  return new Set(files.filter((f) => listed.has(f.branchPath)).map((f) => f.branchPath))
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  )
}

/** Writes the files the tree lacks (checked first: the tree is the branch's, anyone's) and rebuilds. */
async function applyImport(tree: string, options: ImportOptions, files: RunFile[]): Promise<ExpectedFile[]> {
  const root = path.join(tree, options.dataDir)
  const where = { branch: options.branch, prefix: options.dataDir }
  await refuseUnsafePaths(tree, ['.nojekyll', ...files.map((f) => f.branchPath)], { branch: options.branch })
  await refuseUnsafeDerived(root, where, benchmarkPaths(options.records[0]!.benchmark))
  const written: ExpectedFile[] = []
  for (const file of files) {
    const full = path.join(root, ...file.relative.split('/'))
    if (await exists(full)) continue
    await mkdir(path.dirname(full), { recursive: true })
    await writeFile(full, file.content, { flag: 'wx' })
    written.push({ path: file.branchPath, content: file.content })
  }
  await rebuildDerived(root, options.findShifts, options.retention, options.onWarning, where)
  await writeFile(path.join(tree, '.nojekyll'), '')
  return written
}

/**
 * Appends imported runs to the history branch in one commit, through the path every run takes
 * (fetch → refuse an unsafe tree → add the immutable run files → rebuild → verify → push, retried
 * only when another writer won). Runs stored before are left alone: importing twice adds nothing,
 * and makes no commit.
 */
export async function importRuns(options: ImportOptions): Promise<ImportOutcome> {
  const files = runFiles(options)
  const stored = await storedAlready(options, files)
  const missing = files.filter((f) => !stored.has(f.branchPath))
  if (missing.length === 0) return { written: [], alreadyStored: files.length, pushed: true, attempts: 0 }
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-pages-'))
  const tree = path.join(scratch, 'tree')
  const expected: ExpectedFile[] = []
  const { benchmark, imported } = options.records[0]!
  const message = `loadgate: import ${missing.length} runs of ${benchmark} from ${imported!.from}`
  try {
    const outcome = await commitToHistory(
      { ...options, remote: options.remote ?? 'origin', tree },
      message,
      async (checkout) => {
        // A retry starts again on the new tip: only what this attempt wrote is expected in its commit.
        expected.splice(0, expected.length, ...(await applyImport(checkout, options, files)))
      },
      expected,
    )
    const written = expected.map((f) => f.path)
    return { ...outcome, written, alreadyStored: files.length - written.length }
  } finally {
    await removeCheckout(new Git(options.workspace), tree)
    await rm(scratch, { recursive: true, force: true })
  }
}
