import { z } from 'zod'
import { finite, text } from './validation'

/**
 * LIKELY_OVER_DELTA is an inconclusive metric shown worse than δ/2 by its own interval, but not once
 * corrected for the gated family, and whose estimate reaches ¾ of its δ. `fail-on` can name it.
 * TARGET_MISSED: the head misses the rule's absolute target beyond doubt (whatever the base does);
 * `fail-on` naming REGRESSION includes it.
 */
const METRIC_VERDICTS = [
  'REGRESSION',
  'TARGET_MISSED',
  'IMPROVEMENT',
  'NO_CHANGE',
  'INCONCLUSIVE',
  'LIKELY_OVER_DELTA',
] as const

export const metricVerdictSchema = z.enum(METRIC_VERDICTS)
/** Per-metric verdict. */
export type MetricVerdict = z.infer<typeof metricVerdictSchema>

export const verdictSchema = z.enum([...METRIC_VERDICTS, 'INVALID', 'NOTHING_GATED', 'NO_BASE'])
/**
 * Overall verdict of a run: a metric verdict, INVALID when the run cannot be trusted, or
 * NOTHING_GATED when no gated metric was measured (every rule informs, or matched no series): the
 * run decides nothing, so it never reads as approval — its status is `error` and the step fails.
 * NO_BASE when the base could not be measured (it lacks the harness and cannot run the head's), so
 * the head was measured alone: nothing is compared, and it passes (the pull request adopting loadgate).
 */
export type Verdict = z.infer<typeof verdictSchema>

export const outcomeVerdictSchema = z.enum([...verdictSchema.options, 'ERROR'])
/**
 * What a benchmark's run ended with: its verdict, or ERROR when loadgate itself failed before it
 * could decide one (a build, a service that never became healthy, k6 crashing, bad settings).
 * ERROR always fails the job: `fail-on` does not name it.
 */
export type OutcomeVerdict = z.infer<typeof outcomeVerdictSchema>

/** A verdict that fails the job when the `fail-on` input names it. */
export type FailOn = Verdict

export const directionSchema = z.enum(['lower', 'higher'])
export type Direction = z.infer<typeof directionSchema>

export const builtinMetricSchema = z.enum([
  'p50',
  'p90',
  'p95',
  'p99',
  'mean',
  'max',
  'throughput',
  'error_rate',
  'checks',
])
/** Built-in per-series metrics. Custom k6 metrics are addressed as `custom:<name>` (Trend: `custom:<name>:p95`). */
export type BuiltinMetric = z.infer<typeof builtinMetricSchema>

// Bounded before the shape is checked, like every string of an untrusted document.
export const metricIdSchema = text(200).pipe(
  z.union([builtinMetricSchema, z.templateLiteral(['custom:', z.string()])]),
)
export type MetricId = z.infer<typeof metricIdSchema>

export const comparatorSchema = z.enum(['<', '<=', '>', '>='])
export type Comparator = z.infer<typeof comparatorSchema>

export const absoluteTargetSchema = z.object({
  comparator: comparatorSchema,
  /** In the metric's unit: ms for latency, req/s for throughput, fraction (0.005) for rates. */
  value: finite,
  /** The text the user wrote, e.g. `p95 < 300ms`, shown in reports. */
  source: text(200),
})
export type AbsoluteTarget = z.infer<typeof absoluteTargetSchema>

export const metricThresholdSchema = z.object({
  metric: metricIdSchema,
  /** Glob on the series key (`*` matches any run of characters); `*` = all series. */
  series: text(500),
  direction: directionSchema,
  /** Minimum effect worth reporting: relative fraction (0.05 = 5%) or, when `absolute`, a difference in the metric's unit (0.005 = 0.5 points). */
  delta: finite,
  absolute: z.boolean(),
  /** Gated metrics decide the verdict; others are reported only. */
  gate: z.boolean(),
  target: absoluteTargetSchema.optional(),
})
export type MetricThreshold = z.infer<typeof metricThresholdSchema>

/** A series marked erratic in the settings: it informs and never gates; the report shows why. */
export const erraticSeriesSchema = z.object({
  /** Glob over series keys, as in thresholds. */
  series: text(200),
  reason: text(200),
})
export type ErraticSeries = z.infer<typeof erraticSeriesSchema>
