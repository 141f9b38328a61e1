import type { ShiftRules } from '../decide/change-points'
import { medianInterval } from '../decide/stats/basic'
import type { SessionSigma } from '../model/calibration'
import { CUSTOM_SERIES, metricValue } from '../model/metrics'
import {
  RUN_RECORD_SCHEMA_VERSION,
  type Comparison,
  type MetricId,
  type ResultsFile,
  type RunRecord,
} from '../model/types'

const STORED_METRICS: MetricId[] = ['p50', 'p90', 'p95', 'p99', 'mean', 'max', 'throughput', 'error_rate']

/** The compact, immutable record of one run: the head arm's medians with intervals, plus its per-trial values. */
export function toRunRecord(
  results: ResultsFile,
  comparison: Comparison | null,
  branch: string,
  shiftRules?: ShiftRules,
): RunRecord {
  const trials = results.trials.filter((t) => t.phase === 'measure' && t.arm === 'head' && t.valid)
  const keys = [...new Set(trials.flatMap((t) => t.series.map((s) => s.key)))].sort()
  const customMetrics = [
    ...new Set(trials.flatMap((t) => t.custom.map((c) => `custom:${c.name}` as MetricId))),
  ]
  const record: RunRecord = {
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
    benchmark: results.benchmark,
    meta: results.meta,
    branch,
    verdict: comparison?.verdict ?? null,
    series: [],
    trials: {},
    ...(shiftRules ? { shiftRules } : {}),
  }
  const add = (key: string, metrics: MetricId[]) => {
    const summary: RunRecord['series'][number]['metrics'] = {}
    const values: Record<string, number[]> = {}
    for (const metric of metrics) {
      const measured = trials.map((t) => metricValue(t, key, metric)).filter((v): v is number => v !== null)
      if (measured.length === 0) continue
      values[metric] = measured.map((v) => Number(v.toPrecision(6)))
      summary[metric] = medianInterval(values[metric])
    }
    if (Object.keys(summary).length === 0) return
    record.series.push({ key, metrics: summary })
    record.trials[key] = values
  }
  for (const key of keys) add(key, STORED_METRICS)
  if (customMetrics.length) add(CUSTOM_SERIES, customMetrics)
  const noise = comparison ? noiseOf(comparison) : []
  if (noise.length) record.noise = noise
  return record
}

/** A paired comparison's per-round σ of each gated metric, as the noise history keeps it. */
export function noiseOf(comparison: Comparison): SessionSigma[] {
  if (comparison.kind !== 'paired') return []
  return comparison.series.flatMap((series) =>
    series.metrics.flatMap((m) =>
      m.gate && m.sigma !== undefined
        ? [{ key: series.key, metric: m.metric, sigma: m.sigma, rounds: m.pairs }]
        : [],
    ),
  )
}

/** `YYYY/MM/<time>-<sha7>-<runid>.json`: unique per run, so concurrent writers never touch the same file. */
export function runFileName(record: RunRecord): string {
  const time = record.meta.startedAt
  const stamp = time.replace(/[:.]/g, '-')
  const runId = record.meta.runId.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 40)
  return `${time.slice(0, 4)}/${time.slice(5, 7)}/${stamp}-${record.meta.head.sha.slice(0, 7)}-${runId}.json`
}
