import {
  formatAlpha,
  formatChange,
  formatDecisionInterval,
  formatValue,
  intervalTitle,
  metricLabel,
  seriesLabel,
} from '../model/format'
import type { Comparison, MetricComparison } from '../model/types'
import { withoutWorkflowCommands as plain } from '../util/control-characters'
import { timingText, verdictTone, verdictWord } from './format'
import { thinSeries, thinTailsSentences } from './sample-size'
import { erraticSeries, erraticText } from './erratic'
import { repeatLines, repeatsCountText, runnerLoadTexts, tooBusyText } from './runner-load'
import { addedMedianMicros, functionCostText, profileFindings, profileTotalText } from './profile'
import { unsymbolizedText } from './profile-symbols'
import type { ProfileDiff } from '../model/profile'

/** Functions the terminal names from the profile (the comment names five). */
const TERMINAL_PROFILE_ROWS = 3

const COLORS: Record<string, string> = {
  REGRESSION: '\u001b[31m',
  TARGET_MISSED: '\u001b[31m',
  INVALID: '\u001b[31m',
  NOTHING_GATED: '\u001b[31m',
  IMPROVEMENT: '\u001b[32m',
  NO_CHANGE: '\u001b[32m',
  INCONCLUSIVE: '\u001b[33m',
  LIKELY_OVER_DELTA: '\u001b[33m',
}
const RESET = '\u001b[0m'
const BOLD = '\u001b[1m'

function pad(text: string, width: number, right = false): string {
  const visible = [...text].length
  const fill = ' '.repeat(Math.max(0, width - visible))
  return right ? fill + text : text + fill
}

/** The comparison as a terminal table; colours only when `color` (a TTY). */
export function renderTerminal(comparison: Comparison, options: { color: boolean }): string {
  const paint = (verdict: string, text: string) =>
    options.color && COLORS[verdict] ? `${COLORS[verdict]}${text}${RESET}` : text
  const bold = (text: string) => (options.color ? `${BOLD}${text}${RESET}` : text)
  const lines = [
    bold(
      paint(comparison.verdict, plain(`${comparison.verdict.replaceAll('_', ' ')}: ${comparison.headline}`)),
    ),
    '',
  ]
  if (comparison.verdict === 'INVALID') {
    for (const reason of comparison.invalid) lines.push(`  - ${plain(reason.message)}`)
    lines.push('')
  }
  const rows: string[][] = [
    ['series', 'metric', 'base', 'head', 'change', intervalTitle(comparison), 'verdict'],
  ]
  const verdicts: string[] = ['']
  for (const series of comparison.series) {
    series.metrics.forEach((m: MetricComparison, i) => {
      // Every cell: names and labels come from the script, the rest from a file that may be forged.
      const cells = [
        i === 0 ? seriesLabel(series) : '',
        `${metricLabel(m)}${m.gate ? '' : '*'}`,
        formatValue(m.unit, m.base),
        formatValue(m.unit, m.head),
        m.change === null ? '–' : formatChange(m.change, m.absolute),
        formatDecisionInterval(m),
        verdictWord(m),
      ]
      rows.push(cells.map((cell) => plain(cell)))
      verdicts.push(verdictTone(m))
    })
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => [...(r[c] ?? '')].length)))
  rows.forEach((row, r) => {
    const cells = row.map((cell, c) => pad(cell, widths[c]!, c >= 2 && c <= 4))
    const last = cells.pop()!
    lines.push(`  ${cells.join('  ')}  ${r === 0 ? bold(last) : paint(verdicts[r]!, last)}`)
  })
  lines.push(
    '',
    `  * informs only: "higher" and "lower" are corrected over the informational metrics, never for the gated family, and never block. ${comparison.rounds} rounds, α ${formatAlpha(comparison.alpha)} per look, ${comparison.kind === 'paired' ? 'paired by round' : 'cross-run (stored baseline)'}.`,
  )
  if (comparison.meta.timing) lines.push(`  ${timingText(comparison.meta.timing)}.`)
  const repeats = repeatLines(comparison)
  if (repeats.length)
    lines.push(`  i ${repeatsCountText(comparison) || 'No round measured again'}: ${repeats.join('; ')}.`)
  const flagged =
    comparison.verdict === 'INVALID' ? [] : comparison.series.filter((s) => s.dispersion.flagged)
  for (const series of flagged) {
    lines.push(
      paint(
        'REGRESSION',
        `  ! latency spread (p99/p50) of ${plain(seriesLabel(series))} changed ${series.dispersion.ratio?.toFixed(1)}×`,
      ),
    )
  }
  for (const sentence of thinTailsSentences(thinSeries(comparison), (s) => plain(seriesLabel(s))))
    lines.push(`  i ${sentence}`)
  for (const series of erraticSeries(comparison))
    lines.push(`  i ${erraticText(plain(seriesLabel(series)), plain(series.erratic))}`)
  const busy = tooBusyText(comparison)
  if (busy) lines.push(paint('INCONCLUSIVE', `  ! ${busy}`))
  for (const text of runnerLoadTexts(comparison)) lines.push(paint('INCONCLUSIVE', `  ! ${text}`))
  if (comparison.profile && comparison.verdict !== 'INVALID')
    lines.push('', ...profileLines(comparison.profile, addedMedianMicros(comparison)))
  return lines.join('\n')
}

/** The comment's "Where the CPU went", its top rows or the waiting sentence; the rest is in report.html. */
function profileLines(profile: ProfileDiff, addedMicros: number | null): string[] {
  if (profile.unavailable) return [`  No CPU profile: ${plain(profile.unavailable)}.`]
  const findings = profileFindings(profile, addedMicros, TERMINAL_PROFILE_ROWS)
  const heading =
    `  Where the CPU went, µs of CPU per request base → head: ${profileTotalText(profile)} ` +
    `(one profiling trial per arm, ${profile.samples.base} and ${profile.samples.head} samples; flame graph in report.html)`
  if ('waiting' in findings) return [heading, `    ${findings.waiting}`]
  if ('unsymbolized' in findings)
    return [heading, `    ${unsymbolizedText(findings.unsymbolized, (text) => plain(text))}`]
  if (findings.grown.length === 0)
    return [heading, "    No function's own CPU per request grew beyond what its samples allow."]
  const rows = findings.grown
    .map(functionCostText)
    .map(({ name, figures }) => ({ name: plain(name), figures }))
  const width = Math.max(...rows.map((r) => [...r.name].length))
  return [heading, ...rows.map((r) => `    ${pad(r.name, width)}  ${r.figures}`)]
}
