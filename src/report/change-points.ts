import { createHash } from 'node:crypto'
import type { Shift, ShiftRun } from '../decide/change-points'
import { formatValue } from '../model/format'
import { unitOf } from '../model/metrics'
import { withoutControlCharacters, withoutWorkflowCommands } from '../util/control-characters'
import { escapeMarkdown, repositoryUrl, safeUrl } from './escape'

/** A signed percentage: +18%, −4.2%. */
export function signedPercent(change: number): string {
  const value = Math.abs(change) * 100
  const digits = value >= 10 ? 0 : 1
  return `${change < 0 ? '−' : '+'}${value.toFixed(digits)}%`
}

/** Three significant digits, as the reports show values. */
export function shortNumber(value: number): string {
  return String(Number(value.toPrecision(3)))
}

/** "p95 of POST /orders +18% since a1b2c3d": the one-line name of a shift (raw text: escape where it is shown). */
export function shiftTitle(shift: Shift): string {
  return `${shift.metric} of ${shift.series} ${signedPercent(shift.change)} since ${shift.firstAfter.sha.slice(0, 7)}`
}

/**
 * Shifts as a terminal table, oldest first; untrusted names lose their control characters. None
 * found says what one needs: `minRuns` recorded runs on each side.
 */
export function renderShiftTable(shifts: Shift[], minRuns: number): string {
  if (shifts.length === 0)
    return (
      `No change points in the recorded history (a change point needs ${minRuns} recorded runs on each ` +
      'side of it; --change-point-min-runs sets how many).\n'
    )
  const header = ['benchmark', 'series', 'metric', 'change', 'before → after', 'commits', 'runs', 'cause']
  const rows = [...shifts]
    .sort((a, b) => a.firstAfter.startedAt.localeCompare(b.firstAfter.startedAt))
    .map((s) => [
      s.benchmark,
      s.series,
      s.metric,
      `${signedPercent(s.change)}${s.worse ? ' worse' : ' better'}`,
      `${shortNumber(s.before.median)} → ${shortNumber(s.after.median)}`,
      `${s.lastBefore.sha.slice(0, 7)}..${s.firstAfter.sha.slice(0, 7)}`,
      `${s.runsBefore} | ${s.runsAfter}`,
      s.environmentChanged ? `environment changed (${s.environmentChanged})` : 'commit',
    ])
    .map((row) => row.map((cell) => withoutWorkflowCommands(cell)))
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return `${[line(header), ...rows.map(line)].join('\n')}\n`
}

/** Where an issue's links point. */
export interface ShiftLinks {
  /** https://github.com (or a GitHub Enterprise server). */
  serverUrl: string
  /** owner/name. */
  repository: string
  /** The dashboard opening this benchmark and series. */
  dashboard: string
}

/** What identifies a shift's issue: its benchmark and series, and when the shift started. */
export interface ShiftMarker {
  benchmark: string
  id: string
  /** Start of the first run after the shift, Unix milliseconds. */
  after: number
}

const MARKER = /^<!-- loadgate-shift bench=([A-Za-z0-9._-]{1,64}) id=([0-9a-f]{16}) after=(\d{1,16}) -->/

export function shiftId(shift: Pick<Shift, 'benchmark' | 'series'>): string {
  return createHash('sha256').update(`${shift.benchmark}\0${shift.series}`).digest('hex').slice(0, 16)
}

export function shiftMarker(shift: Shift): ShiftMarker {
  return {
    benchmark: shift.benchmark,
    id: shiftId(shift),
    after: Date.parse(shift.firstAfter.startedAt) || 0,
  }
}

/** The marker an issue body starts with, or null when it is no shift issue. */
export function parseShiftMarker(body: string | null | undefined): ShiftMarker | null {
  const match = MARKER.exec(body ?? '')
  return match ? { benchmark: match[1]!, id: match[2]!, after: Number(match[3]) } : null
}

function commitLink(links: ShiftLinks, sha: string): string {
  const url = safeUrl(`${links.serverUrl}/${links.repository}/commit/${encodeURIComponent(sha)}`)
  return url ? `[\`${sha.slice(0, 7)}\`](${url})` : `\`${sha.slice(0, 7)}\``
}

function runLink(links: ShiftLinks, url: string): string {
  const safe = repositoryUrl(url, links)
  return safe ? ` ([run](${safe}))` : ''
}

/** The pull request the commit came through, linked to loadgate's comment there when it has one. */
function pullRequestLink(links: ShiftLinks, run: ShiftRun): string {
  const merged = run.mergedThrough
  if (!merged) return ''
  const comment = repositoryUrl(merged.commentUrl, links)
  return comment ? ` in [#${merged.pullRequest}](${comment})` : ` in #${merged.pullRequest}`
}

/**
 * An issue title: the largest change of the group names it, the others follow in brackets. Plain
 * text on GitHub: at most 256 characters, no control characters.
 */
export function shiftIssueTitle(group: Shift[]): string {
  const [main, ...others] = largestFirst(group)
  const rest = others.map((s) => `${s.metric} ${signedPercent(s.change)}`).join(', ')
  const title = withoutControlCharacters(`${shiftTitle(main!)}${rest ? ` (${rest})` : ''}`)
  return title.length > 256 ? `${title.slice(0, 255)}…` : title
}

function largestFirst(group: Shift[]): Shift[] {
  return [...group].sort(
    (a, b) => Math.abs(b.change) - Math.abs(a.change) || a.metric.localeCompare(b.metric),
  )
}

/**
 * One issue for the metrics of one series that moved at the same change: `group` holds their
 * shifts (same benchmark and series), the largest change first in the title. `cc` (validated
 * `@login` and `@org/team`) are the only mentions: every untrusted text has its `@` escaped.
 */
export function renderShiftIssue(
  group: Shift[],
  links: ShiftLinks,
  cc: readonly string[] = [],
): { title: string; body: string } {
  const ordered = largestFirst(group)
  const shift = ordered[0]!
  const marker = shiftMarker(shift)
  const { lastBefore, firstAfter } = shift
  const compare = safeUrl(
    `${links.serverUrl}/${links.repository}/compare/${encodeURIComponent(lastBefore.sha)}...${encodeURIComponent(firstAfter.sha)}`,
  )
  const dashboard = safeUrl(links.dashboard)
  const row = (s: Shift) => {
    const value = (v: number | null) => escapeMarkdown(formatValue(unitOf(s.metric), v))
    const interval = (m: Shift['before']) =>
      m.low === null || m.high === null ? '' : ` (${value(m.low)} – ${value(m.high)})`
    return (
      `| ${escapeMarkdown(s.metric)} | ${signedPercent(s.change)} ${s.worse ? 'worse' : 'better'} | ` +
      `${value(s.before.median)}${interval(s.before)} | ${value(s.after.median)}${interval(s.after)} | ` +
      `${s.runsBefore} / ${s.runsAfter} | ${s.pValue.toExponential(1)} |`
    )
  }
  const body = [
    `<!-- loadgate-shift bench=${marker.benchmark} id=${marker.id} after=${marker.after} -->`,
    `**${escapeMarkdown(shift.series)}** (benchmark ${escapeMarkdown(shift.benchmark)}) moved on the default branch, and stayed:`,
    '',
    '| metric | change | before: median of the per-run medians (95% interval) | after | runs before / after | p |',
    '|---|---|---|---|---|---|',
    ...ordered.map(row),
    '',
    `**Commit range:** last run before ${commitLink(links, lastBefore.sha)} ${escapeMarkdown(lastBefore.message)}${pullRequestLink(links, lastBefore)}${runLink(links, lastBefore.runUrl)}` +
      ` → first run after ${commitLink(links, firstAfter.sha)} ${escapeMarkdown(firstAfter.message)}${pullRequestLink(links, firstAfter)}${runLink(links, firstAfter.runUrl)}` +
      (compare ? ` · [every commit in between](${compare})` : ''),
    ...(dashboard ? ['', `[Open it on the dashboard](${dashboard})`] : []),
    ...(cc.length > 0 ? ['', `cc ${cc.join(' ')}`] : []),
    '',
    '<sub>loadgate updates this issue as later runs refine the shift and closes it when the shift is reverted. Closing it by hand accepts the shift: it is not reopened.</sub>',
  ]
  return { title: shiftIssueTitle(ordered), body: body.join('\n') }
}
