import { bestSplit } from './energy'
import { compareSegments, type SegmentComparison } from './t-test'

/**
 * Change points of one series by the method of Apache Otava (Fleming et al., "Hunter: Using Change
 * Point Detection to Hunt for Performance Regressions", ICPE 2023): E-Divisive splits in sliding
 * windows kept by a Student t-test at a relaxed p (the "weak" points), then a merge that drops the
 * weakest point until every one left is significant and large enough. Two additions: a segment
 * shorter than `minRuns` on either side drops its point first (one outlier is not a shift, and a
 * shift needs `minRuns` runs after it to be told), and after each drop every point is re-tested
 * against its new neighbours (Otava 0.8.0 re-tests the two points after the dropped one).
 */
export interface DetectorOptions {
  /** Largest p-value of a kept change point (Otava's default 0.001). */
  maxP: number
  /** Smallest relative change of a kept change point (0.05 = 5%). */
  minChange: number
  /** Fewest runs on either side of a change point. */
  minRuns: number
  /** Runs per E-Divisive window (Otava's default 50). */
  windowRuns: number
}

export const DEFAULT_DETECTOR_OPTIONS: DetectorOptions = {
  maxP: 0.001,
  minChange: 0.05,
  minRuns: 5,
  windowRuns: 50,
}

export interface SeriesChangePoint {
  /** Index of the first value after the change. */
  index: number
  /** Values from the previous change point (or the start) to this one, against those up to the next. */
  stats: SegmentComparison
  /** Runs in the segment before and after. */
  runsBefore: number
  runsAfter: number
}

/** The segments either side of `index` when the other change points are `indexes` (sorted). */
function around(values: readonly number[], index: number, indexes: readonly number[]): SeriesChangePoint {
  const previous = indexes.findLast((i) => i < index) ?? 0
  const next = indexes.find((i) => i > index) ?? values.length
  return {
    index,
    stats: compareSegments(values.slice(previous, index), values.slice(index, next)),
    runsBefore: index - previous,
    runsAfter: next - index,
  }
}

/** E-Divisive within one window: split at the best candidate while the split is significant at `maxP`. */
function windowChangePoints(window: readonly number[], maxP: number): number[] {
  const found: number[] = []
  for (;;) {
    const bounds = [0, ...found, window.length]
    let best: { index: number; qhat: number } | null = null
    for (let i = 0; i + 1 < bounds.length; i++) {
      const candidate = bestSplit(window, bounds[i]!, bounds[i + 1]!)
      if (candidate && (!best || candidate.qhat > best.qhat)) best = candidate
    }
    if (!best || around(window, best.index, found).stats.pValue > maxP) return found
    found.push(best.index)
    found.sort((a, b) => a - b)
  }
}

/** Otava's first pass threshold: ten times the final one below 0.05 (twice below 0.5). */
function relaxed(maxP: number): number {
  return maxP < 0.05 ? maxP * 10 : maxP < 0.5 ? maxP * 2 : maxP
}

/** The first pass: every window's significant splits at the relaxed p, in order. */
export function weakChangePoints(values: readonly number[], options: DetectorOptions): number[] {
  const window = Math.max(2, options.windowRuns)
  const step = Math.floor(window / 2)
  const found = new Set<number>()
  let start = 0
  while (start < values.length) {
    const end = Math.min(start + window, values.length)
    const local = windowChangePoints(values.slice(start, end), relaxed(options.maxP)).map((i) => i + start)
    for (const index of local) found.add(index)
    start = Math.max(local.at(-1) ?? 0, start + step)
  }
  return [...found].sort((a, b) => a - b)
}

function tested(values: readonly number[], indexes: readonly number[]): SeriesChangePoint[] {
  return indexes.map((index) => around(values, index, indexes))
}

/** The point to drop next, or null when every point passes. */
function weakest(points: SeriesChangePoint[], options: DetectorOptions): SeriesChangePoint | null {
  const byP = (a: SeriesChangePoint, b: SeriesChangePoint) => (b.stats.pValue > a.stats.pValue ? b : a)
  const short = points.filter((p) => Math.min(p.runsBefore, p.runsAfter) < options.minRuns)
  if (short.length > 0) return short.reduce(byP)
  const leastLikely = points.reduce(byP)
  if (leastLikely.stats.pValue >= options.maxP) return leastLikely
  const smallest = points.reduce((a, b) => (b.stats.magnitude < a.stats.magnitude ? b : a))
  return smallest.stats.magnitude > options.minChange ? null : smallest
}

/** The change points of `values` (oldest first), in order. Deterministic: no randomness, stable ties. */
export function changePoints(
  values: readonly number[],
  options: DetectorOptions = DEFAULT_DETECTOR_OPTIONS,
): SeriesChangePoint[] {
  let points = tested(values, weakChangePoints(values, options))
  for (;;) {
    if (points.length === 0) return points
    const drop = weakest(points, options)
    if (!drop) return points
    points = tested(
      values,
      points.filter((p) => p !== drop).map((p) => p.index),
    )
  }
}
