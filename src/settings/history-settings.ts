import path from 'node:path'
import { withoutControlCharacters } from '../util/control-characters'
import { SettingsError } from '../util/errors'

/** Where the history lives when it is not the checkout's own repository. */
export type HistoryRepository =
  /** A repository on the forge (owner/name): its Pages publish the dashboard. */
  | { kind: 'github'; repository: string }
  /** Any git URL or local path (a remote of another host, a bare repository): no dashboard address is known. */
  | { kind: 'url'; url: string }

export interface HistorySettings {
  /** null: the checkout's origin holds the history branch. */
  repository: HistoryRepository | null
  /** Token for the history repository only (a secret: never logged); '' to use git's own credentials. */
  token: string
  /** A local JSON file read and written instead of a git branch ('' for none). */
  file: string
}

const OWNER_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/
const URL_SCHEMES = /^(https?|ssh|git|file):$/
/** scp-like syntax: git@host:owner/name.git */
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[A-Za-z0-9._~/-]+$/

function refuse(input: string, value: string, expected: string): never {
  // JSON quoting shows control characters as escapes instead of writing them to the log.
  const shown = JSON.stringify(value.slice(0, 200)).slice(1, -1)
  throw new SettingsError(`Input '${input}' is '${shown}': expected ${expected}`)
}

/**
 * The `history-repository` input: owner/name, a git URL without credentials (the token goes in
 * history-token), or a path to a local repository (absolute, or starting with ./ or ../).
 */
export function parseHistoryRepository(
  input: string,
  value: string,
  workspace: string,
): HistoryRepository | null {
  if (!value) return null
  const expected =
    'owner/name (e.g. acme/perf-history), a git URL without credentials (the token goes in ' +
    "history-token) or a local repository's path"
  if (/\s/.test(value) || withoutControlCharacters(value) !== value || value.startsWith('-'))
    refuse(input, value, expected)
  if (OWNER_NAME.test(value) && !value.endsWith('.')) return { kind: 'github', repository: value }
  if (SCP_LIKE.test(value)) return { kind: 'url', url: value }
  const url = URL.parse(value)
  if (url && URL_SCHEMES.test(url.protocol)) {
    if (url.username || url.password) refuse(input, url.protocol + '//***@' + url.host, expected)
    return { kind: 'url', url: value }
  }
  if (path.isAbsolute(value) || /^\.\.?\//.test(value))
    return { kind: 'url', url: path.resolve(workspace, value) }
  return refuse(input, value, expected)
}

/** The `history-path` input: a local JSON file, resolved from the workspace. */
export function parseHistoryFile(input: string, value: string, workspace: string): string {
  if (!value) return ''
  if (withoutControlCharacters(value) !== value || value.endsWith('/'))
    refuse(input, value, 'the path of a JSON file (e.g. a file actions/cache restores)')
  return path.resolve(workspace, value)
}

/** The three history inputs together: history-repository and history-path exclude each other. */
export function historyFrom(
  value: (name: 'history-repository' | 'history-path') => string,
  label: (name: 'history-repository' | 'history-path') => string,
  token: string,
  workspace: string,
): HistorySettings {
  const repository = parseHistoryRepository(
    label('history-repository'),
    value('history-repository'),
    workspace,
  )
  const file = parseHistoryFile(label('history-path'), value('history-path'), workspace)
  if (repository && file)
    refuse(
      label('history-path'),
      value('history-path'),
      'no history-path beside history-repository (the history is in one place: a git branch or a file)',
    )
  if (token && !repository)
    throw new SettingsError(
      "Input 'history-token' is set without history-repository: expected it only with history-repository " +
        '(the checkout credentials push to this repository; its value is not shown)',
    )
  return { repository, token, file }
}

/** The HTTP header git sends to the history repository for `token` (as actions/checkout sends its own). */
export function historyAuthorization(token: string): string {
  return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`
}
