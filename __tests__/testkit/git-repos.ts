import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
}

/** A bare `origin` with one commit on main, and a clone of it as the workspace. */
export async function makeOriginAndClone(): Promise<{
  root: string
  origin: string
  workspace: string
  cleanup: () => Promise<void>
}> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-git-'))
  const origin = path.join(root, 'origin.git')
  const seed = path.join(root, 'seed')
  git(root, 'init', '-q', '--bare', '-b', 'main', origin)
  git(root, 'init', '-q', '-b', 'main', seed)
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'initial')
  git(seed, 'remote', 'add', 'origin', origin)
  git(seed, 'push', '-q', 'origin', 'main')
  const workspace = await cloneOrigin(root, origin, 'workspace')
  return { root, origin, workspace, cleanup: () => rm(root, { recursive: true, force: true }) }
}

export async function cloneOrigin(root: string, origin: string, name: string): Promise<string> {
  const dir = path.join(root, name)
  git(root, 'clone', '-q', origin, dir)
  return dir
}
