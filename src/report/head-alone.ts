import { formatValue, metricLabel, seriesLabel } from '../model/format'
import type { Comparison } from '../model/types'
import { escapeMarkdown, markdownCode } from './escape'

/**
 * One line when the base was measured with the head's harness (the pull request that adopts
 * loadgate): which files were borrowed, and what such a comparison shows.
 */
export function borrowedHarnessNote(comparison: Comparison): string | null {
  const borrowed = comparison.meta.borrowedHarness ?? []
  if (borrowed.length === 0) return null
  const what =
    comparison.kind === 'head-only'
      ? "The base commit has no benchmark harness, and it could not run this pull request's"
      : "ℹ️ The base commit has no benchmark harness: it was measured with this pull request's (its own code, the head's files)"
  const tail =
    comparison.kind === 'head-only'
      ? ''
      : '. Where the pull request only adds the harness, base and head run the same code: this run shows the noise floor'
  return `${what}: borrowed ${borrowed.map((file) => markdownCode(file)).join(', ')}${tail}.`
}

/** In place of the gated table when the head was measured alone: no comparison, and why. */
export function headAloneText(comparison: Comparison): string {
  const why = comparison.meta.baseUnmeasured
  const rows = comparison.series.flatMap((s) =>
    s.metrics
      .filter((m) => m.gate)
      .map((m, i) => {
        const target = m.target
          ? `${m.target.pass === null ? '❔' : m.target.pass ? '✅' : '❌'} ${escapeMarkdown(m.target.source)}`
          : '–'
        return `| ${i === 0 ? escapeMarkdown(seriesLabel(s)) : ''} | ${escapeMarkdown(metricLabel(m))} | ${formatValue(m.unit, m.head)} | ${target} |`
      }),
  )
  return [
    '**No base to compare with.** The head was measured alone, so nothing is approved or blocked and ' +
      'the status is `success`; pull requests compare base and head once the harness is on the base branch.' +
      (why ? ` The base failed: ${escapeMarkdown(why)}` : ''),
    ['| series | metric | head, median | target |', '|---|---|---:|---|', ...rows].join('\n'),
  ].join('\n\n')
}
