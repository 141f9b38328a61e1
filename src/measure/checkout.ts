import { LoadgateError } from '../util/errors'
import type { Git } from '../util/git'
import { parentsOf } from './base-commit'

/**
 * Refuses to measure on `pull_request_target`: its checkout is the base branch, so base would be
 * measured against base with the result put on the head; checking out the head instead runs the
 * pull request's code in a job holding the base repository's write token.
 */
export function refuseUntrustedEvent(event: string): void {
  if (event !== 'pull_request_target') return
  throw new LoadgateError(
    'loadgate does not measure on pull_request_target: that event checks out the base branch ' +
      '(base would be compared with base and the result put on the pull request), and with the head ' +
      "checked out the pull request's code would run beside a write token; " +
      "run it on 'pull_request' (a fork's result is posted by a workflow_run workflow with mode: report)",
  )
}

/** Refuses a run whose measured tree is not the head it reports, before anything starts. */
export async function assertMeasuringTheHead(
  git: Git,
  run: { event: string; headSha?: string },
): Promise<void> {
  refuseUntrustedEvent(run.event)
  if (!run.headSha) return
  const head = await git.revParse('HEAD')
  // actions/checkout checks a pull request out as GitHub's merge of head into base: HEAD^2 is the head.
  const parents = await parentsOf(git, head)
  if (head === run.headSha || (parents.length === 2 && parents[1] === run.headSha)) return
  throw new LoadgateError(
    `The checked-out tree (${head.slice(0, 12)}) is neither the head being reported ` +
      `(${run.headSha.slice(0, 12)}) nor a merge of it: check out the pull request's head or its ` +
      'merge commit (the actions/checkout default) before loadgate, so what is measured is what is reported',
  )
}
