import type { MetricThreshold, ResultsFile, SampleSize, Trial } from '../model/types'
import { analysisMargin } from './rules'
import { validTrials } from './samples'
import { rulesFor, seriesKeys } from './series'

const P = 0.95

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * How much a trial's p95 of n requests moves by chance alone, as a fraction of it: the rank of the
 * sample p95 has a standard deviation of √(0.95·0.05·n) (binomial), i.e. ±√(0.95·0.05/n) in
 * probability, turned into milliseconds by the slope of the latency distribution near p95, read
 * from the trial's own p90 and p99: (p99 − p90) / 0.09.
 */
export function p95RankUncertainty(latency: {
  count: number
  p90: number
  p95: number
  p99: number
}): number | null {
  if (latency.count < 2 || !(latency.p95 > 0)) return null
  const slope = (latency.p99 - latency.p90) / 0.09
  return (Math.sqrt((P * (1 - P)) / latency.count) * slope) / latency.p95
}

/**
 * What a series' gated p95 rests on: the successful requests of a trial (median over the trials)
 * and, when chance in those ranks alone is too coarse for the series' δ, how many requests per
 * trial would resolve it. The rule: a round compares two trials, so its p95 log-ratio carries
 * √2·u of rank noise (u per trial); it resolves δ when that is at most half the margin ln(1 + δ).
 * u falls as 1/√n, so the requests needed are n·(2√2·u / ln(1 + δ))².
 */
export function sampleSize(
  trials: Trial[],
  key: string,
  thresholds: MetricThreshold[],
): SampleSize | undefined {
  const p95 = thresholds.find((t) => t.metric === 'p95' && t.gate && !t.absolute)
  if (!p95) return undefined
  const perTrial = trials.flatMap((trial) => {
    const latency = trial.series.find((s) => s.key === key)?.latency
    const uncertainty = latency ? p95RankUncertainty(latency) : null
    if (!latency || uncertainty === null || !(trial.durationSeconds > 0)) return []
    return [{ requests: latency.count, seconds: trial.durationSeconds, uncertainty }]
  })
  if (perTrial.length === 0) return undefined
  const requests = median(perTrial.map((t) => t.requests))
  const uncertainty = median(perTrial.map((t) => t.uncertainty))
  const margin = analysisMargin(p95)
  const roundNoise = Math.SQRT2 * uncertainty
  return {
    requestsPerTrial: Math.round(requests),
    trialSeconds: median(perTrial.map((t) => t.seconds)),
    p95Uncertainty: uncertainty,
    delta: p95.delta,
    requestsNeeded: roundNoise > margin / 2 ? Math.ceil(requests * (roundNoise / (margin / 2)) ** 2) : null,
  }
}

/**
 * The series whose gated p95 the trials measured so far cannot resolve (sampleSize's rule), by key.
 * After the first round it already tells what the report would say at the end, while there is time
 * to stop and lengthen the trials.
 */
export function thinSeriesSoFar(results: ResultsFile): Array<{ key: string; size: SampleSize }> {
  const trials = [...validTrials(results, 'base'), ...validTrials(results, 'head')]
  return seriesKeys(results).flatMap(({ key }) => {
    const size = sampleSize(trials, key, rulesFor(key, results))
    return size?.requestsNeeded != null ? [{ key, size }] : []
  })
}
