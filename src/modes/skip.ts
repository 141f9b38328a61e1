import type { BenchmarkSettings } from '../settings/types'
import { LoadgateError } from '../util/errors'
import { outcomeWithoutVerdict, type BenchmarkOutcome, type ModeRun } from './mode-context'

/**
 * `mode: skip`: a pull request the workflow leaves out (no opt-in label, say) still gets its
 * required status, `success` "Not run: <reason>", so it is not blocked forever by a check that never
 * posts; it never replaces a final status already set on the commit (a blocked head stays blocked).
 * Nothing is checked out or measured.
 */
export async function skipMode(run: ModeRun, bench: BenchmarkSettings): Promise<BenchmarkOutcome> {
  const { context, forge, settings, reporter } = run
  // A fork's token cannot set statuses: its gate is the maintainer's trusted run (docs/security.md).
  if (context.fromFork) {
    reporter.info(`${bench.name}: not run; a fork's pull request gets its status from a trusted run`)
    return outcomeWithoutVerdict(bench.name, 'Not run (a pull request from a fork)')
  }
  if (!forge?.canPublish || !context.headSha || !settings.status)
    throw new LoadgateError(
      "Input 'mode' is skip: expected a pull request's run with status on and a token that may set statuses",
    )
  const description = `Not run: ${settings.skipReason}`
  const { set, warning } = await forge.postNotRun(
    { benchmark: bench.name, headSha: context.headSha, runUrl: context.runUrl },
    description,
  )
  if (warning) throw new LoadgateError(warning)
  const headline = set
    ? description
    : `Not run, and the final status already set on ${context.headSha.slice(0, 12)} stays`
  reporter.info(`${bench.name}: ${headline}`)
  return { ...outcomeWithoutVerdict(bench.name, headline), statusSet: set }
}
