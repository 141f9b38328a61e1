import { z } from 'zod'
import { runMetaSchema, seriesIdentity } from './results'
import { mergedThroughSchema } from './acceptance'
import { erraticSeriesSchema, metricThresholdSchema, verdictSchema } from './thresholds'
import { finite, finiteOrNull, text } from './validation'
import { sessionSigmaSchema } from './calibration'

export const RUN_RECORD_SCHEMA_VERSION = 2

const medianWithIntervalSchema = z.object({ median: finite, low: finiteOrNull, high: finiteOrNull })

/** Where an imported run came from; `key` is the hash of its content, what makes importing twice a no-op. */
export const importedFromSchema = z.object({
  from: z.enum(['k6-summary', 'github-action-benchmark']),
  /** The imported file's name (no folders). */
  file: text(300),
  importedAt: text(64),
  key: z.string().regex(/^[0-9a-f]{64}$/, 'a sha-256 in hex'),
})
export type ImportedFrom = z.infer<typeof importedFromSchema>

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
  /**
   * Set on a run brought in by `loadgate import` from another tool's history: drawn on the dashboard,
   * never a baseline, never in the run-to-run spread or a change point. Absent on measured runs.
   */
  imported: importedFromSchema.optional(),
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

/**
 * The runs loadgate measured itself: what a baseline, the run-to-run spread and change points are
 * taken from. Imported runs (another tool's numbers, measured another way) are only drawn.
 */
export function measuredRuns<T extends Pick<RunRecord, 'imported'>>(records: readonly T[]): T[] {
  return records.filter((record) => record.imported === undefined)
}
