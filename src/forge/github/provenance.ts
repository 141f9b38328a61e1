import { escapeMarkdown } from '../../report/escape'
import { commentMarker } from '../../report/markdown'
import type { Comparison } from '../../model/types'

// How a result computed on a fork's own runner is labelled wherever it is posted.

const UNVERIFIED_TAG = '<!-- loadgate-unverified -->'

/** The note under the comment's marker line: what the result is and how to get a verified one. */
export function unverifiedNote(): string {
  return (
    `${UNVERIFIED_TAG}\n` +
    "> [!WARNING]\n> **Reported by the fork's own run, unverified.** This pull request comes from a fork: " +
    'its workflow measured and decided on its own runner, so this result cannot be trusted and the ' +
    'required status cannot pass on it (pending, or error when the run could not measure). A maintainer who has reviewed the change can start the trusted ' +
    'run (workflow `loadgate trusted run`, with this PR number and its head commit) to set the real status.\n'
  )
}

/** The comment body with the unverified note after its first line (the marker stays first). */
export function labelUnverified(body: string): string {
  const end = body.indexOf('\n')
  return `${body.slice(0, end + 1)}${unverifiedNote()}\n${body.slice(end + 1)}`
}

/**
 * The first words of the comment a fork's report gets when the sticky comment holds a trusted
 * result or an acceptance. Not the sticky marker: readers of that (accept, record) never see it.
 */
export function forkReportMarker(benchmark: string): string {
  return `<!-- loadgate-fork-report:${benchmark} `
}

/** A rendered comment as the fork's own, separate report: its marker, the note, why it is apart. */
export function forkReportBody(rendered: string, benchmark: string): string {
  const own = forkReportMarker(benchmark) + rendered.slice(commentMarker(benchmark).length)
  const end = own.indexOf('\n')
  const apart =
    "loadgate's comment with the trusted result (or an acceptance) for this benchmark stays as it " +
    "is: a fork's report never edits it.\n\n"
  return labelUnverified(`${own.slice(0, end + 1)}${apart}${own.slice(end + 1)}`)
}

/**
 * Whether loadgate labelled the comment unverified: its tag is the line right after the marker,
 * where `labelUnverified` puts it. The same text anywhere else (a function name in the profile
 * table) is the result's content, not its provenance.
 */
export function isLabelledUnverified(body: string): boolean {
  return body.split('\n', 2)[1]?.trimEnd() === UNVERIFIED_TAG
}

/** The commit status description of an unverified result (GitHub keeps 140 characters). */
export function unverifiedDescription(comparison: Comparison): string {
  return `Unverified: the fork's own run reported ${comparison.verdict}; a maintainer's trusted run sets this status`
}

/** The review body: marker, then the headline escaped exactly as the comment escapes it. */
export function reviewBody(marker: string, comparison: Comparison): string {
  return `${marker}\nloadgate · ${escapeMarkdown(comparison.benchmark)}: ${escapeMarkdown(comparison.headline)}`
}
