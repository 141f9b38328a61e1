import { measuredRuns } from '../model/run-record'
import type { RunRecord } from '../model/types'
import { transformAll } from './samples'
import { median } from './stats/basic'
import { rankSumInterval } from './stats/rank-sum'
import type { OneSampleResult } from './stats/sign-flip'
import { studentTCdf, studentTQuantile } from './stats/student-t'

/** Fewer stored runs than this cannot tell run-to-run variance from a change. */
export const MIN_HISTORY_RUNS = 5
/** How many of the most recent runs of the base branch measure the run-to-run spread. */
export const HISTORY_WINDOW = 20

/**
 * The stored runs that measure the spread: valid runs of the baseline's branch up to the baseline,
 * newest last. Imported runs are left out: measured another way, their spread is not loadgate's.
 */
export function spreadRuns(baseline: RunRecord, history: readonly RunRecord[]): RunRecord[] {
  const sameRun = (r: RunRecord) =>
    r.meta.runId === baseline.meta.runId && r.meta.startedAt === baseline.meta.startedAt
  const earlier = measuredRuns(history).filter(
    (r) =>
      r.branch === baseline.branch &&
      r.verdict !== 'INVALID' &&
      r.meta.startedAt <= baseline.meta.startedAt &&
      !sameRun(r),
  )
  return [...earlier.sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt)), baseline].slice(
    -HISTORY_WINDOW,
  )
}

/** One run's level of a metric on the analysis scale: the median of its transformed trial values. */
export function runLevel(record: RunRecord, key: string, metric: string, absolute: boolean): number | null {
  const trials = Object.hasOwn(record.trials, key) ? record.trials[key]! : {}
  const values = Object.hasOwn(trials, metric) ? trials[metric]! : []
  if (values.length > 0) return median(transformAll(values, absolute))
  const summary = record.series.find((s) => s.key === key)?.metrics
  const stored = summary && Object.hasOwn(summary, metric) ? summary[metric]!.median : null
  return stored === null ? null : median(transformAll([stored], absolute))
}

/** Sample standard deviation of the runs' levels: what one run differs from another by, trials included. */
export function levelSpread(levels: readonly number[]): number {
  const mean = levels.reduce((s, v) => s + v, 0) / levels.length
  const variance = levels.reduce((s, v) => s + (v - mean) ** 2, 0) / (levels.length - 1)
  return Math.sqrt(variance)
}

/**
 * Head trials against one stored run's trials, allowing for the run-to-run variance: the difference
 * of the two runs' levels, over √2 × the spread of the stored runs' levels (Student's t with
 * runs − 1 degrees of freedom: each run carries its own offset, which its trials cannot show).
 * Never narrower than the within-run rank-sum interval, and its p never smaller than that test's.
 */
export function crossRunInterval(
  base: readonly number[],
  head: readonly number[],
  levels: readonly number[],
  confidence: number,
): OneSampleResult {
  const withinRun = rankSumInterval(base, head, confidence)
  const difference = median(head)! - median(base)!
  const scale = levelSpread(levels) * Math.SQRT2
  const df = levels.length - 1
  const half = scale * studentTQuantile(1 - (1 - confidence) / 2, df)
  const above = (d: number) => (scale === 0 ? (d > 0 ? 0 : 1) : 1 - studentTCdf(d / scale, df))
  const pGreater = Math.max(above(difference), withinRun.pGreater)
  const pLess = Math.max(above(-difference), withinRun.pLess)
  return {
    estimate: difference,
    low: Math.min(difference - half, withinRun.low),
    high: Math.max(difference + half, withinRun.high),
    level: confidence,
    pGreater,
    pLess,
    p: Math.min(1, 2 * Math.min(pGreater, pLess)),
    n: Math.min(base.length, head.length),
  }
}
