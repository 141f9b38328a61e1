import type { RunContext } from '../forge'
import { createForge } from '../forge'
import { postsGate, refuseStaleTrustedHead, reportFailure } from '../modes/failure'
import type { RunMode } from '../settings/run-mode'
import { errorMessage } from '../util/errors'
import { benchmarkNamesOf } from '../settings/benchmark-names'
import type { InputReader, SettingsContext } from '../settings/read-settings'
import { actionReporter } from './reporter'

/**
 * Bad settings of a pull request's gate: each benchmark whose name can still be told gets status
 * `error` with the settings message and the comment, so a misconfigured required check does not
 * wait forever. For the pull request's own compare or merge run, and for a maintainer's trusted
 * run (workflow_dispatch: its announce job's pending would otherwise stay) while its head-sha is
 * still the PR's head; never for pull_request_target or a fork's run.
 */
export async function reportSettingsError(
  read: InputReader,
  settingsContext: SettingsContext,
  context: RunContext,
  error: unknown,
): Promise<void> {
  const mode = gateMode(read, context)
  if (mode === null) return
  const run = {
    context,
    reporter: actionReporter(),
    forge: createForge(context, read('github-token').trim()),
  }
  try {
    if (!postsGate({ mode, segment: null }, run)) return
    // A trusted run whose head moved on posts nothing, not even an error.
    await refuseStaleTrustedHead(run)
  } catch (refusal) {
    run.reporter.warning(
      `loadgate did not report the settings error on the pull request: ${errorMessage(refusal)}`,
    )
    return
  }
  const names = benchmarkNamesOf(read, settingsContext)
  if (names.length === 0)
    run.reporter.warning('loadgate could not tell the benchmark names from the settings: no status was set')
  const settings = {
    comment: read('comment').trim() === 'off' ? ('off' as const) : ('on' as const),
    status: read('status').trim() !== 'false',
  }
  for (const name of names) await reportFailure(run, settings, name, error, true)
}

/** The mode whose gate a settings error is told on, or null when this run speaks for none. */
function gateMode(read: InputReader, context: RunContext): RunMode | null {
  const mode = read('mode').trim() || 'auto'
  if (read('segment').trim() !== '') return null
  if (context.eventName === 'workflow_dispatch') return mode === 'report' || mode === 'announce' ? mode : null
  if (context.eventName !== 'pull_request' || !['auto', 'compare', 'merge'].includes(mode)) return null
  return mode === 'merge' ? 'merge' : 'compare'
}
