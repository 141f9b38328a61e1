import { p95RankUncertainty } from '../src/decide/sample-size'
import { median } from '../src/decide/stats/basic'
import { requestLatencySummary } from '../src/measure/load/k6/summarize'

/**
 * Seeded latency shapes for checking the request-count rule's reading of a p95: smooth ones, and
 * a fast bulk with a share of requests five times slower (p99 far beyond p95, as on the bundled
 * example; at 6% the p95 sits where the slow mode begins).
 */
export function latencyShapes(seed = 11): Record<string, () => number> {
  const uniform = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform())
  const slowShare = (share: number) => () => (uniform() < share ? 5 : 1) * Math.exp(0.15 * normal())
  return {
    'log-normal, σ 0.4': () => Math.exp(0.4 * normal()),
    'exponential tail': () => 1 + 0.3 * -Math.log(uniform()),
    '1% of requests 5× slower': slowShare(0.01),
    '3% of requests 5× slower': slowShare(0.03),
    '6% of requests 5× slower': slowShare(0.06),
  }
}

/** One simulated trial of `n` requests: its log p95 and its rank noise read from the quantiles around it and from the p90–p99 slope. */
export function simulatedTrial(
  draw: () => number,
  n: number,
): { logP95: number; quantiles: number; slope: number } {
  const latency = requestLatencySummary(Float64Array.from({ length: n }, draw).sort())!
  const { p95RankNoise: _, ...withoutSpread } = latency
  return {
    logP95: Math.log(latency.p95),
    quantiles: p95RankUncertainty(latency)!,
    slope: p95RankUncertainty(withoutSpread)!,
  }
}

/** 1.4826 × the median absolute deviation: the SD of a normal, robust to the rare jump. */
export function robustSd(values: number[]): number {
  const centre = median(values)!
  return 1.4826 * median(values.map((x) => Math.abs(x - centre)))!
}
