import type { MetricThreshold, ResultsFile, SampleSize, Trial } from '../model/types'
import { noiseForMargin, settlingPowerOver } from './calibration'
import { lookAlpha } from './plan'
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
 * sample p95 has a standard deviation of √(0.95·0.05·n) (binomial), and the trial's `p95RankNoise` is
 * how far the p95 moves for that many ranks, read from the requests around p95 themselves. Results
 * files of 1.0.0 lack it: there the ranks are turned into milliseconds by the slope of the latency
 * distribution from p90 to p99, (p99 − p90) / 0.09, which a few very slow requests beyond p95
 * steepen (about 3× on the bundled example).
 */
export function p95RankUncertainty(latency: {
  count: number
  p90: number
  p95: number
  p99: number
  p95RankNoise?: number | undefined
}): number | null {
  if (latency.count < 2 || !(latency.p95 > 0)) return null
  if (latency.p95RankNoise !== undefined) return latency.p95RankNoise / latency.p95
  const slope = (latency.p99 - latency.p90) / 0.09
  return (Math.sqrt((P * (1 - P)) / latency.count) * slope) / latency.p95
}

/** The looks of a run's plan and what settling asks of each gated metric at them (see calibration). */
export interface SettlingPlan {
  firstLook: number
  lastLook: number
  /** The level of each look. */
  level: number
  /** The probability with which each gated metric must settle for the run to settle in 90% of runs. */
  power: number
}

export function settlingPlan(results: ResultsFile): SettlingPlan {
  // Error rates of unchanged code are mostly 0 every round: they settle without noise (calibration
  // leaves metrics that do not vary out of the power split in the same way).
  const varying = seriesKeys(results).reduce(
    (sum, { key }) => sum + rulesFor(key, results).filter((rule) => rule.gate && !rule.absolute).length,
    0,
  )
  const { minRounds, maxRounds } = results.settings
  // NO CHANGE is every metric's own interval at the look's level, not split across benchmarks.
  const level = lookAlpha(minRounds, maxRounds)
  return { firstLook: minRounds, lastLook: maxRounds, level, power: settlingPowerOver(varying) }
}

/**
 * What a series' gated p95 rests on: the successful requests of a trial (median over the trials)
 * and, when chance in those ranks alone keeps unchanged code from settling δ by the plan's last
 * look, how many requests per trial would let it. A round compares two trials, so its p95
 * log-ratio carries √2·u of rank noise (u per trial); the plan settles a metric whose per-round
 * noise is at most noiseForMargin at its last look. u falls as 1/√n, so the requests needed are
 * n·(√2·u / that noise)². Everything else that moves a round (the machine, the instances) adds to
 * the ranks' share, so the figure is a floor.
 */
export function sampleSize(
  trials: Trial[],
  key: string,
  thresholds: MetricThreshold[],
  plan: SettlingPlan,
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
  const settles = noiseForMargin(analysisMargin(p95), plan.lastLook, plan.level, plan.power)
  const roundNoise = Math.SQRT2 * uncertainty
  return {
    requestsPerTrial: Math.round(requests),
    trialSeconds: median(perTrial.map((t) => t.seconds)),
    p95Uncertainty: uncertainty,
    delta: p95.delta,
    requestsNeeded: roundNoise > settles ? Math.ceil(requests * (roundNoise / settles) ** 2) : null,
    firstLook: plan.firstLook,
    lastLook: plan.lastLook,
  }
}

/**
 * The series whose gated p95 the trials measured so far cannot resolve (sampleSize's rule), by key.
 * After the first round it already tells what the report would say at the end, while there is time
 * to stop and lengthen the trials.
 */
export function thinSeriesSoFar(results: ResultsFile): Array<{ key: string; size: SampleSize }> {
  const trials = [...validTrials(results, 'base'), ...validTrials(results, 'head')]
  const plan = settlingPlan(results)
  return seriesKeys(results).flatMap(({ key }) => {
    const size = sampleSize(trials, key, rulesFor(key, results), plan)
    return size?.requestsNeeded != null ? [{ key, size }] : []
  })
}

/**
 * trial-length auto: the trial length, in whole seconds, whose measured window gives every thin
 * series the requests its p95 needs (the window each one's sentence names) once `discardSeconds`
 * are cut from its start, at most `maxSeconds`; null when no series is thin or the trials already
 * run that long. `wanted` is the length uncapped.
 */
export function lengthenedTrialSeconds(
  thin: ReadonlyArray<{ size: SampleSize }>,
  maxSeconds: number,
  discardSeconds = 0,
): { seconds: number; wanted: number } | null {
  const windows = thin.flatMap(({ size }) =>
    size.requestsNeeded != null && size.trialSeconds > 0
      ? [
          {
            now: size.trialSeconds,
            wanted: (size.trialSeconds * size.requestsNeeded) / size.requestsPerTrial,
          },
        ]
      : [],
  )
  if (windows.length === 0) return null
  const wanted = Math.ceil(Math.max(...windows.map((w) => w.wanted)) + discardSeconds)
  const seconds = Math.min(wanted, Math.floor(maxSeconds))
  const now = Math.max(...windows.map((w) => w.now)) + discardSeconds
  return seconds > now + 0.5 ? { seconds, wanted } : null
}
