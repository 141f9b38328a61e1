import { metricDefaults } from '../model/metrics'
import type { MetricId, RunRecord } from '../model/types'

/** One entry as github-action-benchmark reads it: `{ name, value, unit, range?, extra? }`. */
export interface BenchmarkActionEntry {
  name: string
  unit: string
  value: number
  range?: string
  extra?: string
}

export interface BenchmarkActionFile {
  /** The `tool` input that reads this file. */
  tool: 'customSmallerIsBetter' | 'customBiggerIsBetter'
  /** Replaces `.json` in the run file's name. */
  suffix: string
  entries: BenchmarkActionEntry[]
}

const UNITS: Record<string, string> = { throughput: 'req/s', error_rate: '%' }
/** Error rates are fractions in loadgate, percentages in the exported charts. */
const SCALE: Record<string, number> = { error_rate: 100 }

function round(value: number): number {
  return Number(value.toPrecision(6))
}

/**
 * The run in github-action-benchmark's custom formats: one JSON array per direction, each read by
 * its own `tool` (an empty direction is left out: that reader refuses an empty array). The script's
 * custom metrics are left out too: a stored run does not say which way is better for them.
 */
export function benchmarkActionFiles(record: RunRecord): BenchmarkActionFile[] {
  const smaller: BenchmarkActionEntry[] = []
  const bigger: BenchmarkActionEntry[] = []
  const commit = `commit ${record.meta.head.sha.slice(0, 7)}; ${record.meta.runner.cpuModel}`.trim()
  for (const series of record.series) {
    for (const [metric, summary] of Object.entries(series.metrics)) {
      if (metric.startsWith('custom:')) continue
      const scale = SCALE[metric] ?? 1
      const low = summary.low === null ? null : round(summary.low * scale)
      const high = summary.high === null ? null : round(summary.high * scale)
      const entry: BenchmarkActionEntry = {
        name: `${series.key} ${metric}`,
        unit: UNITS[metric] ?? 'ms',
        value: round(summary.median * scale),
        ...(low !== null && high !== null ? { range: `± ${round((high - low) / 2)}` } : {}),
        extra: low !== null && high !== null ? `95% CI of the median ${low} – ${high}; ${commit}` : commit,
      }
      const direction = metricDefaults(metric as MetricId).direction
      ;(direction === 'higher' ? bigger : smaller).push(entry)
    }
  }
  const files: BenchmarkActionFile[] = [
    { tool: 'customSmallerIsBetter', suffix: '.smaller-is-better.benchmark-action.json', entries: smaller },
    { tool: 'customBiggerIsBetter', suffix: '.bigger-is-better.benchmark-action.json', entries: bigger },
  ]
  return files.filter((f) => f.entries.length > 0)
}
