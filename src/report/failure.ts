import { withoutControlCharacters } from '../util/control-characters'
import { escapeMarkdown, safeUrl } from './escape'
import { commentMarker } from './markdown'

/** How much of a failure's message the comment quotes; the rest is in the run's log. */
const QUOTED_LINES = 20
const QUOTED_CHARACTERS = 4000

/**
 * The sticky comment of a benchmark loadgate could not finish. It carries the benchmark's marker,
 * so the next run's result replaces it.
 */
export function renderFailureComment(benchmark: string, reason: string, where: FailureWhere): string {
  return `${commentMarker(benchmark)}error -->\n${renderFailure(benchmark, reason, where)}`
}

/** Where the failure happened, and whether the gating status says `error` too. */
export interface FailureWhere {
  headSha: string
  runUrl?: string
  statusSet: boolean
}

/** What failed (escaped, the first lines) and where the log is: for the comment and the job summary. */
export function renderFailure(benchmark: string, reason: string, where: FailureWhere): string {
  const quoted = reason
    .trim()
    .slice(0, QUOTED_CHARACTERS)
    .split(/\r?\n/)
    .slice(0, QUOTED_LINES)
    .map((line) => `> ${escapeMarkdown(withoutControlCharacters(line))}`)
    .join('\n')
  const runUrl = safeUrl(where.runUrl)
  const log = runUrl
    ? `The full log is in the [workflow run](${runUrl}).`
    : 'The full log is in the workflow run.'
  return (
    `### ⚠️ loadgate · ${escapeMarkdown(benchmark)} — error: no verdict\n\n` +
    `loadgate failed before it could compare base and head ${where.headSha.slice(0, 7)}` +
    (where.statusSet ? `, so the required status \`loadgate/${benchmark}\` is \`error\`` : '') +
    `. What failed:\n\n${quoted}\n\n` +
    `${log} Fix the cause and re-run the job: the result replaces this comment.\n`
  )
}
