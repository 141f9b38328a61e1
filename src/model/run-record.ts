import { z } from 'zod'
import { runMetaSchema, seriesIdentity } from './results'
import { mergedThroughSchema } from './acceptance'
import { erraticSeriesSchema, metricThresholdSchema, verdictSchema } from './thresholds'
import { finite, finiteOrNull, text } from './validation'
import { sessionSigmaSchema } from './calibration'

export const RUN_RECORD_SCHEMA_VERSION = 2

const medianWithIntervalSchema = z.object({ median: finite, low: finiteOrNull, high: finiteOrNull })

export const runRecordSchema = z.object({
  schemaVersion: z.literal(RUN_RECORD_SCHEMA_VERSION),
  benchmark: text(64),
  meta: runMetaSchema,
  /** Branch the run was recorded for (e.g. main). */
  branch: text(300),
  verdict: verdictSchema.nullable(),
  /** The pull request the commit came through (record mode asks GitHub), and whether its result was accepted. */
  mergedThrough: mergedThroughSchema.optional(),
  /**
   * The rules lasting shifts of this benchmark are judged by, as they were when the run was recorded:
   * its gated relative thresholds, its erratic series and the change-point settings. The dashboard and
   * `loadgate history` use the newest run's, as the issue watcher did. Absent in older files.
   */
  shiftRules: z
    .object({
      thresholds: z.array(metricThresholdSchema).max(500),
      erratic: z.array(erraticSeriesSchema).max(100),
      detector: z.object({ maxP: finite, minChange: finite, minRuns: z.number().int().min(1).max(1000) }),
    })
    .optional(),
  /** Compact per-series summary: medians over trials, with a 95% CI of the median. */
  series: z.array(
    z.object({
      key: seriesIdentity.key,
      metrics: z.record(z.string(), medianWithIntervalSchema),
    }),
  ),
  /**
   * A paired run's per-round σ of each gated metric (the noise history calibrations plan from).
   * Absent in older files and in runs that measured the head alone.
   */
  noise: z.array(sessionSigmaSchema).max(2000).optional(),
  /** Per-trial values of the head arm, kept for `baseline: stored`: key → metric → values. */
  trials: z.record(z.string(), z.record(z.string(), z.array(finite))),
})
/** One immutable stored run (`data/<bench>/runs/YYYY/MM/<time>-<sha7>-<runid>.json`). */
export type RunRecord = z.infer<typeof runRecordSchema>
