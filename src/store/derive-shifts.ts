import { mainBranch, openShifts, watchHistory, type Shift } from '../decide/change-points'
import type { RunRecord } from '../model/types'
import { builtInDefault } from '../settings/input-lookup'
import { defaultThresholds } from '../settings/thresholds'
import { parseFraction } from '../settings/values'

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

/** The change points of the default branch's runs (the branch most runs were recorded for), with the default settings. */
export function shiftBands(records: readonly RunRecord[]): ShiftBand[] {
  const minChange = parseFraction('change-point-min-change', builtInDefault('change-point-min-change'))
  const shifts = watchHistory({ records, branch: mainBranch(records), thresholds: defaultThresholds() })
  const open = new Set<Shift>(openShifts(shifts, minChange))
  return shifts.map((shift) => ({
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
