import type { HistoryShifts, Shift } from '../decide/change-points'
import type { RunRecord } from '../model/types'

/** A change point as the dashboard draws it: a band over the commits between two runs. */
export interface ShiftBand {
  series: string
  metric: string
  /** Relative change, 0.18 = +18%. */
  change: number
  worse: boolean
  /** Whether it still stands (worse, not reverted, not a runner change). */
  open: boolean
  /** Start times (Unix seconds) and commits (12 hex digits) of the last run before and the first after. */
  from: number
  to: number
  fromSha: string
  toSha: string
  /** What changed on the runner there ('' when nothing did). */
  environmentChanged: string
}

function seconds(iso: string): number {
  return Math.round(Date.parse(iso) / 1000)
}

/** Decides a benchmark's shifts from its stored runs (the caller's rules): store draws them, never decides them. */
export type ShiftFinder = (benchmark: string, records: readonly RunRecord[]) => HistoryShifts

/** The decided shifts as the dashboard draws them. */
export function shiftBands(found: HistoryShifts): ShiftBand[] {
  const open = new Set<Shift>(found.open)
  return found.shifts.map((shift) => ({
    series: shift.series,
    metric: shift.metric,
    change: Number(shift.change.toPrecision(3)),
    worse: shift.worse,
    open: open.has(shift),
    from: seconds(shift.lastBefore.startedAt),
    to: seconds(shift.firstAfter.startedAt),
    fromSha: shift.lastBefore.sha.slice(0, 12),
    toSha: shift.firstAfter.sha.slice(0, 12),
    environmentChanged: shift.environmentChanged,
  }))
}
