import type { Settings } from '../settings/types'
import { checkHistoryFile, checkPushAccess, openHistoryGit, type HistoryLocation } from '../store'
import type { Forge } from '../forge'

/** What locating the history needs of the settings. */
export type HistoryPlaceSettings = Pick<Settings, 'workspace' | 'ghPagesBranch' | 'dataDir' | 'history'>

/**
 * Where the history is read and written: the history-path file, or the history branch of the
 * history repository (through a scratch clone and its own token) or of the checkout's origin.
 */
export function historyPlace(settings: HistoryPlaceSettings, serverUrl = ''): HistoryLocation {
  const { workspace, ghPagesBranch: branch, dataDir, history } = settings
  if (history.file) return { workspace, branch, dataDir, file: history.file }
  const git = openHistoryGit(workspace, history.repository, history.token, serverUrl || undefined)
  return { ...git, branch, dataDir }
}

/** How messages name where the history is. */
export function historyName(settings: HistoryPlaceSettings): string {
  const { history, ghPagesBranch } = settings
  if (history.file) return `the history file '${history.file}'`
  const repository = history.repository
  if (!repository) return `'${ghPagesBranch}'`
  return `'${ghPagesBranch}' of ${repository.kind === 'github' ? repository.repository : repository.url}`
}

/**
 * Fails with one line unless the history can be written: the file is a history file (or none yet),
 * or the branch can be pushed. Checked before measuring, so minutes are never lost to it.
 */
export async function checkHistoryWritable(settings: HistoryPlaceSettings, serverUrl = ''): Promise<void> {
  const place = historyPlace(settings, serverUrl)
  if (place.file) return checkHistoryFile(place.file)
  const repository = settings.history.repository
  await checkPushAccess({
    ...place,
    pushNeeds: repository ? `history-token needs 'contents: write' on ${place.remoteLabel}` : undefined,
  })
}

/**
 * The published dashboard, opening a benchmark (and series): this repository's Pages, the history
 * repository's when it is on the forge; none for a history file or a repository given by URL.
 */
export function dashboardLink(
  run: { settings: HistoryPlaceSettings; forge: Forge | null },
  benchmark?: string,
  series?: string,
): string | undefined {
  const { history, dataDir } = run.settings
  if (history.file || history.repository?.kind === 'url') return undefined
  return run.forge?.dashboardUrl(dataDir, benchmark, series, history.repository?.repository)
}
