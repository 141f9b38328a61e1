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
  for (const record of records) counts.set(record.branch, (counts.get(record.branch) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? ''
}

/** The shifts of one benchmark's recorded runs on `branch`, for its gated metrics. */
export function watchHistory(options: {
  records: readonly RunRecord[]
  branch: string
  thresholds: MetricThreshold[]
  erratic?: readonly ErraticSeries[]
  detector?: Partial<DetectorOptions>
}): Shift[] {
  const runs = options.records
    .filter((r) => r.branch === options.branch && r.verdict !== 'INVALID')
    .sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
  return findShifts(runs, gatedMetrics(options.thresholds, options.erratic), {
    ...DEFAULT_DETECTOR_OPTIONS,
    ...options.detector,
  })
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
