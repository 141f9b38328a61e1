import type { RunRecord } from '../model/types'

export interface BenchmarkActionEntry {
  name: string
  unit: string
  value: number
  range?: string
  extra?: string
}

const UNITS: Record<string, string> = { throughput: 'req/s', error_rate: 'ratio' }

/** The run in github-action-benchmark's `customSmallerIsBetter` / `customBiggerIsBetter` formats. */
export function toBenchmarkActionJson(record: RunRecord): {
  smallerIsBetter: BenchmarkActionEntry[]
  biggerIsBetter: BenchmarkActionEntry[]
} {
  const smallerIsBetter: BenchmarkActionEntry[] = []
  const biggerIsBetter: BenchmarkActionEntry[] = []
  for (const series of record.series) {
    for (const [metric, value] of Object.entries(series.metrics)) {
      const entry: BenchmarkActionEntry = {
        name: `${series.key} ${metric}`,
        unit: UNITS[metric] ?? 'ms',
        value: value.median,
        ...(value.low !== null && value.high !== null
          ? { range: `${value.low}–${value.high} (95% CI of the median)` }
          : {}),
        extra: `commit ${record.meta.head.sha.slice(0, 7)}; ${record.meta.runner.cpuModel}`,
      }
      ;(metric === 'throughput' ? biggerIsBetter : smallerIsBetter).push(entry)
    }
  }
  return { smallerIsBetter, biggerIsBetter }
}
