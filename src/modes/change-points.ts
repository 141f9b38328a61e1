import { historyShifts, openShifts, type Shift } from '../decide/change-points'
import type { Forge, OwnIssue } from '../forge'
import type { AcceptedChange, MergedThrough } from '../model/acceptance'
import {
  parseShiftMarker,
  renderShiftIssue,
  shiftId,
  signedPercent,
  type ShiftLinks,
} from '../report/change-points'
import { escapeMarkdown } from '../report/escape'
import type { Notice } from '../report/notify'
import { defaultShiftRules, shiftRulesOf } from '../settings/change-points'
import type { BenchmarkSettings, ChangePointSettings } from '../settings/types'
import { readHistory, type ShiftFinder } from '../store'
import { withoutControlCharacters } from '../util/control-characters'
import { errorMessage } from '../util/errors'
import { dashboardLink } from './history-place'
import { historyOf, type ModeRun } from './mode-context'
import { notify } from './notify'

/**
 * `change-points: issue`: after a run is recorded, finds the lasting shifts in the benchmark's
 * history of `branch` and keeps one issue per shift. Never fails the run: a missing token or
 * permission is a warning naming what to grant.
 */
export async function watchRecordedHistory(
  run: ModeRun,
  bench: BenchmarkSettings,
  branch: string,
): Promise<void> {
  const { settings, reporter, forge, context } = run
  if (settings.changePoints.mode !== 'issue') return
  if (!forge?.canPublish) {
    reporter.warning(
      'change-points: issue needs a token (github-token) that may write issues; no issue was filed',
    )
    return
  }
  await reporter.group(`loadgate ${bench.name}: change points`, async () => {
    const records = await readHistory(historyOf(run, bench.name))
    const { shifts } = historyShifts(records, {
      branch,
      fallback: shiftRulesOf(bench, settings.changePoints),
    })
    reporter.info(`${bench.name}: ${shifts.length} change points in ${records.length} recorded runs`)
    try {
      const done = await syncShiftIssues({
        forge,
        shifts,
        benchmark: bench.name,
        minChange: settings.changePoints.minChange,
        cc: settings.notify.cc,
        notify: (notice) => notify(run, notice),
        links: (shift) => ({
          serverUrl: context.serverUrl,
          repository: context.repository,
          dashboard: dashboardLink(run, bench.name, shift.series) ?? '',
        }),
      })
      for (const line of done) reporter.info(`${bench.name}: ${line}`)
    } catch (error) {
      reporter.warning(
        `change-points: could not update the shift issues (${errorMessage(error)}); record.yml needs 'issues: write' when change-points is issue`,
      )
    }
  })
}

/**
 * How the dashboard's shifts are decided when a run is stored: each benchmark's by the rules of its
 * newest run, else by its settings here (when this run knows the benchmark), else the defaults. The
 * same function as the watcher's above, so the dashboard draws what the issues say.
 */
export function shiftFinder(
  benchmarks: readonly BenchmarkSettings[] = [],
  changePoints?: ChangePointSettings,
): ShiftFinder {
  return (name, records) => {
    const bench = benchmarks.find((b) => b.name === name)
    const fallback = bench && changePoints ? shiftRulesOf(bench, changePoints) : defaultShiftRules()
    return historyShifts(records, { fallback })
  }
}

export interface IssuePlan {
  create: Shift[][]
  /** Shifts not filed: their first commit's pull request was accepted. */
  accepted: Array<{ group: Shift[]; accepted: Accepted }>
  update: Array<{ issue: OwnIssue; group: Shift[] }>
  close: Array<{ issue: OwnIssue; why: string; closing?: ClosingShift }>
}

/** Why a shift's issue is closed, when a team is told: accepted (the shift) or reverted (by this change). */
export interface ClosingShift {
  reason: 'accepted' | 'reverted'
  shift: Shift
  /** Plain text: who accepted it and why, or the change that reverted it. */
  detail: string
}

function startOf(shift: Shift): number {
  return Date.parse(shift.firstAfter.startedAt)
}

function within(time: number, shift: Shift): boolean {
  return time >= Date.parse(shift.window.from) && time <= Date.parse(shift.window.to)
}

/**
 * The open shifts grouped into one per series and change: metrics of one series that moved within
 * two runs of each other (p50 and p95 of a slower endpoint) are one shift for the reader.
 */
export function groupShifts(shifts: Shift[]): Shift[][] {
  const groups: Shift[][] = []
  for (const shift of [...shifts].sort((a, b) => startOf(a) - startOf(b))) {
    const group = groups.find((g) => shiftId(g[0]!) === shiftId(shift) && within(startOf(shift), g[0]!))
    if (group) group.push(shift)
    else groups.push([shift])
  }
  return groups
}

/** The pull request a shift began with, when its blocked result was accepted. */
type Accepted = MergedThrough & { accepted: AcceptedChange }

/** Who accepted a shift's pull request and why, as plain text (for the webhook). */
function acceptedDetail(merged: Accepted): string {
  return `Accepted in #${merged.pullRequest} by ${merged.accepted.by}: ${merged.accepted.reason}`
}

/** Said where a shift began with a commit whose pull request's blocked result was accepted. */
export function acceptedText(merged: Accepted): string {
  // Named, never mentioned: a shift issue mentions only the people of `cc`.
  return `Accepted in #${merged.pullRequest} by ${escapeMarkdown(`@${merged.accepted.by}`)}: ${escapeMarkdown(merged.accepted.reason)}`
}

function acceptedStart(group: Shift[]): Accepted | null {
  const merged = group[0]!.firstAfter.mergedThrough
  return merged?.accepted ? (merged as Accepted) : null
}

/**
 * Matches each open shift to the issue already filed for it: same benchmark and series, and a start
 * within two runs of the shift's (later runs move a change point by a run or two). A closed issue
 * that matches was accepted by hand and stays closed; an open issue that no longer matches any open
 * shift is closed. A shift that begins with a commit whose pull request's result was accepted is
 * not filed, and its open issue is closed saying who accepted it and why.
 */
export function planShiftIssues(shifts: Shift[], existing: OwnIssue[], minChange: number): IssuePlan {
  const marked = existing.flatMap((issue) => {
    const marker = parseShiftMarker(issue.body)
    return marker ? [{ issue, marker }] : []
  })
  const plan: IssuePlan = { create: [], accepted: [], update: [], close: [] }
  const matched = new Set<number>()
  for (const group of groupShifts(openShifts(shifts, minChange))) {
    const match = marked.find(
      ({ issue, marker }) =>
        !matched.has(issue.number) &&
        marker.id === shiftId(group[0]!) &&
        group.some((shift) => within(marker.after, shift)),
    )
    const accepted = acceptedStart(group)
    if (accepted) {
      if (match?.issue.open)
        plan.close.push({
          issue: match.issue,
          why: `${acceptedText(accepted)}.`,
          closing: { reason: 'accepted', shift: group[0]!, detail: acceptedDetail(accepted) },
        })
      if (match) matched.add(match.issue.number)
      else plan.accepted.push({ group, accepted })
    } else if (!match) plan.create.push(group)
    else {
      matched.add(match.issue.number)
      if (match.issue.open) plan.update.push({ issue: match.issue, group })
    }
  }
  for (const { issue, marker } of marked) {
    if (!issue.open || matched.has(issue.number)) continue
    const reverting = shifts.find((s) => shiftId(s) === marker.id && startOf(s) > marker.after)
    const since = reverting
      ? `since ${reverting.firstAfter.sha.slice(0, 7)} (${reverting.metric} ${signedPercent(reverting.change)})`
      : ''
    plan.close.push({
      issue,
      why: reverting
        ? `Reverted: the level is back since \`${reverting.firstAfter.sha.slice(0, 7)}\` (${escapeMarkdown(reverting.metric)} ${signedPercent(reverting.change)}).`
        : 'No longer a lasting shift in the recorded history.',
      ...(reverting
        ? {
            closing: { reason: 'reverted' as const, shift: reverting, detail: `The level is back ${since}.` },
          }
        : {}),
    })
  }
  return plan
}

/** Files, updates and closes the shift issues of one benchmark's history; returns what it did, one line each. */
export async function syncShiftIssues(options: {
  forge: Forge
  shifts: Shift[]
  benchmark: string
  minChange: number
  links: (shift: Shift) => ShiftLinks
  /** Mentioned on every shift issue (validated `@login` and `@org/team`). */
  cc?: readonly string[]
  /** Told about each issue opened, and each closed as accepted or reverted; never fails. */
  notify?: (notice: Notice) => Promise<void>
}): Promise<string[]> {
  const { forge } = options
  const existing = (await forge.listOwnIssues()).filter(
    (issue) => parseShiftMarker(issue.body)?.benchmark === options.benchmark,
  )
  const plan = planShiftIssues(options.shifts, existing, options.minChange)
  const done: string[] = []
  for (const group of plan.create) {
    const links = options.links(group[0]!)
    const { title, body } = renderShiftIssue(group, links, options.cc)
    const issue = await forge.createIssue(title, body)
    done.push(`opened #${issue.number} ${title}`)
    await options.notify?.({ event: 'shift-opened', group, issueUrl: issue.url, links })
  }
  for (const { issue, group } of plan.update) {
    const { title, body } = renderShiftIssue(group, options.links(group[0]!), options.cc)
    if (issue.title === title && issue.body === body) continue
    await forge.updateIssue(issue.number, { title, body })
    done.push(`updated #${issue.number} ${title}`)
  }
  for (const { group, accepted } of plan.accepted)
    done.push(
      withoutControlCharacters(
        `not filed: ${group[0]!.series} ${group[0]!.metric} since ${group[0]!.firstAfter.sha.slice(0, 7)} — ${acceptedDetail(accepted)}`,
      ),
    )
  for (const { issue, why, closing } of plan.close) {
    await forge.closeIssue(issue.number, why)
    done.push(`closed #${issue.number} ${why}`)
    if (closing)
      await options.notify?.({
        event: 'shift-closed',
        ...closing,
        issueUrl: issue.url,
        links: options.links(closing.shift),
      })
  }
  return done
}
