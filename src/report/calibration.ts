import type { Calibration, NoiseFloor, NoiseRow } from '../model/calibration'
import { seriesLabel } from '../model/format'
import type { MetricId } from '../model/types'
import { withoutWorkflowCommands as plain } from '../util/control-characters'
import { escapeMarkdown } from './escape'
import { minutesRange } from './format'

/** ±2.1% for a relative metric, ±0.40 pp for an absolute one. */
function plusMinus(value: number, absolute: boolean): string {
  const magnitude = Math.abs(value) * 100
  if (absolute) return `±${magnitude.toFixed(2)} pp`
  return `±${magnitude.toFixed(magnitude < 10 ? 1 : 0)}%`
}

function amount(value: number, absolute: boolean): string {
  return plusMinus(value, absolute).slice(1)
}

function metricName(metric: MetricId): string {
  return metric.replace(/^custom:/, '').replace(/_/g, ' ')
}

function rowCells(row: NoiseRow): string[] {
  return [
    seriesLabel(row),
    metricName(row.metric),
    plusMinus(row.noiseFloor, row.absolute),
    amount(row.detectable, row.absolute),
    amount(row.delta, row.absolute),
    String(row.roundsNeeded),
  ]
}

const HEAD = ['series', 'metric', 'noise floor', 'detectable', 'δ', 'rounds needed']

function planLine(c: Calibration): string {
  return (
    `plan: min-rounds ${c.minRounds}, max-rounds ${c.maxRounds}; α per look ${Number(c.alpha.toPrecision(3))} ` +
    `over ${c.family} gated metrics → ${Number(c.level.toPrecision(3))} per metric (Bonferroni: maxT's strictest step)`
  )
}

const METHOD_LINE =
  'noise floor: the per-round SD each test faces — for relative metrics (log-ratios) the σ whose normal ' +
  'interval is as wide as the signed-rank one, so far-out rounds count as much as they cost the test; for ' +
  'absolute ones 1.4826 × MAD of the differences (the sample SD where MAD is 0). detectable: the change found ' +
  'with 90% power at the first look (Student t, n − 1 degrees of freedom). rounds needed: for unchanged code ' +
  'to settle in 90% of runs at the typical σ, every gated metric at once (each of the k that vary settles ' +
  "with 1 − 10%/k); the plan's last look is sized at σ's 85% bound."

/** What the typical and the planning σ rest on: the stored sessions, or this calibration alone. */
function basis(c: Calibration): string {
  const sessions = Math.max(0, ...c.rows.map((r) => r.sessions ?? 0))
  return sessions > 0
    ? `the predictive median σ over ${sessions} stored sessions and this one`
    : "this calibration's σ (fewer than 3 stored sessions)"
}

/** The rounds the planning σ needs: the last look of the plan. */
function mostPlanRounds(c: Calibration): number | undefined {
  const rounds = c.rows.flatMap((r) => (r.planRounds === undefined ? [] : [r.planRounds]))
  return rounds.length ? Math.max(...rounds) : undefined
}

/** "; at σ's 85% upper confidence bound, in 90% by round 39 (the plan's last look)", or ''. */
function planBound(c: Calibration): string {
  const last = mostPlanRounds(c)
  if (last === undefined) return ''
  const sessions = c.rows.some((r) => (r.sessions ?? 0) > 0)
  const bound = sessions ? 'predictive quantile' : 'upper confidence bound'
  return `; at σ's 85% ${bound}, in 90% by round ${last} (the plan's last look)`
}

/**
 * One line when this calibration's σ is above what the stored sessions predict (their 95%
 * quantile): the metric furthest above, by how many times their median, and what to do.
 */
export function farAboveLine(c: Calibration): string {
  const above = c.rows.filter((r) => r.farAbove)
  if (above.length === 0) return ''
  const worst = above.reduce((a, b) => (b.farAbove!.factor > a.farAbove!.factor ? b : a))
  const { factor, bound } = worst.farAbove!
  const more = above.length > 1 ? ` (and ${above.length - 1} more gated metrics)` : ''
  return (
    `noise: ${worst.metric} of ${seriesLabel(worst)} moved ${factor.toFixed(1)}× what the stored runs show ` +
    `(${plusMinus(worst.noiseFloor, worst.absolute)} a round, their 95% bound ` +
    `${plusMinus(asChange(bound, worst.absolute), worst.absolute)})${more}: the runner was busier than usual — ` +
    'rerun the calibration, or run it on a quieter runner, before adopting its plan'
  )
}

function asChange(sigma: number, absolute: boolean): number {
  return absolute ? sigma : Math.expm1(sigma)
}

/** "about 4–9 minutes a run", or '' for a calibration written before runs were costed. */
function runMinutes(seconds: readonly number[] | undefined): string {
  return seconds ? `about ${minutesRange(seconds)} a run` : ''
}

/** " (about 4–9 minutes a run)" or ''. */
function costAside(seconds: readonly number[] | undefined): string {
  return seconds ? ` (${runMinutes(seconds)})` : ''
}

/** The rounds by which unchanged code settles every gated metric in 90% of runs. */
function mostRoundsNeeded(c: Calibration): number {
  return Math.max(...c.rows.map((r) => r.roundsNeeded))
}

function suggestionLines(c: Calibration): string[] {
  const s = c.suggestion
  if (s.sufficient)
    return [
      `suggestion: keep min-rounds ${s.minRounds}, max-rounds ${s.maxRounds} (the plan of ${c.minRounds} rounds already detects every δ; fewer rounds are never suggested${c.cost ? `; ${runMinutes(c.cost.configured)}` : ''})`,
    ]
  const times = `${Number(s.scale.toPrecision(2))}×`
  const needed = mostRoundsNeeded(c)
  const capped = needed > s.minRounds ? ` (${needed} rounds are needed, more than a plan may have)` : ''
  const lines = [
    `suggestion: min-rounds ${s.minRounds}, max-rounds ${s.maxRounds}${capped}${costAside(c.cost?.suggestedRounds)}`,
  ]
  if (c.trialSeconds > 0)
    lines.push(
      `  or, where the noise is the trials' own requests (a tail; not a state of the instance that all its endpoints share), ` +
        `keep ${c.minRounds} rounds with trials ${times} as long (${s.trialSeconds}s instead of ` +
        `${Math.round(c.trialSeconds)}s${c.cost ? `, ${runMinutes(c.cost.suggestedTrials)}` : ''}) or at ${times} the rate ` +
        `(${s.rate}/s instead of ${Math.round(c.rate)}/s)`,
    )
  lines.push(...tailReliefLines(c))
  return lines
}

const RELIEF_LISTED = 5

/** The cheapest change of what is gated: the tails that, informational, let the rest settle sooner. */
function tailReliefLines(c: Calibration): string[] {
  const relief = c.tailRelief
  const rows = (relief?.informational ?? []).flatMap((i) => (c.rows[i] ? [c.rows[i]] : []))
  if (!relief || rows.length === 0) return []
  const listed = rows.slice(0, RELIEF_LISTED)
  const more = rows.length > listed.length ? ` and ${rows.length - listed.length} more` : ''
  const tails = listed
    .map(
      (row) =>
        `${row.metric} of ${seriesLabel(row)} (noise floor ${plusMinus(row.noiseFloor, row.absolute)})`,
    )
    .join(', ')
  const rules = listed.map((row) => `${seriesLabel(row)}: ${row.metric} inform`).join('; ')
  const configured = relief.minRounds === c.minRounds && relief.maxRounds === c.maxRounds
  const plan = configured
    ? `the configured plan settles what stays gated (in 90% of runs by round ${relief.roundsNeeded})`
    : `what stays gated settles in 90% of runs by round ${relief.roundsNeeded}: min-rounds ` +
      `${relief.minRounds}, max-rounds ${relief.maxRounds}`
  return [
    `  or gate fewer tails: with ${tails}${more} informational (thresholds: ${rules}), ` +
      `${plan}${costAside(c.cost?.tailRelief)}`,
  ]
}

/**
 * What unchanged code typically costs under the configured plan: the median run beside the 90%
 * figure the rounds needed give; '' for a calibration written before it was recorded.
 */
function typicalLine(c: Calibration): string {
  if (c.medianRounds === undefined) return ''
  const at = c.rows.some((r) => r.typicalSigma !== undefined) ? ` at ${basis(c)}${planBound(c)}` : ''
  const settles = `unchanged code settles in half the runs by round ${c.medianRounds}, in 90% by round ${mostRoundsNeeded(c)}${at}`
  const median = c.cost?.median
  if (median === undefined) return `typical: ${settles}`
  if (median === null)
    return `typical: ${settles}; half the runs of this plan go past its last look (${c.maxRounds} rounds)`
  const minutes = minutesRange([median.seconds, median.seconds])
  return `typical: ${settles}; the median run of this plan stops at its ${median.look}-round look, about ${minutes}`
}

function budgetMinutes(seconds: number): string {
  const minutes = seconds / 60
  return Number.isInteger(minutes) ? `${minutes} minutes` : `${Math.round(seconds)} s`
}

/** One line on what the budget affords: the whole plan, or where it falls short. */
export function budgetHeadline(c: Calibration): string {
  const b = c.budget
  if (!b) return ''
  const within = `within ${budgetMinutes(b.seconds)}`
  const rounds =
    b.minRounds === b.maxRounds ? `${b.minRounds} rounds` : `${b.minRounds}–${b.maxRounds} rounds`
  if (b.fits)
    return `${within}: ${rounds} of ${b.trialSeconds}s trials settle every gated metric${costAside(b.runSeconds)}`
  if (b.trialSeconds === 0)
    return `${within}: nothing fits — the plan as configured (${rounds} of ${Math.round(c.trialSeconds)}s trials) takes up to about ${minutesRange([b.runSeconds[1], b.runSeconds[1]])}`
  const short = shortRows(c).length
  return `${within}: ${rounds} of ${b.trialSeconds}s trials${costAside(b.runSeconds)} leave ${short} of ${c.rows.length} gated metrics unsettled`
}

/** The rows the budget's plan does not settle under their δ, with the change each settles under. */
function shortRows(c: Calibration): { row: NoiseRow; settles: number }[] {
  const settles = c.budget?.settles ?? []
  return c.rows
    .map((row, i) => ({ row, settles: settles[i] ?? Number.POSITIVE_INFINITY }))
    .filter(({ row, settles }) => settles > Math.abs(row.delta))
}

function budgetLines(c: Calibration): string[] {
  const b = c.budget
  if (!b) return []
  const lines = [budgetHeadline(c)]
  if (b.fits) return lines
  const short = shortRows(c)
  for (const { row, settles } of short.slice(0, 20))
    lines.push(
      `  ${seriesLabel(row)} ${metricName(row.metric)}: settles under ${amount(settles, row.absolute)}, δ is ${amount(row.delta, row.absolute)}`,
    )
  const [its, it] = short.length === 1 ? ['its', 'it'] : ['their', 'them']
  const all = c.cost?.suggestedRounds
  const longer = all
    ? `, or allow about ${minutesRange([all[1], all[1]])} (min-rounds ${c.suggestion.minRounds}, max-rounds ${c.suggestion.maxRounds})`
    : ''
  lines.push(
    `  raise ${its} δ to what ${it === 'it' ? 'it settles' : 'they settle'} under, let ${it} inform (thresholds)${longer}`,
  )
  return lines
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length))
}

/** The calibration as plain text for a terminal. */
export function renderCalibrationText(c: Calibration): string {
  const rows = [HEAD, ...c.rows.map(rowCells)].map((cells) => cells.map((cell) => plain(cell)))
  const widths = HEAD.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)))
  return [
    `calibration of ${plain(c.benchmark)}: ${c.rows[0]?.rounds ?? 0} A/A rounds of ${c.commit.slice(0, 12)} (head = base)`,
    planLine(c),
    ...[farAboveLine(c)].filter(Boolean).map((line) => plain(line)),
    '',
    ...rows.map((cells) => `  ${cells.map((cell, i) => pad(cell, widths[i]!)).join('  ')}`.trimEnd()),
    '',
    ...suggestionLines(c).map((line) => plain(line)),
    ...[typicalLine(c)].filter(Boolean),
    ...budgetLines(c).map((line) => plain(line)),
    METHOD_LINE,
  ].join('\n')
}

/** The calibration as a job summary. */
export function renderCalibrationMarkdown(c: Calibration): string {
  const cell = (text: string) => escapeMarkdown(text)
  return [
    `### loadgate calibration — ${cell(c.benchmark)}`,
    '',
    cell(planLine(c)),
    '',
    ...[farAboveLine(c)].filter(Boolean).flatMap((line) => [`⚠️ ${cell(line)}`, '']),
    `| ${HEAD.join(' | ')} |`,
    '|---|---|---:|---:|---:|---:|',
    ...c.rows.map((row) => `| ${rowCells(row).map(cell).join(' | ')} |`),
    '',
    ...suggestionLines(c).map((line) => cell(line.trim())),
    '',
    ...[typicalLine(c)].filter(Boolean).flatMap((line) => [cell(line), '']),
    ...budgetLines(c).map((line, i) => (i === 0 ? cell(line) : `- ${cell(line.trim())}`)),
    '',
    cell(METHOD_LINE),
    '',
  ].join('\n')
}

/** The PR comment's line on the stored calibration; every part of it comes from an untrusted file. */
export function renderNoiseFloorLine(noiseFloor: NoiseFloor): string {
  const metrics = noiseFloor.metrics
    .map((m) => `${escapeMarkdown(metricName(m.metric))} ${plusMinus(m.floor, m.absolute)}`)
    .join(', ')
  const commit = noiseFloor.commit.slice(0, 7).replace(/[^0-9a-f]/g, '')
  const day = /^\d{4}-\d{2}-\d{2}/.exec(noiseFloor.measuredAt)?.[0]
  const when = day ? `, ${day}` : ''
  return `This repository's measured noise floor: ${metrics} (A/A calibration of \`${commit}\`${when}).`
}
