import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BENCHMARK_NAME } from '../model/names'
import type { RunRecord } from '../model/types'
import { Git } from '../util/git'
import { writeBadges } from './badge'
import { benchmarkActionFiles } from './benchmark-action'
import { buildDerived, buildIndexFile, writeDerived, type DerivedBenchmark } from './derive'
import type { ShiftFinder } from './change-points'
import { commitToHistory, removeCheckout } from './history-commit'
import { runFileName } from './run-record'
import { printable, readRunFiles, type SkipWarning } from './run-files'
import { copySite } from './site'
import { refuseUnsafePaths, type TreeWhere } from './tree-guard'
import { benchmarkPaths, refuseUnsafeDerived } from './written-paths'

export interface RecordOptions {
  /** A git checkout whose `origin` is the repository (credentials as actions/checkout leaves them). */
  workspace: string
  remote?: string
  /** What git needs to reach the remote (the history token's header), for these commands only. */
  gitEnv?: Record<string, string>
  branch: string
  dataDir: string
  record: RunRecord
  /** Keep the N newest runs in the derived series (0 = all); run files are never deleted. */
  retention?: number
  /** Where a run that cannot be pushed is saved for upload. */
  fallbackDir: string
  /** Who commits the run (the forge's bot); null or absent keeps the repository's own git identity. */
  committer?: { name: string; email: string } | null
  /** Told about every stored run file left out of the rebuilt history (once per file). */
  onWarning?: SkipWarning
  /** Decides each benchmark's shifts for the dashboard, by the rules the issue watcher uses. */
  findShifts: ShiftFinder
}

export interface RecordOutcome {
  /** Path of the run file inside the branch. */
  path: string
  pushed: boolean
  attempts: number
  fallbackFile?: string
  commit?: string
  /** The last push error, when the run could not be pushed. */
  error?: string
  /** Runs of the same benchmark and commit stored before this one (a rerun is kept beside them). */
  earlierRunsOfCommit: number
}

/**
 * Rebuilds every derived file under `<root>/data` and the badges from the run files, and copies the
 * dashboard; refused before anything is written when a symbolic link (or other special file) is
 * on the way of what it writes.
 */
export async function rebuildDerived(
  root: string,
  findShifts: ShiftFinder,
  retention = 0,
  warn: SkipWarning = () => {},
  where: TreeWhere = { branch: 'the history branch' },
): Promise<void> {
  await refuseUnsafeDerived(root, where)
  const dataDir = path.join(root, 'data')
  await mkdir(dataDir, { recursive: true })
  const derived: DerivedBenchmark[] = []
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    // Folder names become chart titles and URL fragments: only names loadgate itself could have written.
    if (!BENCHMARK_NAME.test(entry.name)) {
      warn(`Skipped the folder 'data/${printable(entry.name)}' on the history branch: not a benchmark name`)
      continue
    }
    const records = await readRunFiles(path.join(dataDir, entry.name, 'runs'), root, warn)
    if (records.length === 0) continue
    const files = buildDerived(entry.name, records, findShifts, retention)
    derived.push(files)
    await writeDerived(path.join(dataDir, entry.name), files)
  }
  await writeFile(path.join(dataDir, 'index.json'), `${JSON.stringify(buildIndexFile(derived), null, 1)}\n`)
  await writeBadges(
    root,
    derived.map((d) => ({ benchmark: d.runs.benchmark, state: d.badge })),
  )
  await copySite(root, where)
}

/** Stored run files of the benchmark for the same commit as `relative`, itself left out. */
async function runsOfSameCommit(root: string, relative: string): Promise<number> {
  const runs = path.join(root, path.dirname(path.dirname(path.dirname(relative))))
  const sha7 = path.basename(relative).split('-').at(-2)
  const files = await readdir(runs, { recursive: true }).catch(() => [] as string[])
  return files
    .filter(
      (f) =>
        f.endsWith('.json') &&
        !f.includes('.benchmark-action.') &&
        path.basename(f).split('-').at(-2) === sha7,
    )
    .filter((f) => path.join(runs, f) !== path.join(root, relative)).length
}

async function applyRun(
  tree: string,
  options: RecordOptions,
  relative: string,
  warn: SkipWarning,
): Promise<number> {
  const root = path.join(tree, options.dataDir)
  const file = path.join(root, relative)
  const exports = benchmarkActionFiles(options.record)
  const where = { branch: options.branch, prefix: options.dataDir }
  // Everything this run writes is checked before the first write: the tree is the branch's, anyone's.
  const underRoot = [relative, ...exports.map((e) => relative.replace(/\.json$/, e.suffix))]
  await refuseUnsafePaths(
    tree,
    ['.nojekyll', ...underRoot.map((p) => path.posix.join(options.dataDir, p.split(path.sep).join('/')))],
    { branch: options.branch },
  )
  await refuseUnsafeDerived(root, where, benchmarkPaths(options.record.benchmark))
  const earlier = await runsOfSameCommit(root, relative)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, `${JSON.stringify(options.record)}\n`, { flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    },
  )
  for (const exported of exports) {
    await writeFile(file.replace(/\.json$/, exported.suffix), `${JSON.stringify(exported.entries)}\n`)
  }
  await rebuildDerived(root, options.findShifts, options.retention, warn, where)
  await writeFile(path.join(tree, '.nojekyll'), '')
  return earlier
}

/**
 * Appends one run to the history branch: fetch → add the immutable run file → rebuild derived
 * files → commit → push. Only a push rejected because another writer won is retried (on the new
 * tip, with jittered backoff); any other failure stops at once. A run that cannot be pushed is
 * written to `fallbackDir` — never lost. No local branch is created.
 */
export async function recordRun(options: RecordOptions): Promise<RecordOutcome> {
  const remote = options.remote ?? 'origin'
  const repo = new Git(options.workspace)
  const relative = path.join('data', options.record.benchmark, 'runs', runFileName(options.record))
  const branchPath = path.posix.join(options.dataDir, relative.split(path.sep).join('/'))
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-pages-'))
  const tree = path.join(scratch, 'tree')
  const warned = new Set<string>()
  const warn: SkipWarning = (message) => {
    if (!warned.has(message)) options.onWarning?.(message)
    warned.add(message)
  }
  try {
    const message = `loadgate: ${options.record.benchmark} ${options.record.meta.head.sha.slice(0, 7)} (${options.record.branch})`
    let earlierRunsOfCommit = 0
    const outcome = await commitToHistory(
      { ...options, remote, tree },
      message,
      async (checkout) => {
        earlierRunsOfCommit = await applyRun(checkout, options, relative, warn)
      },
      [{ path: branchPath, content: `${JSON.stringify(options.record)}\n` }],
    )
    const { attempts } = outcome
    if (outcome.pushed)
      return { path: branchPath, pushed: true, attempts, commit: outcome.commit, earlierRunsOfCommit }
    await mkdir(options.fallbackDir, { recursive: true })
    const fallbackFile = path.join(options.fallbackDir, path.basename(relative))
    await writeFile(fallbackFile, `${JSON.stringify(options.record)}\n`)
    return {
      path: branchPath,
      pushed: false,
      attempts,
      fallbackFile,
      error: outcome.error,
      earlierRunsOfCommit,
    }
  } finally {
    await removeCheckout(repo, tree)
    await rm(scratch, { recursive: true, force: true })
  }
}
