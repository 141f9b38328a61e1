import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { historyAuthorization, type HistoryRepository } from '../settings/history-settings'
import { childEnv } from '../util/exec'

/** A git repository whose remote holds the history branch, and what git needs to reach it. */
export interface HistoryGit {
  workspace: string
  remote: string
  /** For the history's git commands only: the token's header, never the checkout's. */
  gitEnv: Record<string, string>
  /** How messages name the remote. */
  remoteLabel: string
}

/** The clone URL of the history repository (owner/name on the forge at `serverUrl`). */
export function historyRepositoryUrl(repository: HistoryRepository, serverUrl: string): string {
  if (repository.kind === 'url') return repository.url
  return `${serverUrl.replace(/\/$/, '')}/${repository.repository}.git`
}

/**
 * The token as an extra header for the history repository's host, in the environment of the
 * history's git commands alone: it is written to no file, passed on no command line, and never
 * reaches the checkout's own remote (whose credentials actions/checkout keeps apart).
 */
export function tokenEnv(url: string, token: string): Record<string, string> {
  const parsed = URL.parse(url)
  if (!token || !parsed || !/^https?:$/.test(parsed.protocol)) return {}
  return {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: `http.${parsed.origin}/.extraheader`,
    GIT_CONFIG_VALUE_0: historyAuthorization(token),
  }
}

const opened = new Map<string, string>()

/**
 * An empty repository of this process whose `origin` is the history repository, made once per URL
 * and removed when the process ends: the history is fetched and pushed there, never through the
 * checkout (its remotes, its credentials and its objects stay as they were).
 */
function scratchRepository(url: string): string {
  const known = opened.get(url)
  if (known) return known
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loadgate-history-'))
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, env: childEnv(), stdio: ['ignore', 'ignore', 'pipe'] })
  git('init', '--quiet')
  // A first commit of its own (never pushed): a worktree and a dry-run push need a HEAD.
  git(
    '-c',
    'user.name=loadgate',
    '-c',
    'user.email=loadgate@localhost',
    '-c',
    'commit.gpgsign=false',
    'commit',
    '--quiet',
    '--allow-empty',
    '-m',
    'scratch',
  )
  git('remote', 'add', 'origin', url)
  if (opened.size === 0)
    process.once('exit', () => opened.forEach((d) => rmSync(d, { recursive: true, force: true })))
  opened.set(url, dir)
  return dir
}

/** Where the history's git commands run: the checkout (its origin), or the history repository's scratch clone. */
export function openHistoryGit(
  workspace: string,
  repository: HistoryRepository | null,
  token: string,
  serverUrl = 'https://github.com',
): HistoryGit {
  if (!repository) return { workspace, remote: 'origin', gitEnv: {}, remoteLabel: 'origin' }
  const url = historyRepositoryUrl(repository, serverUrl)
  return {
    workspace: scratchRepository(url),
    remote: 'origin',
    gitEnv: tokenEnv(url, token),
    remoteLabel: repository.kind === 'github' ? repository.repository : url,
  }
}
