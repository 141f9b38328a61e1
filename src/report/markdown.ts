import { acceptCommandHint } from './acceptance'
import { createHash } from 'node:crypto'
import { addedMedianMicros, renderProfileMarkdown } from './profile'
import {
  formatChange,
  formatDecisionInterval,
  formatInterval,
  intervalTitle,
  formatValue,
  metricLabel,
  seriesLabel,
  metricMark,
} from '../model/format'
import type { Comparison, MetricComparison, SeriesComparison } from '../model/types'
import { severityRank } from '../decide/severity'
import { renderNoiseFloorLine } from './calibration'
import { legend, MARKS_LEGEND, nothingGatedText } from './legend'
import { escapeMarkdown, markdownCode, safeUrl } from './escape'
import { thinTailsMarkdown } from './sample-size'
import { erraticSeries, erraticText } from './erratic'
import { runnerLoadTexts, tooBusyText } from './runner-load'
import { ignoredSettingsNote } from './trusted-run'
import { borrowedHarnessNote, headAloneText } from './head-alone'
import { deployedTargetsNote } from './target-url'
import { runDetails, servicesTable } from './run-details'

export { escapeHtml, escapeMarkdown } from './escape'

export interface ReportLinks {
  dashboard?: string
  run?: string
  summary?: string
}

/** GitHub rejects comment bodies above 65,536 characters; stay clear of it. */
export const COMMENT_LIMIT = 65_000

export function commentMarker(benchmark: string): string {
  return `<!-- loadgate:${benchmark} `
}

/** What the comment says, reduced to what matters for `comment: on-change`. */
export function comparisonDigest(comparison: Comparison): string {
  const essence = comparison.series.map((s) => [
    s.key,
    s.verdict,
    s.metrics
      .filter((m) => m.gate)
      .map((m) => [m.metric, m.verdict, m.change === null ? null : Math.round(m.change * 1000)]),
  ])
  return createHash('sha256')
    .update(JSON.stringify([comparison.verdict, comparison.invalid.map((i) => i.message), essence]))
    .digest('hex')
    .slice(0, 16)
}

const HEADLINE_MARK: Record<string, string> = {
  REGRESSION: '❌',
  TARGET_MISSED: '❌',
  IMPROVEMENT: '✅',
  NO_CHANGE: '✅',
  INCONCLUSIVE: '❔',
  LIKELY_OVER_DELTA: '❗',
  INVALID: '⛔',
  NOTHING_GATED: '⛔',
  NO_BASE: 'ℹ️',
}

function link(text: string, url: string | undefined): string | null {
  const safe = safeUrl(url)
  return safe ? `[${text}](${safe})` : null
}

function sha7(sha: string | undefined): string {
  return sha ? `\`${sha.slice(0, 7).replace(/[^0-9a-f]/g, '')}\`` : '?'
}

function changeCell(m: MetricComparison): string {
  if (m.change === null) return m.note ? escapeMarkdown(m.note) : '–'
  const ci = formatDecisionInterval(m)
  return `${formatChange(m.change, m.absolute)}${ci ? ` ${ci}` : ''}`
}

function metricRow(series: SeriesComparison | null, m: MetricComparison): string {
  const name = series ? escapeMarkdown(seriesLabel(series)) : ''
  const mark = metricMark(m)
  const gate = m.gate ? '' : ' (info)'
  return `| ${name} | ${escapeMarkdown(metricLabel(m))}${gate} | ${formatValue(m.unit, m.base)} | ${formatValue(m.unit, m.head)} | ${changeCell(m)} | ${mark} |`
}

function tableHead(comparison: Comparison): string {
  // Base and head are medians over trials; the change is the typical round's head/base ratio (what
  // the test is about), so 0.92 ms → 0.92 ms can be +4%, and the two can even differ in sign: the
  // headers say which is which, and the legend (in the details) why.
  return `| series | metric | base (median) | head (median) | typical round's change [${intervalTitle(comparison)}] | |\n|---|---|---:|---:|---|:-:|`
}

/**
 * The gated rows the first screen shows: those that moved or are still open. "No change" rows and
 * error rates that say "0% → 0%" stay in the details.
 */
function worthShowing(m: MetricComparison): boolean {
  return m.gate && m.verdict !== 'NO_CHANGE' && !(m.metric === 'error_rate' && m.base === 0 && m.head === 0)
}

function gatedTable(comparison: Comparison, maxRows: number): { table: string; dropped: number } {
  // Most telling series first (most severe verdict first), each kept together.
  const series = [...comparison.series].sort((a, b) => severityRank(a.verdict) - severityRank(b.verdict))
  const rows = series.flatMap((s) =>
    s.metrics.filter(worthShowing).map((m, i) => metricRow(i === 0 ? s : null, m)),
  )
  const kept = rows.slice(0, maxRows)
  if (rows.length === 0)
    return {
      table: 'Every gated metric: ➖ no change (a change of its δ ruled out); the rows are in the details.',
      dropped: 0,
    }
  return { table: [tableHead(comparison), ...kept].join('\n'), dropped: rows.length - kept.length }
}

function spreadWarnings(comparison: Comparison): string[] {
  return comparison.series
    .filter((s) => s.dispersion.flagged && s.dispersion.ratio !== null)
    .map((s) => {
      const d = s.dispersion
      const p99 = s.metrics.find((m) => m.metric === 'p99')
      const p99Text =
        p99?.change != null ? `; p99 ${formatChange(p99.change, false)} ${formatInterval(p99)}` : ''
      return `⚠️ **Latency spread of ${escapeMarkdown(seriesLabel(s))} changed ${d.ratio!.toFixed(1)}×** (p99/p50 ${d.base?.toFixed(1) ?? '?'} → ${d.head?.toFixed(1) ?? '?'})${p99Text}`
    })
}

function targetLines(comparison: Comparison): string[] {
  return comparison.series.flatMap((s) =>
    s.metrics
      .filter((m) => m.target)
      .map((m) => {
        const t = m.target!
        const mark = t.pass === null ? '❔' : t.pass ? '✅' : '❌'
        return `${mark} ${escapeMarkdown(metricLabel(m))} of ${escapeMarkdown(seriesLabel(s))} ${escapeMarkdown(t.source)}: head ${formatValue(m.unit, t.actual)}`
      }),
  )
}

function allMetricsTable(comparison: Comparison): string {
  const rows = comparison.series.flatMap((s) => s.metrics.map((m, i) => metricRow(i === 0 ? s : null, m)))
  return [tableHead(comparison), ...rows].join('\n')
}

/**
 * The widest noise floor among the gated metrics that did not move: a metric that regressed or
 * improved was told from noise already, and its (often wide) interval says nothing of what the
 * run could have missed.
 */
function noiseLine(comparison: Comparison): string {
  const gated = comparison.series.flatMap((s) =>
    s.metrics.filter((m) => m.gate && !m.absolute && m.noiseFloor !== null).map((m) => ({ s, m })),
  )
  const unmoved = gated.filter(({ m }) => m.verdict === 'NO_CHANGE' || m.verdict === 'INCONCLUSIVE')
  const pool = unmoved.length ? unmoved : gated
  if (pool.length === 0) return 'Noise floor unknown (too few rounds): no change could be told from noise.'
  const { s, m } = pool.reduce((a, b) => (b.m.noiseFloor! > a.m.noiseFloor! ? b : a))
  const where = `${escapeMarkdown(metricLabel(m))} of ${escapeMarkdown(seriesLabel(s))}`
  return `Noise floor ±${(m.noiseFloor! * 100).toFixed(1)}%: the smallest change this run could tell from noise (${unmoved.length ? `the widest among gated metrics that held: ${where}` : where}).`
}

/**
 * What to do next, on the first screen: the command that measures the same comparison on one's own
 * machine, where the whole report is (the run's summary) and, where a blocked result can be accepted,
 * that the exact command closes the comment.
 */
function nextSteps(comparison: Comparison, links: ReportLinks, acceptable: boolean): string {
  const base = comparison.meta.base?.sha
  const command = /^[0-9a-f]{7,40}$/.test(base ?? '')
    ? `loadgate compare --base ${base}`
    : 'loadgate compare --base <base sha>'
  const steps = [`reproduce on your machine, from the head's checkout: ${markdownCode(command)}`]
  const report = link('full report in the job summary', links.summary ?? links.run)
  if (report) steps.push(report)
  if (acceptable) steps.push('or accept this result with the command at the end of this comment')
  return `**Next steps:** ${steps.join(' · ')}`
}

interface RenderOptions {
  /** Maximum rows in the gated table (truncation keeps the body under GitHub's limit). */
  maxRows?: number
  details?: boolean
  /** The comment ends with the command that accepts its blocked result. */
  acceptable?: boolean
}

function render(comparison: Comparison, links: ReportLinks, options: RenderOptions): string {
  const mark = HEADLINE_MARK[comparison.verdict] ?? ''
  const parts: string[] = []
  parts.push(
    `### ${mark} loadgate · ${escapeMarkdown(comparison.benchmark)} — ${escapeMarkdown(comparison.headline)}`,
  )
  const kind =
    comparison.kind === 'stored'
      ? '**Cross-run comparison** against the stored baseline (different runs, possibly different machines)'
      : comparison.kind === 'head-only'
        ? `Head measured alone in this job, ${comparison.rounds} rounds`
        : `Base and head measured in this job, ${comparison.rounds} interleaved rounds`
  const linkText = [link('dashboard', links.dashboard), link('workflow run', links.run)]
    .filter(Boolean)
    .join(' · ')
  parts.push(
    `${kind} · ${comparison.kind === 'head-only' ? '' : `base ${sha7(comparison.meta.base?.sha)} → `}head ${sha7(comparison.meta.head.sha)}${linkText ? ` · ${linkText}` : ''}`,
  )

  for (const note of [deployedTargetsNote, ignoredSettingsNote, borrowedHarnessNote]) {
    const text = note(comparison)
    if (text) parts.push(text)
  }

  if (comparison.verdict === 'INVALID') {
    parts.push(
      '**This run cannot be trusted, so no latency or throughput comparison is shown as a result.**\n\n' +
        comparison.invalid.map((r) => `- ${escapeMarkdown(r.message)}`).join('\n'),
    )
  } else if (comparison.verdict === 'NOTHING_GATED') {
    parts.push(nothingGatedText())
  } else if (comparison.verdict === 'NO_BASE') {
    parts.push(headAloneText(comparison))
  } else {
    const { table, dropped } = gatedTable(comparison, options.maxRows ?? Infinity)
    parts.push(`${table}\n\n${MARKS_LEGEND}`)
    if (dropped > 0) {
      const where = link('job summary', links.summary ?? links.run) ?? 'job summary'
      parts.push(
        `_${dropped} more rows left out to fit GitHub's comment size; all rows are in the ${where}._`,
      )
    }
    if (comparison.profile)
      parts.push(renderProfileMarkdown(comparison.profile, addedMedianMicros(comparison)))
    parts.push(nextSteps(comparison, links, options.acceptable === true))
    if (comparison.noiseFloor) parts.push(renderNoiseFloorLine(comparison.noiseFloor))
    // Only for a run that can be trusted: a spread "change" or a "met" target of a run whose
    // requests failed is exactly the false comfort an INVALID verdict exists to prevent.
    const warnings = [
      ...spreadWarnings(comparison),
      ...thinTailsMarkdown(comparison),
      ...erraticSeries(comparison).map(
        (s) => `ℹ️ ${erraticText(escapeMarkdown(seriesLabel(s)), escapeMarkdown(s.erratic))}.`,
      ),
      ...runnerLoadTexts(comparison).map((text) => `⚠️ ${text}.`),
    ]
    const busy = tooBusyText(comparison)
    if (busy) warnings.unshift(`⚠️ **${busy}.**`)
    if (warnings.length) parts.push(warnings.join('\n\n'))
    const targets = targetLines(comparison)
    if (targets.length) parts.push(`**Targets** (head's median over trials)\n\n${targets.join('<br>\n')}`)
  }

  if (options.details !== false) {
    const trusted = !['INVALID', 'NOTHING_GATED', 'NO_BASE'].includes(comparison.verdict)
    const details = [
      trusted ? `${legend(comparison)}\n\n${noiseLine(comparison)}\n\n` : '',
      comparison.verdict === 'INVALID' ? '**Measured anyway (not a comparison):**\n\n' : '',
      allMetricsTable(comparison),
      '\n\n',
      servicesTable(comparison),
      '\n\n',
      runDetails(comparison),
    ].join('')
    parts.push(
      `<details><summary>All metrics, services and run details</summary>\n\n${details}\n\n</details>`,
    )
  }
  return parts.join('\n\n')
}

/** The sticky PR comment: marker, headline, gated table, warnings, details — under GitHub's size limit. */
export function renderComment(comparison: Comparison, links: ReportLinks, acceptable = false): string {
  // The head it is about: an acceptance that names no commit is checked against it (modes/accept.ts).
  const marker = `${commentMarker(comparison.benchmark)}digest=${comparisonDigest(comparison)} head=${comparison.meta.head.sha} -->`
  const accept = acceptable ? acceptCommandHint(comparison) : ''
  const hinted = accept !== ''
  const attempts: RenderOptions[] = [
    { acceptable: hinted },
    { details: false, acceptable: hinted },
    ...[200, 40, 5].map((maxRows) => ({ details: false, maxRows, acceptable: hinted })),
  ]
  for (const options of attempts) {
    const body = `${marker}\n${render(comparison, links, options)}${accept}\n`
    if (body.length <= COMMENT_LIMIT) return body
  }
  const room = COMMENT_LIMIT - marker.length - accept.length - 100
  return `${marker}\n${render(comparison, links, { details: false, maxRows: 0, acceptable: hinted }).slice(0, room)}${accept}\n`
}

/** The job summary: the same report, with every row. */
export function renderSummary(comparison: Comparison, links: ReportLinks): string {
  return `${render(comparison, links, {})}\n`
}
