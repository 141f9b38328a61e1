import type { RunContext } from '../forge'
import { createForge } from '../forge'
import { postsGate, reportFailure } from '../modes/failure'
import { benchmarkNamesOf } from '../settings/benchmark-names'
import type { InputReader, SettingsContext } from '../settings/read-settings'
import { actionReporter } from './reporter'

/**
 * Bad settings of a pull request's gate: each benchmark whose name can still be told gets status
 * `error` with the settings message and the comment, so a misconfigured required check does not
 * wait forever. Only for the pull request's own compare or merge run (never pull_request_target or a fork's).
 */
export async function reportSettingsError(
  read: InputReader,
  settingsContext: SettingsContext,
  context: RunContext,
  error: unknown,
): Promise<void> {
  const mode = read('mode').trim() || 'auto'
  const segmentJob = read('segment').trim() !== ''
  if (context.eventName !== 'pull_request' || !['auto', 'compare', 'merge'].includes(mode) || segmentJob)
    return
  const run = {
    context,
    reporter: actionReporter(),
    forge: createForge(context, read('github-token').trim()),
  }
  if (!postsGate({ mode: mode === 'merge' ? 'merge' : 'compare', segment: null }, run)) return
  const names = benchmarkNamesOf(read, settingsContext)
  if (names.length === 0)
    run.reporter.warning('loadgate could not tell the benchmark names from the settings: no status was set')
  const settings = {
    comment: read('comment').trim() === 'off' ? ('off' as const) : ('on' as const),
    status: read('status').trim() !== 'false',
  }
  for (const name of names) await reportFailure(run, settings, name, error, true)
}
