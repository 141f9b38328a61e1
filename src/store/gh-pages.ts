import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { errorMessage } from '../util/errors'
import { run } from '../util/exec'
import { Git } from '../util/git'
import type { RunRecord } from '../model/types'
import { benchmarkActionFiles } from './benchmark-action'
import { buildDerived, buildIndexFile, writeDerived, type DerivedBenchmark } from './derive'
import { migrateRunRecord } from './migrate'
import { runFileName } from './run-record'
import { copySite } from './site'

const MAX_ATTEMPTS = 8
const READ_BATCH = 64

export interface RecordOptions {
  /** A git checkout whose `origin` is the repository (credentials as actions/checkout leaves them). */
  workspace: string
  remote?: string
  branch: string
  dataDir: string
  record: RunRecord
  /** Keep the N newest runs in the derived series (0 = all); run files are never deleted. */
  retention?: number
  /** Where a run that cannot be pushed is saved for upload. */
  fallbackDir: string
  /** Who commits the run (the forge's bot); null or absent keeps the repository's own git identity. */
  committer?: { name: string; email: string } | null
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
}

function remoteRef(remote: string, branch: string): string {
  return `refs/remotes/${remote}/${branch}`
}

async function fetchBranch(git: Git, remote: string, branch: string): Promise<boolean> {
  const fetched = await git.tryRun([
    'fetch',
    '--no-tags',
    '--quiet',
    remote,
    `+refs/heads/${branch}:${remoteRef(remote, branch)}`,
  ])
  return fetched !== null
}

async function readRunFiles(dir: string): Promise<RunRecord[]> {
  const files: string[] = []
  const walk = async (current: string): Promise<void> => {
    let entries
    try {
      entries = await readdir(current, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (entry.name.endsWith('.json') && !entry.name.endsWith('.benchmark-action.json'))
        files.push(full)
    }
  }
  await walk(dir)
  // Thousands of small files: read a batch at a time rather than one after another.
  const records: RunRecord[] = []
  for (let i = 0; i < files.length; i += READ_BATCH) {
    const batch = files.slice(i, i + READ_BATCH)
    const texts = await Promise.all(batch.map((file) => readFile(file, 'utf8')))
    for (const text of texts) records.push(migrateRunRecord(JSON.parse(text)))
  }
  return records
}

/** Rebuilds every derived file under `<root>/data` from the run files, and copies the dashboard. */
export async function rebuildDerived(root: string, retention = 0): Promise<void> {
  const dataDir = path.join(root, 'data')
  await mkdir(dataDir, { recursive: true })
  const benchmarks = (await readdir(dataDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
  const derived: DerivedBenchmark[] = []
  for (const benchmark of benchmarks.sort()) {
    const records = await readRunFiles(path.join(dataDir, benchmark, 'runs'))
    if (records.length === 0) continue
    const files = buildDerived(benchmark, records, retention)
    derived.push(files)
    await writeDerived(path.join(dataDir, benchmark), files)
  }
  await writeFile(path.join(dataDir, 'index.json'), `${JSON.stringify(buildIndexFile(derived), null, 1)}\n`)
  await copySite(root)
}

async function applyRun(tree: string, options: RecordOptions, relative: string): Promise<void> {
  const root = path.join(tree, options.dataDir)
  const file = path.join(root, relative)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, `${JSON.stringify(options.record)}\n`, { flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    },
  )
  for (const exported of benchmarkActionFiles(options.record)) {
    await writeFile(file.replace(/\.json$/, exported.suffix), `${JSON.stringify(exported.entries)}\n`)
  }
  await rebuildDerived(root, options.retention)
  await writeFile(path.join(tree, '.nojekyll'), '')
}

function committerArgs(committer: RecordOptions['committer']): string[] {
  return committer ? ['-c', `user.name=${committer.name}`, '-c', `user.email=${committer.email}`] : []
}

function jitteredDelay(attempt: number): number {
  const base = Math.min(8000, 200 * 2 ** attempt)
  return base / 2 + Math.random() * base
}

/**
 * Appends one run to the history branch: fetch → add the immutable run file → rebuild derived
 * files → commit → push. A rejected push (another writer won) is retried on the new tip with
 * jittered backoff. A run that still cannot be pushed is written to `fallbackDir` — never lost.
 */
export async function recordRun(options: RecordOptions): Promise<RecordOutcome> {
  const remote = options.remote ?? 'origin'
  const repo = new Git(options.workspace)
  const relative = path.join('data', options.record.benchmark, 'runs', runFileName(options.record))
  const branchPath = path.posix.join(options.dataDir, relative.split(path.sep).join('/'))
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-pages-'))
  const tree = path.join(scratch, 'tree')
  let lastError = ''
  let attempts = 0
  try {
    for (attempts = 1; attempts <= MAX_ATTEMPTS; attempts++) {
      await repo.tryRun(['worktree', 'remove', '--force', tree])
      await rm(tree, { recursive: true, force: true })
      const exists = await fetchBranch(repo, remote, options.branch)
      if (exists) {
        await repo.run(['worktree', 'add', '--detach', '--quiet', tree, remoteRef(remote, options.branch)])
      } else {
        await repo.run(['worktree', 'add', '--detach', '--quiet', tree])
        const worktree = new Git(tree)
        await worktree.run(['checkout', '--quiet', '--orphan', `loadgate-pages-${process.pid}-${attempts}`])
        await worktree.run(['rm', '-rf', '--quiet', '--ignore-unmatch', '.'])
      }
      const worktree = new Git(tree)
      try {
        await applyRun(tree, options, relative)
        await worktree.run(['add', '--all', '.'])
        await worktree.run([
          ...committerArgs(options.committer),
          'commit',
          '--quiet',
          '--no-verify',
          '-m',
          `loadgate: ${options.record.benchmark} ${options.record.meta.head.sha.slice(0, 7)} (${options.record.branch})`,
        ])
        await worktree.run(['push', '--quiet', remote, `HEAD:refs/heads/${options.branch}`])
        return { path: branchPath, pushed: true, attempts, commit: await worktree.run(['rev-parse', 'HEAD']) }
      } catch (error) {
        lastError = errorMessage(error)
        await new Promise((resolve) => setTimeout(resolve, jitteredDelay(attempts)))
      }
    }
    attempts = MAX_ATTEMPTS
    await mkdir(options.fallbackDir, { recursive: true })
    const fallbackFile = path.join(options.fallbackDir, path.basename(relative))
    await writeFile(fallbackFile, `${JSON.stringify(options.record)}\n`)
    return { path: branchPath, pushed: false, attempts, fallbackFile, error: lastError }
  } finally {
    await repo.tryRun(['worktree', 'remove', '--force', tree])
    await repo.tryRun(['worktree', 'prune'])
    await rm(scratch, { recursive: true, force: true })
  }
}

/** Every stored run of one benchmark (oldest first), migrated to the current schema; [] when there is no history. */
export async function readHistory(options: {
  workspace: string
  remote?: string
  branch: string
  dataDir: string
  benchmark: string
}): Promise<RunRecord[]> {
  const remote = options.remote ?? 'origin'
  const git = new Git(options.workspace)
  if (!(await fetchBranch(git, remote, options.branch))) return []
  const ref = remoteRef(remote, options.branch)
  const prefix = path.posix.join(options.dataDir, 'data', options.benchmark, 'runs')
  const listing = await git.run(['ls-tree', '-r', '--name-only', ref, '--', prefix])
  const files = listing
    .split('\n')
    .filter((f) => f.endsWith('.json') && !f.endsWith('.benchmark-action.json'))
  if (files.length === 0) return []
  const { stdout } = await run('git', ['cat-file', '--batch'], {
    cwd: options.workspace,
    input: files.map((f) => `${ref}:${f}\n`).join(''),
  })
  // `--batch` answers `<sha> blob <bytes>\n<content>\n` per object: walk it by byte offsets.
  const bytes = Buffer.from(stdout, 'utf8')
  const records: RunRecord[] = []
  let offset = 0
  while (offset < bytes.length) {
    const headerEnd = bytes.indexOf(0x0a, offset)
    const size = Number(bytes.subarray(offset, headerEnd).toString('utf8').split(' ')[2])
    const body = bytes.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8')
    records.push(migrateRunRecord(JSON.parse(body)))
    offset = headerEnd + 1 + size + 1
  }
  return records.sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
}
