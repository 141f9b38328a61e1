import { cp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { commitAll, git, makeWorkRepo, writeFiles } from './git-repos'
import { worktreeFolder } from '../src/measure/sut/compose/worktree'

export interface ExampleRepo {
  root: string
  /** Working tree (checked out at head). */
  dir: string
  baseSha: string
  headSha: string
  cleanup: () => Promise<void>
}

/** A reference service's folder: the bundled example, the CPU-bound service, the JIT ones (Node.js, JVM) or the Python one. */
export type ExampleFolder = 'compose' | 'cpu-bound' | 'jit' | 'jvm' | 'python'

/** Copies a reference service (its folder, without built binaries or a knob file) into `dest`. */
export async function copyExample(dest: string, folder: ExampleFolder = 'compose'): Promise<void> {
  await cp(path.resolve(folder), path.join(dest, folder), {
    recursive: true,
    filter: (src) => !src.split(path.sep).includes('bin') && path.basename(src) !== '.env',
  })
}

/**
 * A throwaway git repository (no remote) with the bundled example (or `folder`) committed as base,
 * and a head commit that writes `<folder>/.env` (the knobs) and any extra files.
 */
export async function makeExampleRepo(
  options: { headEnv?: string; files?: Record<string, string>; folder?: ExampleFolder } = {},
): Promise<ExampleRepo> {
  const folder = options.folder ?? 'compose'
  const { root, dir, sha } = await makeWorkRepo({
    prefix: 'loadgate-example-',
    fill: (dest) => copyExample(dest, folder),
    message: 'Example service',
    origin: 'none',
  })
  if (options.headEnv !== undefined) await writeFile(path.join(dir, folder, '.env'), `${options.headEnv}\n`)
  await writeFiles(dir, options.files ?? {})
  const headSha = commitAll(dir, 'Head change')
  return { root, dir, baseSha: sha, headSha, cleanup: () => removeRepo(root, dir) }
}

/** Removes the repository and any worktree a failed or killed test left outside it. */
async function removeRepo(root: string, dir: string): Promise<void> {
  const worktrees = git(dir, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((line) => line.startsWith('worktree '))
    .map((line) => line.slice('worktree '.length))
    .filter((tree) => tree !== dir)
  for (const tree of worktrees) await rm(worktreeFolder(tree), { recursive: true, force: true })
  await rm(root, { recursive: true, force: true })
}
