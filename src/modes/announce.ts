import type { BenchmarkSettings } from '../settings/types'
import { LoadgateError } from '../util/errors'
import { outcomeWithoutVerdict, type BenchmarkOutcome, type ModeRun } from './mode-context'
import { refuseUntrustedBase, trustedPullRequest } from './run-base'

/**
 * `mode: announce`: the first job of a maintainer's trusted run. The action has already set every
 * benchmark's status to pending on the dispatched head (it runs none of the pull request's code);
 * this checks that the head is still the pull request's, so a stale dispatch stops before measuring.
 */
export async function announceMode(run: ModeRun, bench: BenchmarkSettings): Promise<BenchmarkOutcome> {
  const target = run.forge?.trustedRunTarget() ?? null
  if (!target)
    throw new LoadgateError(
      "Input 'mode' is announce: expected a trusted run (workflow_dispatch with the inputs pull-request and head-sha)",
    )
  refuseUntrustedBase(run, await trustedPullRequest(run, target))
  return outcomeWithoutVerdict(
    bench.name,
    `pending set on ${target.headSha.slice(0, 12)} of #${target.pullNumber}`,
  )
}
