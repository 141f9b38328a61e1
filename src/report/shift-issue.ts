import { createHash } from 'node:crypto'
import type { Shift } from '../decide/change-points'
import { formatValue } from '../model/format'
import { unitOf } from '../model/metrics'
import { withoutControlCharacters } from '../util/control-characters'
import { shiftTitle, signedPercent } from './change-points'
import { escapeMarkdown, safeUrl } from './escape'

/** Where an issue's links point. */
export interface ShiftLinks {
  /** https://github.com (or a GitHub Enterprise server). */
  serverUrl: string
  /** owner/name. */
  repository: string
  /** The dashboard opening this benchmark and series. */
  dashboard: string
}

/** What identifies a shift's issue: its benchmark, series and metric, and when the shift started. */
export interface ShiftMarker {
  benchmark: string
  id: string
  /** Start of the first run after the shift, Unix milliseconds. */
  after: number
}

const MARKER = /^<!-- loadgate-shift bench=([A-Za-z0-9._-]{1,64}) id=([0-9a-f]{16}) after=(\d{1,16}) -->/

export function shiftId(shift: Pick<Shift, 'benchmark' | 'series' | 'metric'>): string {
  return createHash('sha256')
    .update(`${shift.benchmark}\0${shift.series}\0${shift.metric}`)
    .digest('hex')
    .slice(0, 16)
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

function runLink(url: string): string {
  const safe = safeUrl(url)
  return safe ? ` ([run](${safe}))` : ''
}

/** An issue title: plain text on GitHub, at most 256 characters, no control characters. */
export function shiftIssueTitle(shift: Shift): string {
  const title = withoutControlCharacters(
    `${shiftTitle(shift)}${shift.environmentChanged ? ' (environment changed)' : ''}`,
  )
  return title.length > 256 ? `${title.slice(0, 255)}…` : title
}

export function renderShiftIssue(shift: Shift, links: ShiftLinks): { title: string; body: string } {
  const marker = shiftMarker(shift)
  const unit = unitOf(shift.metric)
  const value = (v: number | null) => escapeMarkdown(formatValue(unit, v))
  const interval = (m: Shift['before']) =>
    m.low === null || m.high === null ? '–' : `${value(m.low)} – ${value(m.high)}`
  const { lastBefore, firstAfter } = shift
  const compare = safeUrl(
    `${links.serverUrl}/${links.repository}/compare/${encodeURIComponent(lastBefore.sha)}...${encodeURIComponent(firstAfter.sha)}`,
  )
  const dashboard = safeUrl(links.dashboard)
  const body = [
    `<!-- loadgate-shift bench=${marker.benchmark} id=${marker.id} after=${marker.after} -->`,
    `**${escapeMarkdown(shift.metric)}** of **${escapeMarkdown(shift.series)}** (benchmark ${escapeMarkdown(shift.benchmark)}) ` +
      `moved ${signedPercent(shift.change)} (${shift.worse ? 'worse' : 'better'}) on the default branch, and stayed: ` +
      `p = ${shift.pValue.toExponential(1)} over ${shift.runsBefore} recorded runs before and ${shift.runsAfter} after.`,
    '',
    '| | runs | median of the per-run medians | 95% interval |',
    '|---|---|---|---|',
    `| before | ${shift.runsBefore} | ${value(shift.before.median)} | ${interval(shift.before)} |`,
    `| after | ${shift.runsAfter} | ${value(shift.after.median)} | ${interval(shift.after)} |`,
    '',
    `**Commit range:** last run before ${commitLink(links, lastBefore.sha)} ${escapeMarkdown(lastBefore.message)}${runLink(lastBefore.runUrl)}` +
      ` → first run after ${commitLink(links, firstAfter.sha)} ${escapeMarkdown(firstAfter.message)}${runLink(firstAfter.runUrl)}` +
      (compare ? ` · [every commit in between](${compare})` : ''),
    ...(shift.environmentChanged
      ? [
          '',
          `**Environment changed** at this point (${escapeMarkdown(shift.environmentChanged)}): the runner, not necessarily a commit, moved the numbers.`,
        ]
      : []),
    ...(dashboard ? ['', `[Open it on the dashboard](${dashboard})`] : []),
    '',
    '<sub>loadgate updates this issue as later runs refine the shift and closes it when the shift is reverted. Closing it by hand accepts the shift: it is not reopened.</sub>',
  ]
  return {
    title: shiftIssueTitle(shift),
    body: body.join('\n'),
  }
}
