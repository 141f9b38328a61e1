import { measuredRuns } from '../../model/run-record'
import type { ErraticSeries, MetricThreshold, RunRecord } from '../../model/types'
import { globMatches, thresholdsForSeries } from '../rules'
import { findShifts, type Shift, type WatchedMetrics } from './history'
import { DEFAULT_DETECTOR_OPTIONS, type DetectorOptions } from './otava'

/**
 * The gated relative metrics of each series: what a lasting shift is reported for. A series marked
 * erratic gates nothing, so it raises no issue either.
 */
export function gatedMetrics(
  thresholds: MetricThreshold[],
  erratic: readonly ErraticSeries[] = [],
): WatchedMetrics {
  return (key) =>
    erratic.some((e) => globMatches(e.series, key))
      ? []
      : thresholdsForSeries(key, thresholds)
          .filter((rule) => rule.gate && !rule.absolute)
          .map((rule) => ({ metric: rule.metric, direction: rule.direction }))
}

/** The branch most runs were recorded for: the default branch of a history written by record mode. */
export function mainBranch(records: readonly RunRecord[]): string {
  const counts = new Map<string, number>()
  for (const record of measuredRuns(records)) counts.set(record.branch, (counts.get(record.branch) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? ''
}

/**
 * What a benchmark judges lasting shifts by: its gated relative rules, the series it marked erratic,
 * and the detector's settings. Stored with every recorded run (`RunRecord.shiftRules`).
 */
export interface ShiftRules {
  thresholds: MetricThreshold[]
  erratic: ErraticSeries[]
  detector: Pick<DetectorOptions, 'maxP' | 'minChange' | 'minRuns'>
}

/**
 * The shifts of one benchmark's recorded runs on `branch`, for its gated metrics. Imported runs are
 * left out: a step where the history changes tools would be the tools' difference, not the code's.
 */
export function watchHistory(options: {
  records: readonly RunRecord[]
  branch: string
  rules: ShiftRules
}): Shift[] {
  const { rules } = options
  const runs = measuredRuns(options.records)
    .filter((r) => r.branch === options.branch && r.verdict !== 'INVALID')
    .sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
  return findShifts(runs, gatedMetrics(rules.thresholds, rules.erratic), {
    ...DEFAULT_DETECTOR_OPTIONS,
    ...rules.detector,
  })
}

/** The shifts of a history, those still standing among them, and the rules they were judged by. */
export interface HistoryShifts {
  branch: string
  rules: ShiftRules
  shifts: Shift[]
  open: Shift[]
}

/**
 * The one way a stored history's shifts are decided: the issue watcher, the dashboard and
 * `loadgate history` all come here. The rules are those stored with the newest run of the branch
 * (the benchmark's own settings when it was recorded: for the watcher, the run it just recorded),
 * else `fallback`, the caller's settings for a history written before runs carried them.
 * `detector` overrides single detector settings (the flags of `loadgate history`).
 */
export function historyShifts(
  records: readonly RunRecord[],
  options: {
    branch?: string
    fallback: ShiftRules
    detector?: Partial<ShiftRules['detector']>
  },
): HistoryShifts {
  const branch = options.branch ?? mainBranch(records)
  const stored = records
    .filter((r) => r.branch === branch && r.shiftRules)
    .reduce<RunRecord | undefined>(
      (newest, r) => (!newest || r.meta.startedAt > newest.meta.startedAt ? r : newest),
      undefined,
    )?.shiftRules
  const chosen = stored ?? options.fallback
  const rules = { ...chosen, detector: { ...chosen.detector, ...options.detector } }
  const shifts = watchHistory({ records, branch, rules })
  return { branch, rules, shifts, open: openShifts(shifts, rules.detector.minChange) }
}

/**
 * The shifts still standing: for the worse, blamed on a commit (a runner change is shown, not
 * filed against the code), and not reverted — the level after the series' latest change is still
 * worse than the level before it by `minChange` or more. A revert that overshoots (p95 back below
 * where it was) reverts too.
 */
export function openShifts(shifts: readonly Shift[], minChange: number): Shift[] {
  const key = (s: Shift) => `${s.benchmark}\0${s.series}\0${s.metric}`
  const latest = new Map<string, Shift>()
  for (const shift of shifts) {
    const current = latest.get(key(shift))
    if (!current || shift.firstAfter.startedAt > current.firstAfter.startedAt) latest.set(key(shift), shift)
  }
  return shifts.filter((shift) => {
    if (!shift.worse || shift.environmentChanged) return false
    const now = latest.get(key(shift))!.after.median
    // The sign of the shift's change is the worse direction of its metric.
    return Math.sign(shift.change) * (now / shift.before.median - 1) >= minChange
  })
}
