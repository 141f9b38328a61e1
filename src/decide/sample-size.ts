import type { LatencySummary, MetricThreshold, ResultsFile, SampleSize, Trial } from '../model/types'
import { noiseForMargin, settlingPowerOver } from './settling'
import { lookAlpha } from './plan'
import { analysisMargin } from './rules'
import { validTrials } from './samples'
import { rulesFor, seriesKeys } from './series'

/** The tails whose sample quantile rests on few requests: the request-count advice follows whichever is gated. */
export const TAILS = ['p90', 'p95', 'p99'] as const
export type Tail = (typeof TAILS)[number]

const LEVEL: Record<Tail, number> = { p90: 0.9, p95: 0.95, p99: 0.99 }

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

type TailLatency = Pick<LatencySummary, 'count' | 'p90' | 'p95' | 'p99'> &
  Partial<Pick<LatencySummary, 'p90RankNoise' | 'p95RankNoise' | 'p99RankNoise'>>

/**
 * How much a trial's tail quantile of n requests moves by chance alone, as a fraction of it: the
 * rank of the sample q-quantile has a standard deviation of √(q·(1−q)·n) (binomial), and the
 * trial's rank noise (`p90RankNoise` …) is how far the quantile moves for that many ranks, read from
 * the requests around it. Results files without it (1.0.0 for p95, and p90 and p99 before p90
 * became the default gated tail) turn the ranks into milliseconds by a slope of the latency
 * distribution next to the quantile: p90–p99 for p95 (which a few very slow requests beyond p95
 * steepen, about 3× on the bundled example), p90–p95 for p90, p95–p99 for p99.
 */
export function rankUncertainty(latency: TailLatency, tail: Tail): number | null {
  const value = latency[tail]
  if (latency.count < 2 || !(value > 0)) return null
  const measured = latency[`${tail}RankNoise`]
  if (measured !== undefined) return measured / value
  const slope =
    tail === 'p90'
      ? (latency.p95 - latency.p90) / 0.05
      : tail === 'p95'
        ? (latency.p99 - latency.p90) / 0.09
        : (latency.p99 - latency.p95) / 0.04
  const q = LEVEL[tail]
  return (Math.sqrt((q * (1 - q)) / latency.count) * slope) / value
}

/** The p95's rank uncertainty (see rankUncertainty). */
export function p95RankUncertainty(latency: TailLatency): number | null {
  return rankUncertainty(latency, 'p95')
}

/**
 * The looks of a run's plan and what settling asks of each gated metric at them (see calibration),
 * and the seconds each trial discards before its measured window (a trial length the advice names adds them).
 */
export interface SettlingPlan {
  firstLook: number
  lastLook: number
  discardSeconds: number
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
  const { minRounds, maxRounds, discardSeconds } = results.settings
  // NO CHANGE is every metric's own interval at the look's level, not split across benchmarks.
  const level = lookAlpha(minRounds, maxRounds)
  return {
    firstLook: minRounds,
    lastLook: maxRounds,
    discardSeconds,
    level,
    power: settlingPowerOver(varying),
  }
}

/**
 * What a series' gated tail rests on: the successful requests of a trial (median over the trials)
 * and, when chance in those ranks alone keeps unchanged code from settling δ by the plan's last
 * look, how many requests per trial would let it. A round compares two trials, so its tail
 * log-ratio carries √2·u of rank noise (u per trial); the plan settles a metric whose per-round
 * noise is at most noiseForMargin at its last look. u falls as 1/√n, so the requests needed are
 * n·(√2·u / that noise)². Everything else that moves a round (the machine, the instances) adds to
 * the ranks' share, so the figure is a floor. Whichever tails the rules gate (p90 by default; p95
 * or p99 where a team gates them), the one that needs the most requests is the one reported.
 */
export function sampleSize(
  trials: Trial[],
  key: string,
  thresholds: MetricThreshold[],
  plan: SettlingPlan,
): SampleSize | undefined {
  const sizes = TAILS.flatMap((tail) => {
    const rule = thresholds.find((t) => t.metric === tail && t.gate && !t.absolute)
    const size = rule ? tailSampleSize(trials, key, tail, rule, plan) : undefined
    return size ? [size] : []
  })
  const need = (size: SampleSize) => (size.requestsNeeded ?? 0) / size.requestsPerTrial
  return sizes.reduce<SampleSize | undefined>(
    (worst, size) => (!worst || need(size) > need(worst) ? size : worst),
    undefined,
  )
}

function tailSampleSize(
  trials: Trial[],
  key: string,
  tail: Tail,
  rule: MetricThreshold,
  plan: SettlingPlan,
): SampleSize | undefined {
  const perTrial = trials.flatMap((trial) => {
    const latency = trial.series.find((s) => s.key === key)?.latency
    const uncertainty = latency ? rankUncertainty(latency, tail) : null
    if (!latency || uncertainty === null || !(trial.durationSeconds > 0)) return []
    return [{ requests: latency.count, seconds: trial.durationSeconds, uncertainty }]
  })
  if (perTrial.length === 0) return undefined
  const requests = median(perTrial.map((t) => t.requests))
  const uncertainty = median(perTrial.map((t) => t.uncertainty))
  const settles = noiseForMargin(analysisMargin(rule), plan.lastLook, plan.level, plan.power)
  const roundNoise = Math.SQRT2 * uncertainty
  return {
    metric: tail,
    requestsPerTrial: Math.round(requests),
    trialSeconds: median(perTrial.map((t) => t.seconds)),
    rankUncertainty: uncertainty,
    delta: rule.delta,
    requestsNeeded: roundNoise > settles ? Math.ceil(requests * (roundNoise / settles) ** 2) : null,
    firstLook: plan.firstLook,
    lastLook: plan.lastLook,
    discardSeconds: plan.discardSeconds,
  }
}

/**
 * The series whose gated tail the trials measured so far cannot resolve (sampleSize's rule), by key,
 * with `neededRange`: the requests needed at the least and the most rank noise any of those trials
 * showed (never under what a trial has). The figure rests on the trials' median noise, and k
 * trials' extremes enclose the median of the trials to come with probability 1 − 2^(1−k): half
 * from one round's two, 97% from six. Told while there is time to stop and lengthen the trials.
 */
export function thinSeriesSoFar(
  results: ResultsFile,
): Array<{ key: string; size: SampleSize; neededRange: [number, number]; trials: number }> {
  const trials = [...validTrials(results, 'base'), ...validTrials(results, 'head')]
  const plan = settlingPlan(results)
  return seriesKeys(results).flatMap(({ key }) => {
    const size = sampleSize(trials, key, rulesFor(key, results), plan)
    if (size?.requestsNeeded == null) return []
    // Each trial's own figure: its requests times the square of its noise over what settles, as
    // sampleSize computes it from the medians (trials of other lengths or rates each count as run).
    const needed = trials.flatMap((trial) => {
      const latency = trial.series.find((s) => s.key === key)?.latency
      const u = latency ? rankUncertainty(latency, size.metric) : null
      if (u === null || !latency || !(latency.count > 0)) return []
      const scale = (latency.count / size.requestsPerTrial) * (u / size.rankUncertainty) ** 2
      return [Math.max(size.requestsPerTrial, Math.ceil(size.requestsNeeded! * scale))]
    })
    const neededRange: [number, number] = [Math.min(...needed), Math.max(...needed)]
    return [{ key, size, neededRange, trials: needed.length }]
  })
}

/** Trials whose extremes enclose the median noise with at least 95% (1 − 2^(1−k)): three rounds of two arms. */
export const TRIALS_FOR_A_FIRM_RANGE = 6

/** The round after which a run of two arms has TRIALS_FOR_A_FIRM_RANGE trials: its range is firm. */
export const ROUNDS_FOR_A_FIRM_RANGE = Math.ceil(TRIALS_FOR_A_FIRM_RANGE / 2)

/** thinSeriesSoFar's series whose range rests on enough trials to be firm (TRIALS_FOR_A_FIRM_RANGE). */
export function firmThinSeries(results: ResultsFile): ReturnType<typeof thinSeriesSoFar> {
  return thinSeriesSoFar(results).filter(({ trials }) => trials >= TRIALS_FOR_A_FIRM_RANGE)
}

/**
 * The trial length, in seconds, whose measured window has `requests` of a series at the rate its
 * trials had, with the seconds every trial discards at its start before that window.
 */
export function trialSecondsFor(size: SampleSize, requests: number): number {
  return (size.trialSeconds * requests) / size.requestsPerTrial + (size.discardSeconds ?? 0)
}

/**
 * trial-length auto: the trial length, in whole seconds, whose measured window gives every thin
 * series `requests` per trial (trialSecondsFor), at most `maxSeconds`; null when no series is thin
 * or the trials already run that long. `wanted` is the length uncapped.
 */
export function lengthenedTrialSeconds(
  thin: ReadonlyArray<{ size: SampleSize; requests: number }>,
  maxSeconds: number,
): { seconds: number; wanted: number } | null {
  const lengths = thin.flatMap(({ size, requests }) =>
    size.trialSeconds > 0
      ? [{ now: trialSecondsFor(size, size.requestsPerTrial), wanted: trialSecondsFor(size, requests) }]
      : [],
  )
  if (lengths.length === 0) return null
  const wanted = Math.ceil(Math.max(...lengths.map((l) => l.wanted)))
  const seconds = Math.min(wanted, Math.floor(maxSeconds))
  const now = Math.max(...lengths.map((l) => l.now))
  return seconds > now + 0.5 ? { seconds, wanted } : null
}
