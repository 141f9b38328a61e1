import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { defaultWorkDir, earlierRunsDir } from '../src/cli/work-dir'

// Throwaway git repositories: every builder in the kit starts from makeWorkRepo.

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
}

/** Commits made in the kit's repositories do not depend on the machine's git configuration. */
function setIdentity(dir: string): void {
  git(dir, 'config', 'user.name', 'loadgate tests')
  git(dir, 'config', 'user.email', 'tests@loadgate.invalid')
}

/** Writes `files` (path relative to `dir` → content), creating folders as needed. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await writeFile(path.join(dir, file), content)
  }
}

/** Commits the whole work tree (an empty commit when nothing changed); returns the new sha. */
export function commitAll(dir: string, message: string): string {
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '--allow-empty', '-m', message)
  return git(dir, 'rev-parse', 'HEAD')
}

export interface WorkRepo {
  /** Temporary folder holding the work tree, the origin and whatever a test adds; cleanup removes it. */
  root: string
  /** The work tree, on main. */
  dir: string
  /** The bare repository `dir` pushes to as `origin` ('' when made without one). */
  origin: string
  /** The initial commit. */
  sha: string
  cleanup(): Promise<void>
}

export interface WorkRepoOptions {
  /** Start of the temporary folder's name. */
  prefix: string
  /** Folder of the work tree inside root. */
  name?: string
  /** Writes the files of the initial commit (none: an empty commit). */
  fill?: (dir: string) => Promise<void>
  message?: string
  /**
   * 'bare': main is pushed to a local bare `origin`; 'serve-any-sha': an origin that, like GitHub,
   * also serves any commit by sha; 'none': no remote.
   */
  origin?: 'bare' | 'serve-any-sha' | 'none'
}

/** A work repository on main with one commit and (unless told otherwise) a local bare origin. */
export async function makeWorkRepo(options: WorkRepoOptions): Promise<WorkRepo> {
  const root = await mkdtemp(path.join(os.tmpdir(), options.prefix))
  const dir = path.join(root, options.name ?? 'repo')
  git(root, 'init', '-q', '-b', 'main', dir)
  setIdentity(dir)
  await options.fill?.(dir)
  const sha = commitAll(dir, options.message ?? 'initial')
  const kind = options.origin ?? 'bare'
  const origin = kind === 'none' ? '' : path.join(root, 'origin.git')
  if (origin) {
    git(root, 'init', '-q', '--bare', '-b', 'main', origin)
    if (kind === 'serve-any-sha') git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true')
    git(dir, 'remote', 'add', 'origin', origin)
    git(dir, 'push', '-q', 'origin', 'main')
  }
  return { root, dir, origin, sha, cleanup: () => rm(root, { recursive: true, force: true }) }
}

/** A bare `origin` with one commit on main, and a clone of it as the workspace. */
export async function makeOriginAndClone(): Promise<{
  root: string
  origin: string
  workspace: string
  cleanup: () => Promise<void>
}> {
  const { root, origin, cleanup } = await makeWorkRepo({ prefix: 'loadgate-git-', name: 'seed' })
  const workspace = await cloneOrigin(root, origin, 'workspace')
  return { root, origin, workspace, cleanup }
}

export async function cloneOrigin(root: string, origin: string, name: string): Promise<string> {
  const dir = path.join(root, name)
  git(root, 'clone', '-q', origin, dir)
  setIdentity(dir)
  return dir
}

/** Removes the CLI's default work folder of `repositoryRoot` and the earlier runs kept beside it. */
export async function removeDefaultWorkDir(repositoryRoot: string): Promise<void> {
  const dir = defaultWorkDir(repositoryRoot)
  for (const folder of [dir, earlierRunsDir(dir)]) await rm(folder, { recursive: true, force: true })
}
