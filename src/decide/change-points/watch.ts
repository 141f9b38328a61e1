import type { MetricThreshold, RunRecord } from '../../model/types'
import { thresholdsForSeries } from '../rules'
import { findShifts, type Shift, type WatchedMetrics } from './history'
import { DEFAULT_DETECTOR_OPTIONS, type DetectorOptions } from './otava'

/** The gated relative metrics of each series: what a lasting shift is reported for. */
export function gatedMetrics(thresholds: MetricThreshold[]): WatchedMetrics {
  return (key) =>
    thresholdsForSeries(key, thresholds)
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
  detector?: Partial<DetectorOptions>
}): Shift[] {
  const runs = options.records
    .filter((r) => r.branch === options.branch && r.verdict !== 'INVALID')
    .sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
  return findShifts(runs, gatedMetrics(options.thresholds), {
    ...DEFAULT_DETECTOR_OPTIONS,
    ...options.detector,
  })
}
