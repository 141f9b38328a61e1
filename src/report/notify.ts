import type { MedianWithInterval, Shift } from '../decide/change-points'
import { formatValue } from '../model/format'
import { unitOf } from '../model/metrics'
import { withoutControlCharacters } from '../util/control-characters'
import { shiftIssueTitle, signedPercent, type ShiftLinks } from './change-points'
import { repositoryUrl, safeUrl } from './escape'

/** What a team is told through the webhook. */
export type Notice =
  | { event: 'shift-opened'; group: Shift[]; issueUrl: string; links: ShiftLinks }
  | {
      event: 'shift-closed'
      reason: 'accepted' | 'reverted'
      /** The shift that was accepted, or the change that reverted the level. */
      shift: Shift
      issueUrl: string
      links: ShiftLinks
      /** Who accepted it and why, or which change reverted it (plain text). */
      detail: string
    }
  | {
      event: 'run-blocked'
      benchmark: string
      sha: string
      /** Why the run is blocked (plain text). */
      detail: string
      runUrl: string
      dashboard: string
    }

/** One metric's move, as receivers other than Slack read it. */
export interface NoticeChange {
  metric: string
  /** Relative change, 0.18 = +18%. */
  change: number
  worse: boolean
  unit: string
  before: MedianWithInterval
  after: MedianWithInterval
}

/** The generic part of the body, under `loadgate` (docs/history.md documents every field). */
export interface NoticeFields {
  event: Notice['event']
  /** shift-closed only: why the issue was closed. */
  reason: 'accepted' | 'reverted' | null
  benchmark: string
  series: string | null
  /** The largest change first; empty for run-blocked. */
  changes: NoticeChange[]
  commits: { from: string | null; to: string }
  links: { issue: string | null; dashboard: string | null; run: string | null; compare: string | null }
  detail: string
}

/** A Slack incoming-webhook body that is plain JSON for anyone else: `text`, `blocks` and `loadgate`. */
export interface NoticeBody {
  text: string
  blocks: unknown[]
  loadgate: NoticeFields
}

/** Untrusted text for Slack: one line, and the three characters Slack's markup reads escaped. */
function slack(text: string): string {
  return withoutControlCharacters(text).replace(
    /[&<>]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!,
  )
}

function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text
}

function slackLink(url: string | null, label: string): string {
  const safe = safeUrl(url ?? undefined)
  return safe ? `<${safe.replace(/\|/g, '%7C')}|${slack(label)}>` : slack(label)
}

function noticeChange(shift: Shift): NoticeChange {
  return {
    metric: shift.metric,
    change: shift.change,
    worse: shift.worse,
    unit: unitOf(shift.metric),
    before: shift.before,
    after: shift.after,
  }
}

function level(change: NoticeChange, side: MedianWithInterval): string {
  const value = (v: number | null) => formatValue(change.unit as ReturnType<typeof unitOf>, v)
  const interval =
    side.low === null || side.high === null ? '' : ` (${value(side.low)} – ${value(side.high)})`
  return `${value(side.median)}${interval}`
}

function changeLine(change: NoticeChange): string {
  return (
    `${change.metric} ${signedPercent(change.change)} ${change.worse ? 'worse' : 'better'}: ` +
    `${level(change, change.before)} → ${level(change, change.after)}`
  )
}

function compareUrl(links: ShiftLinks, shift: Shift): string | null {
  return safeUrl(
    `${links.serverUrl}/${links.repository}/compare/${encodeURIComponent(shift.lastBefore.sha)}...${encodeURIComponent(shift.firstAfter.sha)}`,
  )
}

function shiftFields(notice: Exclude<Notice, { event: 'run-blocked' }>, group: Shift[]): NoticeFields {
  const shift = group[0]!
  return {
    event: notice.event,
    reason: notice.event === 'shift-closed' ? notice.reason : null,
    benchmark: shift.benchmark,
    series: shift.series,
    changes: group.map(noticeChange).sort((a, b) => Math.abs(b.change) - Math.abs(a.change)),
    commits: { from: shift.lastBefore.sha, to: shift.firstAfter.sha },
    links: {
      issue: safeUrl(notice.issueUrl),
      dashboard: safeUrl(notice.links.dashboard),
      run: repositoryUrl(shift.firstAfter.runUrl, notice.links),
      compare: compareUrl(notice.links, shift),
    },
    detail: notice.event === 'shift-closed' ? notice.detail : '',
  }
}

/** The notice's fields, whatever the receiver. */
export function noticeFields(notice: Notice): NoticeFields {
  if (notice.event === 'run-blocked')
    return {
      event: notice.event,
      reason: null,
      benchmark: notice.benchmark,
      series: null,
      changes: [],
      commits: { from: null, to: notice.sha },
      links: {
        issue: null,
        dashboard: safeUrl(notice.dashboard),
        run: safeUrl(notice.runUrl),
        compare: null,
      },
      detail: notice.detail,
    }
  return shiftFields(notice, notice.event === 'shift-opened' ? notice.group : [notice.shift])
}

/** The one-line headline (plain text): Slack's `text`, shown in notifications. */
function headline(notice: Notice, fields: NoticeFields): string {
  const short = (sha: string | null) => (sha ?? '').slice(0, 7)
  if (notice.event === 'run-blocked')
    return `loadgate: the run of ${fields.benchmark} at ${short(fields.commits.to)} on the default branch is blocked`
  if (notice.event === 'shift-opened')
    return `loadgate: ${fields.benchmark} shifted on the default branch: ${shiftIssueTitle(notice.group)}`
  const what = notice.reason === 'accepted' ? 'accepted' : 'reverted'
  return `loadgate: a shift of ${fields.benchmark} ${fields.series} was ${what}`
}

/** The message for Slack (and, under `loadgate`, for any other receiver). */
export function renderNotice(notice: Notice): NoticeBody {
  const fields = noticeFields(notice)
  const title = withoutControlCharacters(headline(notice, fields))
  const lines = [
    `*${slackLink(fields.links.issue ?? fields.links.run, title)}*`,
    ...fields.changes.map((c) => slack(changeLine(c))),
    ...(fields.detail ? [slack(fields.detail)] : []),
  ]
  const range = fields.commits.from
    ? `commits ${slackLink(fields.links.compare, `${fields.commits.from.slice(0, 7)}…${fields.commits.to.slice(0, 7)}`)}`
    : `commit ${slack(fields.commits.to.slice(0, 7))}`
  const context = [
    range,
    ...(fields.links.dashboard ? [slackLink(fields.links.dashboard, 'dashboard')] : []),
    ...(fields.links.run ? [slackLink(fields.links.run, 'run')] : []),
  ].join(' · ')
  return {
    text: slack(title),
    blocks: [
      // Slack refuses a section of more than 3,000 characters (long reasons, long endpoint names).
      { type: 'section', text: { type: 'mrkdwn', text: truncate(lines.join('\n'), 3000) } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: context }] },
    ],
    loadgate: fields,
  }
}
