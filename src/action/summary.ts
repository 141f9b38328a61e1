import * as core from '@actions/core'

/** GitHub refuses a step's job summary above 1 MiB (and shows none of it). */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024
/** Room kept for the note and for closing the `<details>` a cut leaves open. */
const RESERVE_BYTES = 2048

const CUT_NOTE =
  '\n\n> [!WARNING]\n> **The job summary was cut here**: GitHub shows at most 1 MiB. The full report is ' +
  "the comparison in the step's `results-file` output (upload it as an artifact); " +
  '`loadgate report FILE` prints it whole.\n'

const bytes = (text: string) => Buffer.byteLength(text, 'utf8')

/**
 * The markdown whole when it fits in `roomBytes`, else cut at a line break with a note saying so
 * and where the full report is; '' when not even the note fits.
 */
export function fitSummary(markdown: string, roomBytes: number): string {
  if (bytes(markdown) + 1 <= roomBytes) return markdown
  const budget = roomBytes - RESERVE_BYTES
  if (budget <= 0) return ''
  // Decoding a byte prefix may end in half a character: the cut at the last line break drops it.
  const prefix = Buffer.from(markdown, 'utf8').subarray(0, budget).toString('utf8')
  const kept = prefix.slice(0, Math.max(0, prefix.lastIndexOf('\n')))
  const open = count(kept, '<details') - count(kept, '</details>')
  return `${kept}${'\n</details>'.repeat(Math.max(0, open))}${CUT_NOTE}`
}

function count(text: string, what: string): number {
  return text.split(what).length - 1
}

/** Appends to the job summary, within GitHub's limit for the whole step (all benchmarks). */
export function appendSummary(markdown: string): void {
  const used = bytes(core.summary.stringify())
  const fitted = fitSummary(markdown, SUMMARY_LIMIT_BYTES - used)
  if (fitted) core.summary.addRaw(fitted, true)
}
