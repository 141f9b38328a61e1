import { z } from 'zod'
import { BENCHMARK_NAME } from './names'
import { directionSchema, metricIdSchema } from './thresholds'
import { finite, text } from './validation'

export const CALIBRATION_SCHEMA_VERSION = 1

const count = z.number().int().nonnegative()

export const sigmaMethodSchema = z.enum(['signed-rank', 'mad', 'sd'])
export type SigmaMethod = z.infer<typeof sigmaMethodSchema>

export const noiseRowSchema = z.object({
  /** Series key and display name, as in a comparison. */
  key: text(1000),
  name: text(700),
  metric: metricIdSchema,
  absolute: z.boolean(),
  /** Which way is better (absent in calibrations written before it was kept). */
  direction: directionSchema.optional(),
  /** The rule's minimum effect: a relative fraction, or a difference in the metric's unit. */
  delta: finite,
  /** Rounds whose head − base difference entered σ. */
  rounds: count,
  /** The per-round SD its test faces, on the analysis scale (log-ratio or difference): see sigmaMethod. */
  sigma: finite,
  /**
   * 'signed-rank': the σ a relative metric's signed-rank interval implies (√n · width / 2z); 'mad':
   * 1.4826 × median absolute deviation; 'sd': the sample SD (when MAD is 0 but not every difference is).
   */
  sigmaMethod: sigmaMethodSchema,
  /** σ as a change: a relative fraction (e^σ − 1) or the absolute difference. */
  noiseFloor: finite,
  /** The smallest change the plan detects with 90% power at its first look, as a change like noiseFloor. */
  detectable: finite,
  /**
   * Rounds at which this metric settles with the power that lets every gated metric settle in 90% of
   * runs, at its typical σ (`typicalSigma`; this calibration's σ where absent).
   */
  roundsNeeded: count,
  /**
   * The σ a plan is sized at (decide/noise-history.ts): the typical σ, the predictive median over the
   * stored sessions (this calibration's σ with fewer than three); the planning σ, their 85% predictive
   * quantile (with fewer, this σ's 85% upper confidence bound); and the rounds the planning σ needs.
   * `sessions`: the stored sessions they rest on besides this one. Absent in older calibrations.
   */
  typicalSigma: finite.optional(),
  planSigma: finite.optional(),
  planRounds: count.optional(),
  sessions: count.optional(),
  /** When this σ is above the stored sessions' 95% predictive quantile: how many times their median, and that quantile. */
  farAbove: z.object({ factor: finite, bound: finite }).optional(),
})
export type NoiseRow = z.infer<typeof noiseRowSchema>

/** One metric's per-round σ from one session (a calibration or a gate run), with the rounds it rests on. */
export const sessionSigmaSchema = z.object({
  key: text(1000),
  metric: metricIdSchema,
  sigma: finite,
  rounds: count,
  sigmaMethod: sigmaMethodSchema.optional(),
})
export type SessionSigma = z.infer<typeof sessionSigmaSchema>

/** The σ of every gated metric one session measured: the noise history a calibration plans from. */
export const noiseSessionSchema = z.object({
  measuredAt: text(64),
  commit: z.string().regex(/^[0-9a-f]{7,64}$/, 'a hex commit id'),
  sigmas: z.array(sessionSigmaSchema).max(2000),
})
export type NoiseSession = z.infer<typeof noiseSessionSchema>

/** The calibrations a calibration file keeps, its own last. */
export const MAX_KEPT_SESSIONS = 30

export const calibrationSuggestionSchema = z.object({
  /** Whether the configured plan already detects every gated metric's δ. */
  sufficient: z.boolean(),
  minRounds: count,
  maxRounds: count,
  /** The alternative with the rounds unchanged: each trial this many times longer, or at this much more rate. */
  scale: finite,
  /** Seconds per trial under that alternative (0 when the trial length is unknown). */
  trialSeconds: finite,
  /** Requests per second under that alternative. */
  rate: finite,
})
export type CalibrationSuggestion = z.infer<typeof calibrationSuggestionSchema>

const secondsRange = z.tuple([finite, finite])

/**
 * Which tails to gate: the tail metrics (p90, p95, p99) that, made informational, let what stays
 * gated settle at an earlier look, and that plan (decide/calibration-tails.ts).
 */
export const tailReliefSchema = z.object({
  /** Indexes into the calibration's rows, costliest first. */
  informational: z.array(count).min(1).max(2000),
  /** The rounds by which the metrics still gated settle in 90% of runs. */
  roundsNeeded: count,
  minRounds: count,
  maxRounds: count,
})
export type TailRelief = z.infer<typeof tailReliefSchema>

/**
 * What the calibration's own run measured of a run's steps, and what a run of each plan costs from
 * them: seconds at the plan's first look and at its last, setup (build, stacks) included.
 */
export const calibrationCostSchema = z.object({
  /** Seconds before the first trial (checkout, build, starting the stacks) and after the last. */
  setup: finite,
  /** What a measured trial adds beyond its measured window: k6 starting, the discard, the pause between trials. */
  trialOverhead: finite,
  /** One set of warm-ups, and one renewal of the arms' instances. */
  warmup: finite,
  renewal: finite,
  /** A run of the plan as configured, of the suggested rounds, and of the suggested trial length. */
  configured: secondsRange,
  /**
   * The configured plan's median run of unchanged code: the look it stops at (the first at or after
   * `medianRounds`) and its seconds; null when half the runs go past the last look.
   */
  median: z.object({ look: count, seconds: finite }).nullable().optional(),
  suggestedRounds: secondsRange,
  suggestedTrials: secondsRange,
  /** A run of the plan that gates fewer tails (`tailRelief`). */
  tailRelief: secondsRange.optional(),
})
export type CalibrationCost = z.infer<typeof calibrationCostSchema>

/**
 * The plan a time budget affords: the configured rounds with trials as long as every gated metric
 * needs (`fits`), or, when that would take longer, as long as the budget allows, and the change each
 * metric then settles at.
 */
export const calibrationBudgetSchema = z.object({
  seconds: finite,
  fits: z.boolean(),
  /** The plan's rounds: the calibrated ones, or the fewest whose test can reach the look's level. */
  minRounds: count,
  maxRounds: count,
  /** Seconds of a measured trial in that plan; 0 when even the configured plan takes longer. */
  trialSeconds: finite,
  /** The plan's run, first look and last. */
  runSeconds: secondsRange,
  /** Per row of the calibration, in its order: the change the metric must be allowed for unchanged code to settle (NO CHANGE at the first look in 90% of runs). */
  settles: z.array(finite).max(2000),
})
export type CalibrationBudget = z.infer<typeof calibrationBudgetSchema>

export const calibrationSchema = z.object({
  schemaVersion: z.literal(CALIBRATION_SCHEMA_VERSION),
  benchmark: z.string().regex(BENCHMARK_NAME, 'a benchmark name'),
  commit: z.string().regex(/^[0-9a-f]{7,64}$/, 'a hex commit id'),
  measuredAt: text(64),
  /** The plan's level per look, the gated family size, and the per-metric level after the correction. */
  alpha: finite,
  family: count,
  level: finite,
  minRounds: count,
  maxRounds: count,
  /** Median measured seconds of a trial, and the achieved requests per second over all requests. */
  trialSeconds: finite,
  rate: finite,
  rows: z.array(noiseRowSchema).max(2000),
  /**
   * The rounds by which unchanged code settles (NO CHANGE, every gated metric at once) in half the
   * runs, as `roundsNeeded` gives 90%: where the median run ends. Absent in older calibrations.
   */
  medianRounds: count.optional(),
  suggestion: calibrationSuggestionSchema,
  /** Null when no tail holds the plan back; absent in older calibrations. */
  tailRelief: tailReliefSchema.nullable().optional(),
  /**
   * The σ of this calibration and of the calibrations stored before it (at most MAX_KEPT_SESSIONS,
   * oldest first, this one last). Absent in older calibrations: their rows are their one session.
   */
  sessions: z.array(noiseSessionSchema).max(MAX_KEPT_SESSIONS).optional(),
  /** Absent in calibrations written before runs were costed. */
  cost: calibrationCostSchema.optional(),
  budget: calibrationBudgetSchema.optional(),
})
export type Calibration = z.infer<typeof calibrationSchema>

/** What a pull request's comment shows of the stored calibration: the noise floor of its gated metrics. */
export const noiseFloorSchema = z.object({
  /** The calibrated commit and when it was measured. */
  commit: z.string().regex(/^[0-9a-f]{7,64}$/, 'a hex commit id'),
  measuredAt: text(64),
  metrics: z
    .array(
      z.object({
        metric: metricIdSchema,
        absolute: z.boolean(),
        /** The largest noise floor of the metric over the calibrated series. */
        floor: finite,
      }),
    )
    .max(50),
})
export type NoiseFloor = z.infer<typeof noiseFloorSchema>
