import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseConfig, type ConfigFile } from '../../settings/config-file'
import { LoadgateError, SettingsError } from '../../util/errors'
import { Git } from '../../util/git'
import type { TrustedRunTarget } from '../forge'

const PULL_NUMBER = /^[1-9]\d{0,9}$/
export const COMMIT_SHA = /^[0-9a-f]{40}$/

/** The dispatch's `head-sha` input, normalised (it is checked where it matters). */
function headShaInput(inputs: Record<string, unknown> | undefined): string {
  return String(inputs?.['head-sha'] ?? '')
    .trim()
    .toLowerCase()
}

/**
 * A trusted run measures a fork's code, which can read the runner's Actions runtime token and so
 * write Actions cache entries for the branch the run was started on. Started on the default
 * branch, those entries would be restored by every other workflow there (and by pull requests):
 * it must be started on a branch of its own.
 */
function refuseDefaultBranch(ref: string | undefined, defaultBranch: string | undefined): void {
  const branch = (ref ?? '').replace(/^refs\/heads\//, '')
  if (!defaultBranch || branch !== defaultBranch) return
  throw new LoadgateError(
    `The trusted run was started on the default branch '${defaultBranch.slice(0, 100)}': the fork's code it ` +
      'measures could write Actions cache entries that its other workflows restore; start it from a ' +
      "branch of its own (Run workflow → Use workflow from: e.g. 'loadgate-trusted')",
  )
}

/**
 * Whether this run is a maintainer's trusted run, and for which PR and head: the one place that
 * decides it. A `workflow_dispatch` with the inputs `pull-request` and `head-sha`: only a
 * maintainer (write access) can dispatch, and the workflow file comes from the base repository,
 * so these inputs are trusted. Any other event, or a dispatch without the inputs, is no trusted run.
 * Every job of such a run takes its settings from the commit it was started on (GITHUB_SHA, the
 * trusted branch: see readTrustedConfig), and its deciding job checks which commits were measured.
 */
export function readTrustedRunTarget(env: NodeJS.ProcessEnv = process.env): TrustedRunTarget | null {
  if (env.GITHUB_EVENT_NAME !== 'workflow_dispatch' || !env.GITHUB_EVENT_PATH) return null
  let inputs: Record<string, unknown>
  let defaultBranch: string | undefined
  try {
    const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as {
      inputs?: unknown
      repository?: { default_branch?: unknown }
    }
    inputs = (payload.inputs ?? {}) as Record<string, unknown>
    defaultBranch = String(payload.repository?.default_branch ?? '') || undefined
  } catch {
    return null
  }
  const pull = String(inputs['pull-request'] ?? '').trim()
  const sha = headShaInput(inputs)
  if (!pull && !sha) return null
  refuseDefaultBranch(env.GITHUB_REF, defaultBranch)
  if (!PULL_NUMBER.test(pull))
    throw new LoadgateError(`Workflow input 'pull-request' is '${pull.slice(0, 40)}': expected a PR number`)
  if (!COMMIT_SHA.test(sha))
    throw new LoadgateError(
      `Workflow input 'head-sha' is '${sha.slice(0, 64)}': expected the PR head's full 40-character commit sha`,
    )
  return { pullNumber: Number(pull), headSha: sha, settingsCommit: (env.GITHUB_SHA ?? '').toLowerCase() }
}

/**
 * `config` as the trusted branch has it (the commit the run was started on), never the head's:
 * the head's loadgate.yml is the fork's to write, and its keys choose what is compared (base-ref,
 * baseline, target and the URLs, the benchmarks) and how closely (rounds, load, trial length).
 * Read before any of the head's code runs; fetched from origin when the checkout lacks the commit.
 */
export async function readTrustedConfig(
  workspace: string,
  file: string,
  commit: string,
): Promise<ConfigFile> {
  if (!COMMIT_SHA.test(commit))
    throw new SettingsError(
      `A trusted run takes its settings from the commit it was started on, but GITHUB_SHA is '${commit.slice(0, 64)}'`,
    )
  const name = path.posix.normalize(file.replace(/\\/g, '/')).replace(/^\.\//, '')
  if (name.startsWith('../') || path.posix.isAbsolute(name))
    throw new SettingsError(
      `Input 'config' is '${file}': a trusted run reads it from the trusted branch, so expected a path inside the repository`,
    )
  const text =
    (await new Git(workspace).tryRun(['show', `${commit}:${name}`])) ??
    (await fetchedFile(workspace, commit, name))
  if (text === null)
    throw new SettingsError(
      `Input 'config' is '${file}': a trusted run takes its settings from the trusted branch, ` +
        `and its commit ${commit.slice(0, 12)} has no such file (or it cannot be fetched from origin)`,
    )
  return parseConfig(text, `${file} of the trusted branch`)
}

/** One file of `commit`, fetched from the checkout's origin into a repository of its own (the checkout's shallow history stays as it is). */
async function fetchedFile(workspace: string, commit: string, name: string): Promise<string | null> {
  const origin = await new Git(workspace).tryRun(['remote', 'get-url', 'origin'])
  if (!origin) return null
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-trusted-'))
  try {
    const git = new Git(dir)
    if ((await git.tryRun(['init', '--quiet', '--bare'])) === null) return null
    if ((await git.tryRun(['fetch', '--quiet', '--no-tags', '--depth=1', origin, commit])) === null)
      return null
    return await git.tryRun(['show', `${commit}:${name}`])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
