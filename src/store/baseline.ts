import { measuredRuns } from '../model/run-record'
import type { RunRecord } from '../model/types'
import { LoadgateError } from '../util/errors'
import { printable } from './run-files'

export interface BaselineRequest {
  benchmark: string
  /** History branch, for messages. */
  historyBranch: string
  /** The commit asked for explicitly (`--base` / `base-ref`), full sha; '' when none was. */
  requestedSha: string
  /** How the user named it, for messages (e.g. the ref they passed). */
  requestedAs?: string
  /** The pull request's base commit, tried first when nothing was asked for. */
  pullBaseSha?: string
  /** Branch whose newest run is the fallback when nothing was asked for. */
  baseBranch: string
}

/**
 * The stored run to compare with. A requested commit must have a valid stored run of its own:
 * comparing with another commit's run under its name would put wrong numbers under the right name.
 * Without a request: the pull request's base commit, else the base branch's newest valid run.
 * Imported runs are never chosen: another tool's numbers carry no trials to compare with.
 */
export function chooseStoredBaseline(stored: RunRecord[], request: BaselineRequest): RunRecord {
  const history = measuredRuns(stored)
  const valid = history.filter((r) => r.verdict !== 'INVALID')
  if (request.requestedSha) {
    const ofCommit = history.filter((r) => r.meta.head.sha === request.requestedSha)
    const chosen = ofCommit.filter((r) => r.verdict !== 'INVALID').at(-1)
    if (chosen) return chosen
    const asked = request.requestedAs && !request.requestedSha.startsWith(request.requestedAs)
    const name = `${request.requestedSha.slice(0, 7)}${asked ? ` (${printable(request.requestedAs!, 100)})` : ''}`
    const importedOnly = stored.some((r) => r.meta.head.sha === request.requestedSha)
    const why =
      ofCommit.length > 0
        ? 'only invalid runs are stored'
        : importedOnly
          ? 'only an imported run (drawn, never a baseline) is stored'
          : 'no run is stored'
    throw new LoadgateError(
      `baseline stored: ${why} for the base commit ${name} of '${request.benchmark}' on ` +
        `'${request.historyBranch}'${newestStored(valid)}: record that commit first (loadgate record ` +
        `on it), pick a base with a stored run, or use baseline rerun`,
    )
  }
  const onBase = valid.filter((r) => r.branch === request.baseBranch)
  const baseline =
    (request.pullBaseSha && onBase.findLast((r) => r.meta.head.sha === request.pullBaseSha)) || onBase.at(-1)
  if (!baseline) {
    throw new LoadgateError(
      `baseline: stored found no valid stored run of '${request.benchmark}' for branch ` +
        `'${printable(request.baseBranch, 100)}' on '${request.historyBranch}': record one first ` +
        `(mode: record on ${printable(request.baseBranch, 100)}) or use baseline: rerun`,
    )
  }
  return baseline
}

function newestStored(valid: RunRecord[]): string {
  const newest = valid.slice(-3).reverse()
  if (newest.length === 0) return ' (it holds no valid run of it)'
  return ` (newest stored: ${newest.map((r) => `${r.meta.head.sha.slice(0, 7)} of ${day(r)}`).join(', ')})`
}

function day(record: RunRecord): string {
  return printable(record.meta.startedAt.slice(0, 10), 10)
}

/** One line naming the baseline run: commit, when it was measured, branch and run. */
export function describeStoredBaseline(record: RunRecord): string {
  const started = Date.parse(record.meta.startedAt)
  const when = Number.isNaN(started)
    ? printable(record.meta.startedAt, 64)
    : `${new Date(started).toISOString().slice(0, 16).replace('T', ' ')} UTC`
  return (
    `baseline: the stored run of ${record.meta.head.sha.slice(0, 7)} measured ${when} ` +
    `(branch ${printable(record.branch, 100)}, run ${printable(record.meta.runId, 100)})`
  )
}
