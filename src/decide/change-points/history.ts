import { medianInterval } from '../stats/basic'
import type { MergedThrough } from '../../model/acceptance'
import type { Direction, MetricId, RunRecord } from '../../model/types'
import { changePoints, DEFAULT_DETECTOR_OPTIONS, type DetectorOptions } from './otava'
import { runnerChange } from './runner'

/** One run at either end of a shift. */
export interface ShiftRun {
  sha: string
  runId: string
  runUrl: string
  startedAt: string
  message: string
  /** The pull request the run's commit came through, its comment, and whether its result was accepted. */
  mergedThrough?: MergedThrough
}

export interface MedianWithInterval {
  median: number
  low: number | null
  high: number | null
}

/** A lasting change of one series' metric in the recorded history of one branch. */
export interface Shift {
  benchmark: string
  series: string
  metric: MetricId
  /** The last run before the change and the first run after it. */
  lastBefore: ShiftRun
  firstAfter: ShiftRun
  /** Median of the per-run medians on each side, with the 95% interval of that median. */
  before: MedianWithInterval
  after: MedianWithInterval
  /** Relative change of the segment means (0.18 = +18%). */
  change: number
  pValue: number
  runsBefore: number
  runsAfter: number
  /** Whether the change is for the worse, given the metric's direction. */
  worse: boolean
  /** Start times of the runs two before and two after the change: a later refinement of it starts in here. */
  window: { from: string; to: string }
  /** What differs between the runners within two runs of the change ("" when the runner stayed the same). */
  environmentChanged: string
}

/** Which metrics of a series to watch, and which way is better for each. */
export type WatchedMetrics = (seriesKey: string) => Array<{ metric: MetricId; direction: Direction }>

function shiftRun(record: RunRecord): ShiftRun {
  const { head, runId, runUrl, startedAt } = record.meta
  const run = { sha: head.sha, runId, runUrl, startedAt, message: head.message.split('\n')[0] ?? '' }
  return record.mergedThrough ? { ...run, mergedThrough: record.mergedThrough } : run
}

/**
 * A step is located to within a run or two when it is small against the noise: a runner change that
 * close to the change point explains it better than the commit at the exact split.
 */
const RUNNER_CHANGE_REACH = 2

function runnerChangeNear(runs: readonly RunRecord[], index: number): string {
  for (
    let j = Math.max(1, index - RUNNER_CHANGE_REACH);
    j <= Math.min(runs.length - 1, index + RUNNER_CHANGE_REACH);
    j++
  ) {
    const change = runnerChange(runs[j - 1]!, runs[j]!)
    if (change) return change
  }
  return ''
}

function seriesKeys(records: readonly RunRecord[]): string[] {
  return [...new Set(records.flatMap((r) => r.series.map((s) => s.key)))].sort()
}

/**
 * The shifts in one benchmark's runs of one branch (oldest first), over the per-run medians of every
 * watched metric. A run that did not measure a metric is left out of that metric's series.
 */
export function findShifts(
  records: readonly RunRecord[],
  watched: WatchedMetrics,
  options: DetectorOptions = DEFAULT_DETECTOR_OPTIONS,
): Shift[] {
  const shifts: Shift[] = []
  for (const key of seriesKeys(records)) {
    for (const { metric, direction } of watched(key)) {
      const runs: RunRecord[] = []
      const values: number[] = []
      for (const record of records) {
        const metrics = record.series.find((s) => s.key === key)?.metrics
        const value = metrics && Object.hasOwn(metrics, metric) ? metrics[metric]?.median : undefined
        if (value === undefined || !Number.isFinite(value)) continue
        runs.push(record)
        values.push(value)
      }
      const points = changePoints(values, options)
      points.forEach((point, i) => {
        const from = i === 0 ? 0 : points[i - 1]!.index
        const to = points[i + 1]?.index ?? values.length
        const before = runs[point.index - 1]!
        const after = runs[point.index]!
        shifts.push({
          benchmark: after.benchmark,
          series: key,
          metric,
          lastBefore: shiftRun(before),
          firstAfter: shiftRun(after),
          before: medianInterval(values.slice(from, point.index)),
          after: medianInterval(values.slice(point.index, to)),
          change: point.stats.change,
          pValue: point.stats.pValue,
          runsBefore: point.runsBefore,
          runsAfter: point.runsAfter,
          worse: direction === 'lower' ? point.stats.change > 0 : point.stats.change < 0,
          window: {
            from: runs[Math.max(0, point.index - 1 - RUNNER_CHANGE_REACH)]!.meta.startedAt,
            to: runs[Math.min(runs.length - 1, point.index + RUNNER_CHANGE_REACH)]!.meta.startedAt,
          },
          environmentChanged: runnerChangeNear(runs, point.index),
        })
      })
    }
  }
  return shifts
}
