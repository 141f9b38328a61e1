import { z } from 'zod'
import { runMetaSchema, seriesIdentity } from './results'
import { mergedThroughSchema } from './acceptance'
import { verdictSchema } from './thresholds'
import { finite, finiteOrNull, text } from './validation'

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
  /** Compact per-series summary: medians over trials, with a 95% CI of the median. */
  series: z.array(
    z.object({
      key: seriesIdentity.key,
      metrics: z.record(z.string(), medianWithIntervalSchema),
    }),
  ),
  /** Per-trial values of the head arm, kept for `baseline: stored`: key → metric → values. */
  trials: z.record(z.string(), z.record(z.string(), z.array(finite))),
})
/** One immutable stored run (`data/<bench>/runs/YYYY/MM/<time>-<sha7>-<runid>.json`). */
export type RunRecord = z.infer<typeof runRecordSchema>
