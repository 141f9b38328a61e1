import { ALL_REQUESTS } from '../../../model/metrics'
import type { CustomMetricTrial, CustomMetricType, LatencySummary, SeriesTrial } from '../../../model/types'
import { percentile, sortedValues, ValueBuffer } from './values'

export interface SeriesAccumulator {
  scenario: string
  method: string
  name: string
  requests: number
  failed: number
  latencies: ValueBuffer
  statusCodes: Record<string, number>
}

export interface CustomAccumulator {
  type: CustomMetricType
  values: ValueBuffer
  sum: number
  nonZero: number
  count: number
  last: number
  min: number
  max: number
}

const P95 = 0.95

export function latencySummary(values: Float64Array): LatencySummary | null {
  if (values.length === 0) return null
  let sum = 0
  for (const v of values) sum += v
  return {
    count: values.length,
    p50: percentile(values, 0.5),
    p90: percentile(values, 0.9),
    p95: percentile(values, P95),
    p99: percentile(values, 0.99),
    mean: sum / values.length,
    min: values[0]!,
    max: values[values.length - 1]!,
  }
}

/**
 * How far the trial's q-quantile (p90, p95, p99) moves by chance alone, in milliseconds: the rank
 * of a sample quantile of n requests has a binomial SD of √(q·(1−q)·n), so the quantile moves about
 * half the distance between the sample quantiles at q ∓ √(q·(1−q)/n). Read from the requests
 * themselves, it needs no shape of the distribution: a few very slow requests far beyond p95 do
 * not widen it, as they widen the slope from p90 to p99.
 */
export function rankNoise(sorted: Float64Array, q: number): number | undefined {
  if (sorted.length < 2) return undefined
  const sd = Math.sqrt((q * (1 - q)) / sorted.length)
  return (percentile(sorted, Math.min(1, q + sd)) - percentile(sorted, Math.max(0, q - sd))) / 2
}

/** The p95's rank noise (see rankNoise). */
export function p95RankNoise(sorted: Float64Array): number | undefined {
  return rankNoise(sorted, P95)
}

/**
 * A series' latency summary, with the rank noise of each tail a rule may gate (p90, p95, p99), so
 * the request-count advice follows whichever the rules gate (custom trends carry no such fields).
 */
export function requestLatencySummary(sorted: Float64Array): LatencySummary | null {
  const summary = latencySummary(sorted)
  if (!summary || sorted.length < 2) return summary
  return {
    ...summary,
    p90RankNoise: rankNoise(sorted, 0.9)!,
    p95RankNoise: rankNoise(sorted, P95)!,
    p99RankNoise: rankNoise(sorted, 0.99)!,
  }
}

/** Every request of the trial together: where throughput is judged under an open model. */
export function combine(parts: SeriesAccumulator[]): SeriesAccumulator {
  const all: SeriesAccumulator = {
    scenario: '',
    method: '',
    name: ALL_REQUESTS,
    requests: 0,
    failed: 0,
    latencies: new ValueBuffer(),
    statusCodes: {},
  }
  for (const part of parts) {
    all.requests += part.requests
    all.failed += part.failed
    for (const value of part.latencies.view()) all.latencies.push(value)
    for (const [code, count] of Object.entries(part.statusCodes))
      all.statusCodes[code] = (all.statusCodes[code] ?? 0) + count
  }
  return all
}

/**
 * The window throughput is counted over: from the first request's start to the last one's, plus
 * one mean gap between starts (n starts span n − 1 gaps). Not the span of the points' times: a
 * point is written when its request ends, so requests still in flight when the load stops (a
 * stalled one, a long poll) would stretch the window and lower the rate of a service that served
 * every request it was sent.
 */
export function trialWindowSeconds(firstStart: number, lastStart: number, requests: number): number {
  return ((lastStart - firstStart) * requests) / (requests - 1) / 1000
}

export function addCustom(acc: CustomAccumulator, value: number): void {
  acc.count++
  acc.sum += value
  if (value !== 0) acc.nonZero++
  acc.last = value
  if (value < acc.min) acc.min = value
  if (value > acc.max) acc.max = value
  if (acc.type === 'trend') acc.values.push(value)
}

export function seriesTrial(key: string, acc: SeriesAccumulator, durationSeconds: number): SeriesTrial {
  return {
    key,
    scenario: acc.scenario,
    method: acc.method,
    name: acc.name,
    requests: acc.requests,
    failed: acc.failed,
    throughput: durationSeconds > 0 ? acc.requests / durationSeconds : 0,
    errorRate: acc.requests > 0 ? acc.failed / acc.requests : 0,
    latency: requestLatencySummary(sortedValues(acc.latencies)),
    statusCodes: acc.statusCodes,
  }
}

/**
 * A Counter's rate is over `spanSeconds`, the span of all the trial's points: a counter counts
 * events when they happen (a job completing after its producer's last request started), so its
 * count belongs to the whole span, not to the window of request starts that throughput uses.
 */
export function customTrial(name: string, acc: CustomAccumulator, spanSeconds: number): CustomMetricTrial {
  switch (acc.type) {
    case 'trend': {
      const summary = latencySummary(sortedValues(acc.values))
      return { name, type: acc.type, values: { ...summary } as Record<string, number> }
    }
    case 'rate':
      return { name, type: acc.type, values: { value: acc.nonZero / acc.count, count: acc.count } }
    case 'counter':
      return {
        name,
        type: acc.type,
        values: { value: acc.sum, rate: spanSeconds > 0 ? acc.sum / spanSeconds : 0 },
      }
    case 'gauge':
      return { name, type: acc.type, values: { value: acc.last, min: acc.min, max: acc.max } }
  }
}
