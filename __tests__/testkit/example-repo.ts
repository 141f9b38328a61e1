import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { git } from './git-repos'
import { resolveThresholds } from '../../src/settings/thresholds'
import { worktreeFolder } from '../../src/measure/sut/compose/worktree'
import type { BenchmarkSettings, Settings } from '../../src/settings/types'

export interface ExampleRepo {
  root: string
  /** Working tree (checked out at head). */
  dir: string
  baseSha: string
  headSha: string
  cleanup: () => Promise<void>
}

/**
 * A throwaway git repository with the bundled example (or a scenario) committed as base, and a
 * head commit that writes `compose/.env` (the knobs) and any extra files.
 */
/** Copies the example service (compose/, without built binaries or a knob file) into `dest`. */
export async function copyExample(dest: string): Promise<void> {
  await cp(path.resolve('compose'), path.join(dest, 'compose'), {
    recursive: true,
    filter: (src) => !src.split(path.sep).includes('bin') && path.basename(src) !== '.env',
  })
}

export async function makeExampleRepo(
  options: { headEnv?: string; files?: Record<string, string> } = {},
): Promise<ExampleRepo> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-example-'))
  const dir = path.join(root, 'repo')
  await copyExample(dir)
  git(dir, 'init', '-q', '-b', 'main')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'Example service')
  const baseSha = git(dir, 'rev-parse', 'HEAD')
  if (options.headEnv !== undefined)
    await writeFile(path.join(dir, 'compose', '.env'), `${options.headEnv}\n`)
  for (const [file, content] of Object.entries(options.files ?? {}))
    await writeFile(path.join(dir, file), content)
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'Head change')
  const headSha = git(dir, 'rev-parse', 'HEAD')
  return { root, dir, baseSha, headSha, cleanup: () => removeRepo(root, dir) }
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

export function exampleBenchmark(overrides: Partial<BenchmarkSettings> = {}): BenchmarkSettings {
  return {
    name: 'api',
    composeFile: 'compose/compose.yaml',
    service: 'api',
    port: 8080,
    k6Script: 'compose/k6/api.js',
    k6Env: { DURATION: '2s', RATE: '80' },
    prepare: 'bash compose/prepare.sh',
    thresholds: resolveThresholds([]),
    ...overrides,
  }
}

export function exampleSettings(
  workspace: string,
  workDir: string,
  overrides: Partial<Settings> = {},
): Settings {
  return {
    mode: 'compare',
    baseline: 'rerun',
    baseRef: '',
    k6Version: '1.8.1',
    minRounds: 3,
    maxRounds: 3,
    warmupSeconds: 1,
    discardSeconds: 0,
    maxErrorRate: 0.01,
    maxDroppedRate: 0.01,
    githubToken: '',
    ghPagesBranch: 'gh-pages',
    dataDir: 'loadgate',
    comment: 'on',
    status: true,
    review: 'off',
    failOn: ['REGRESSION', 'INVALID'],
    retention: 0,
    workDir,
    seed: 1234,
    workspace,
    reportFile: '',
    benchmarks: [],
    ...overrides,
  }
}
