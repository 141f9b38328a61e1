import { profileDiffSchema } from './profile'
import { z } from 'zod'
import { BENCHMARK_NAME } from './names'
import { armSchema, runMetaSchema, seriesIdentity } from './results'
import {
  absoluteTargetSchema,
  directionSchema,
  metricIdSchema,
  metricVerdictSchema,
  verdictSchema,
} from './thresholds'
import { finite, finiteOrNull, text } from './validation'
import { noiseFloorSchema } from './calibration'

export const COMPARISON_SCHEMA_VERSION = 1

export const intervalSchema = z.object({
  low: finite,
  high: finite,
  /** Coverage of the interval: two one-sided bounds at the look's level, e.g. 0.948. */
  level: finite,
})
export type Interval = z.infer<typeof intervalSchema>

export const metricComparisonSchema = z.object({
  metric: metricIdSchema,
  unit: z.enum(['ms', 'req/s', 'ratio', 'count', 'value']),
  direction: directionSchema,
  gate: z.boolean(),
  /** Medians over valid measured trials; null where not measured. */
  base: finiteOrNull,
  head: finiteOrNull,
  /** Relative change as a fraction (0.1 = +10%), or an absolute difference for `absolute` metrics. */
  change: finiteOrNull,
  ci: intervalSchema.nullable(),
  p: finiteOrNull,
  /** The one-sided p of "worse by more than δ/2", adjusted over the gated metrics of the run (maxT; Holm for stored baselines). */
  pAdjusted: finiteOrNull,
  pairs: finite,
  delta: finite,
  absolute: z.boolean(),
  verdict: metricVerdictSchema,
  /** Half-width of the CI in the change's unit: the smallest change this run could detect. */
  noiseFloor: finiteOrNull,
  /**
   * Paired runs: the per-round SD of the differences on the analysis scale, as calibration estimates
   * it (decide/calibration.ts noiseSigma), for the noise history. Absent in older comparisons.
   */
  sigma: finite.optional(),
  /** Plain-words reason, e.g. "fewer than 6 pairs can never be significant". */
  note: text(1000).optional(),
  /** LIKELY_OVER_DELTA: about how many rounds would show the estimated change beyond δ/2. */
  roundsToDecide: finite.optional(),
  /**
   * LIKELY_OVER_DELTA: the family-wise bound its verdict used, as a change — worse than this,
   * corrected over the gated metrics (under δ/2, where its own interval is beyond it).
   */
  familyBound: finite.optional(),
  /**
   * The rule's absolute target, judged on the head's median over trials: `pass` null when the trials
   * cannot tell (or none were measured); `low`/`high` bound that median at the look's level (absent
   * from comparisons made before they were kept); `baseMisses` when the base's median misses it too.
   */
  target: absoluteTargetSchema
    .extend({
      actual: finiteOrNull,
      pass: z.boolean().nullable(),
      low: finiteOrNull.optional(),
      high: finiteOrNull.optional(),
      baseMisses: z.boolean().optional(),
    })
    .optional(),
})
export type MetricComparison = z.infer<typeof metricComparisonSchema>

export const dispersionChangeSchema = z.object({
  /** Median over trials of p99/p50 per arm. */
  base: finiteOrNull,
  head: finiteOrNull,
  /** head/base ratio of the spreads. */
  ratio: finiteOrNull,
  flagged: z.boolean(),
})
export type DispersionChange = z.infer<typeof dispersionChangeSchema>

/** What a series' gated tail rests on, per trial (see decide/sample-size). */
export const sampleSizeSchema = z.preprocess(
  // Comparisons made while p95 was the only tail the advice knew name its uncertainty p95Uncertainty.
  (value) => {
    if (typeof value !== 'object' || value === null || !('p95Uncertainty' in value)) return value
    const { p95Uncertainty, ...rest } = value as Record<string, unknown>
    return { metric: 'p95', rankUncertainty: p95Uncertainty, ...rest }
  },
  z.object({
    /** The gated tail the advice is about (the one that needs the most requests). */
    metric: z.enum(['p90', 'p95', 'p99']),
    /** Median successful requests of the series per trial. */
    requestsPerTrial: finite,
    trialSeconds: finite,
    /** Relative standard deviation of a trial's tail quantile from rank uncertainty alone. */
    rankUncertainty: finite,
    /** The tail rule's δ. */
    delta: finite,
    /** Requests per trial at which unchanged code settles δ by the last look; null when the trials have them. */
    requestsNeeded: finiteOrNull,
    /** The plan's looks, in rounds (absent from comparisons made before the rule was stated for them). */
    firstLook: finite.optional(),
    lastLook: finite.optional(),
    /** Seconds each trial discards before its measured window (absent from comparisons made before it was kept: 0). */
    discardSeconds: finite.optional(),
  }),
)
export type SampleSize = z.infer<typeof sampleSizeSchema>

export const seriesComparisonSchema = z.object({
  ...seriesIdentity,
  metrics: z.array(metricComparisonSchema).max(100),
  dispersion: dispersionChangeSchema,
  sampleSize: sampleSizeSchema.optional(),
  /** Marked erratic in the settings: every metric informs; the reason the report shows. */
  erratic: text(200).optional(),
  verdict: metricVerdictSchema,
})
export type SeriesComparison = z.infer<typeof seriesComparisonSchema>

export const serviceComparisonSchema = z.object({
  service: text(300),
  arm: armSchema,
  /** Medians over measured trials. */
  cpuSecondsPerRequest: finiteOrNull,
  peakMemoryBytes: finiteOrNull,
  restarts: finite,
})
export type ServiceComparison = z.infer<typeof serviceComparisonSchema>

export const invalidReasonSchema = z.object({
  arm: z.enum(['base', 'head', 'both']),
  /** Machine-readable kind. */
  kind: z.enum(['error-rate', 'dropped-iterations', 'container', 'trial-failed', 'no-data']),
  message: text(1000),
})
export type InvalidReason = z.infer<typeof invalidReasonSchema>

const fraction = z.number().min(0).max(1)
const roundList = z.array(z.number().int().nonnegative()).max(1000)

/** One arm's trial of a round beside the run: foreign CPU and steal, shares of the CPU time. */
const armBesideSchema = z.object({ foreignCpu: fraction.optional(), stolen: fraction.optional() })

/** A round whose two trials saw different shares of the CPU go to others (decide/disturbance.ts). */
const differingRoundSchema = z.object({
  round: z.number().int().nonnegative(),
  base: armBesideSchema,
  head: armBesideSchema,
  /** The difference reached the disturbed mark: not the run's CPU differed enough to move latency. */
  disturbed: z.boolean(),
  /** Times the round was measured again; its last pair is the one shown. */
  repeats: z.number().int().positive().optional(),
})
export type DifferingRound = z.infer<typeof differingRoundSchema>

/** A round measured again: the pair of trials it superseded, and the signal that set them apart. */
const repeatedRoundSchema = z.object({
  round: z.number().int().min(1),
  base: armBesideSchema,
  head: armBesideSchema,
  by: z.enum(['foreign', 'steal']),
})
export type RepeatedRound = z.infer<typeof repeatedRoundSchema>

/** What the measured trials say of the runner itself: CPUs saturated, or taken by the hypervisor. */
export const runnerLoadSchema = z.object({
  /** Rounds with a trial at or above the saturation mark, and the highest busy fraction. */
  saturatedRounds: roundList,
  maxCpuBusy: fraction,
  /** Rounds with a trial that lost at least the noted share of its CPU time to other guests (steal). */
  stolenRounds: roundList,
  maxStolen: fraction,
  /** Steal over every measured trial with a reading. */
  meanStolen: fraction,
  /** Foreign CPU (busy with neither the run nor steal): the most of a trial, and the mean over trials. */
  maxForeign: fraction.optional(),
  meanForeign: fraction.optional(),
  /** Rounds with a trial whose host gave at least the noted share of its CPU to other processes. */
  busyRounds: roundList.optional(),
  /** Rounds whose two trials differed beside the run by at least the shown difference. */
  differingRounds: z.array(differingRoundSchema).max(1000).optional(),
  /** Each repeat of a disturbed round, with the pair it superseded; only each round's last pair is compared. */
  repeatedRounds: z.array(repeatedRoundSchema).max(1000).optional(),
  /** The most repeats the run allowed, and the rounds still disturbed once no repeat was left. */
  repeatsPerRun: z.number().int().min(0).max(1000).optional(),
  exhaustedRounds: roundList.optional(),
})
export type RunnerLoad = z.infer<typeof runnerLoadSchema>

export const comparisonSchema = z.object({
  schemaVersion: z.literal(COMPARISON_SCHEMA_VERSION),
  benchmark: z.string().regex(BENCHMARK_NAME, 'a benchmark name'),
  /**
   * 'paired' = same-job A/B (the gate); 'stored' = head against stored history (cross-run);
   * 'head-only' = the head measured alone, no base to compare with (verdict NO_BASE or INVALID).
   */
  kind: z.enum(['paired', 'stored', 'head-only']),
  verdict: verdictSchema,
  /** True when `fail-on` names the verdict: the job fails and the status is failure. */
  blocking: z.boolean(),
  /** One line a reader gets in one second (plain text; escape before rendering). */
  headline: text(1000),
  invalid: z.array(invalidReasonSchema).max(100),
  rounds: finite,
  /** One-sided significance level of each look (Pocock's constant level over the plan's looks). */
  alpha: finite,
  extended: z.boolean(),
  series: z.array(seriesComparisonSchema).max(2000),
  services: z.array(serviceComparisonSchema).max(200),
  meta: runMetaSchema,
  /** Where the results file that produced this comparison was written. */
  resultsFile: text(2000).optional(),
  /** The repository's measured noise floor, from the calibration stored for this benchmark. */
  noiseFloor: noiseFloorSchema.optional(),
  /** Where the CPU went: the differential profile of the profiling pair, when one ran. */
  profile: profileDiffSchema.optional(),
  /** Present when the runner was saturated or lost CPU time to other guests during the trials. */
  runner: runnerLoadSchema.optional(),
})
export type Comparison = z.infer<typeof comparisonSchema>
