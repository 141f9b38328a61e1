import { openShifts, type Shift } from '../decide/change-points'
import type { Forge, OwnIssue } from '../forge'
import { signedPercent } from '../report/change-points'
import { parseShiftMarker, renderShiftIssue, shiftId, type ShiftLinks } from '../report/shift-issue'

export interface IssuePlan {
  create: Shift[][]
  update: Array<{ issue: OwnIssue; group: Shift[] }>
  close: Array<{ issue: OwnIssue; why: string }>
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

/**
 * Matches each open shift to the issue already filed for it: same benchmark and series, and a start
 * within two runs of the shift's (later runs move a change point by a run or two). A closed issue
 * that matches was accepted by hand and stays closed; an open issue that no longer matches any open
 * shift is closed.
 */
export function planShiftIssues(shifts: Shift[], existing: OwnIssue[], minChange: number): IssuePlan {
  const marked = existing.flatMap((issue) => {
    const marker = parseShiftMarker(issue.body)
    return marker ? [{ issue, marker }] : []
  })
  const plan: IssuePlan = { create: [], update: [], close: [] }
  const matched = new Set<number>()
  for (const group of groupShifts(openShifts(shifts, minChange))) {
    const match = marked.find(
      ({ issue, marker }) =>
        !matched.has(issue.number) &&
        marker.id === shiftId(group[0]!) &&
        group.some((shift) => within(marker.after, shift)),
    )
    if (!match) plan.create.push(group)
    else {
      matched.add(match.issue.number)
      if (match.issue.open) plan.update.push({ issue: match.issue, group })
    }
  }
  for (const { issue, marker } of marked) {
    if (!issue.open || matched.has(issue.number)) continue
    const reverting = shifts.find((s) => shiftId(s) === marker.id && startOf(s) > marker.after)
    plan.close.push({
      issue,
      why: reverting
        ? `Reverted: the level is back since \`${reverting.firstAfter.sha.slice(0, 7)}\` (${reverting.metric} ${signedPercent(reverting.change)}).`
        : 'No longer a lasting shift in the recorded history.',
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
}): Promise<string[]> {
  const { forge } = options
  const existing = (await forge.listOwnIssues()).filter(
    (issue) => parseShiftMarker(issue.body)?.benchmark === options.benchmark,
  )
  const plan = planShiftIssues(options.shifts, existing, options.minChange)
  const done: string[] = []
  for (const group of plan.create) {
    const { title, body } = renderShiftIssue(group, options.links(group[0]!))
    const issue = await forge.createIssue(title, body)
    done.push(`opened #${issue.number} ${title}`)
  }
  for (const { issue, group } of plan.update) {
    const { title, body } = renderShiftIssue(group, options.links(group[0]!))
    if (issue.title === title && issue.body === body) continue
    await forge.updateIssue(issue.number, { title, body })
    done.push(`updated #${issue.number} ${title}`)
  }
  for (const { issue, why } of plan.close) {
    await forge.closeIssue(issue.number, why)
    done.push(`closed #${issue.number} ${why}`)
  }
  return done
}
