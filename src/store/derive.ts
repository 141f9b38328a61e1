import type { RunRecord } from '../types'

export const DERIVED_SCHEMA_VERSION = 1

export interface SeriesRun {
  /** The workflow run id (links to the run when `repository` is set). */
  id: string
  time: string
  sha: string
  branch: string
  message: string
  author: string
  /** Index into `runners`. */
  runner: number
  verdict: RunRecord['verdict']
}

/** What the charts draw: the median of every metric, and the median's interval for p50 and p95. */
const CHARTED: Record<string, boolean> = {
  p50: true,
  p95: true,
  p99: false,
  throughput: false,
  error_rate: false,
}

/** Columnar per-benchmark history for charts: arrays aligned with `runs`, null where not measured. */
export interface SeriesFile {
  schemaVersion: typeof DERIVED_SCHEMA_VERSION
  benchmark: string
  /** owner/name, for commit links ('' when unknown). */
  repository: string
  /** Distinct runner descriptions, referenced by index from runs. */
  runners: string[]
  runs: SeriesRun[]
  series: Record<string, Record<string, Columns>>
}

interface Columns {
  median: Array<number | null>
  low?: Array<number | null>
  high?: Array<number | null>
}

export interface IndexFile {
  schemaVersion: typeof DERIVED_SCHEMA_VERSION
  benchmarks: Array<{ name: string; runs: number; latest: string; series: string[] }>
}

/** Medians keep 4 significant digits; interval bounds only shade a band, 3 are plenty. */
function round(value: number | null | undefined, digits = 4): number | null {
  return value === null || value === undefined ? null : Number(value.toPrecision(digits))
}

function runner(record: RunRecord): string {
  const r = record.meta.runner
  return [r.os, r.cpuModel, r.cores ? `${r.cores} cores` : ''].filter(Boolean).join(' · ')
}

/** Rebuilds one benchmark's chart data from its run files (oldest first), keeping the newest `retention` runs (0 = all). */
export function buildSeriesFile(benchmark: string, records: RunRecord[], retention = 0): SeriesFile {
  const ordered = [...records].sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
  const kept = retention > 0 ? ordered.slice(-retention) : ordered
  const repository = kept.findLast((r) => r.meta.repository)?.meta.repository ?? ''
  const file: SeriesFile = {
    schemaVersion: DERIVED_SCHEMA_VERSION,
    benchmark,
    repository,
    runners: [],
    runs: [],
    series: {},
  }
  const runnerIndex = new Map<string, number>()
  kept.forEach((record, index) => {
    const description = runner(record)
    if (!runnerIndex.has(description)) {
      runnerIndex.set(description, file.runners.length)
      file.runners.push(description)
    }
    file.runs.push({
      id: record.meta.runId,
      time: record.meta.startedAt,
      // Twelve hex digits identify a commit in links and tooltips; forty only add weight.
      sha: record.meta.head.sha.slice(0, 12),
      branch: record.branch,
      message: record.meta.head.message.split('\n')[0]!.slice(0, 120),
      author: record.meta.head.author,
      runner: runnerIndex.get(description)!,
      verdict: record.verdict,
    })
    for (const series of record.series) {
      const metrics = (file.series[series.key] ??= {})
      for (const [metric, value] of Object.entries(series.metrics)) {
        if (!(metric in CHARTED)) continue
        const columns: Columns = (metrics[metric] ??= CHARTED[metric]
          ? { median: [], low: [], high: [] }
          : { median: [] })
        // Runs that did not measure this metric are gaps, never zeros.
        pad(columns, index)
        columns.median.push(round(value.median))
        columns.low?.push(round(value.low, 3))
        columns.high?.push(round(value.high, 3))
      }
    }
  })
  for (const metrics of Object.values(file.series))
    for (const columns of Object.values(metrics)) pad(columns, kept.length)
  return file
}

function pad(columns: Columns, length: number): void {
  for (const column of [columns.median, columns.low, columns.high]) {
    while (column && column.length < length) column.push(null)
  }
}

export function buildIndexFile(series: SeriesFile[]): IndexFile {
  return {
    schemaVersion: DERIVED_SCHEMA_VERSION,
    benchmarks: series
      .map((s) => ({
        name: s.benchmark,
        runs: s.runs.length,
        latest: s.runs.at(-1)?.time ?? '',
        series: Object.keys(s.series).sort(),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}
