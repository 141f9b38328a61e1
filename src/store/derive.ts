import type { RunRecord } from '../types'

export const DERIVED_SCHEMA_VERSION = 1

export interface SeriesRun {
  id: string
  time: string
  sha: string
  branch: string
  message: string
  author: string
  runner: string
  commitUrl: string
  runUrl: string
  verdict: RunRecord['verdict']
}

/** Columnar per-benchmark history for charts: arrays aligned with `runs`, null where not measured. */
export interface SeriesFile {
  schemaVersion: typeof DERIVED_SCHEMA_VERSION
  benchmark: string
  runs: SeriesRun[]
  series: Record<
    string,
    Record<string, { median: Array<number | null>; low: Array<number | null>; high: Array<number | null> }>
  >
}

export interface IndexFile {
  schemaVersion: typeof DERIVED_SCHEMA_VERSION
  benchmarks: Array<{ name: string; runs: number; latest: string; series: string[] }>
}

function round(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value.toPrecision(5))
}

function runner(record: RunRecord): string {
  const r = record.meta.runner
  return [r.os, r.cpuModel, r.cores ? `${r.cores} cores` : ''].filter(Boolean).join(' · ')
}

/** Rebuilds one benchmark's chart data from its run files (oldest first), keeping the newest `retention` runs (0 = all). */
export function buildSeriesFile(benchmark: string, records: RunRecord[], retention = 0): SeriesFile {
  const ordered = [...records].sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
  const kept = retention > 0 ? ordered.slice(-retention) : ordered
  const file: SeriesFile = { schemaVersion: DERIVED_SCHEMA_VERSION, benchmark, runs: [], series: {} }
  kept.forEach((record, index) => {
    const repo = record.meta.repository
    file.runs.push({
      id: `${record.meta.startedAt}-${record.meta.head.sha.slice(0, 7)}-${record.meta.runId}`,
      time: record.meta.startedAt,
      sha: record.meta.head.sha,
      branch: record.branch,
      message: record.meta.head.message.split('\n')[0]!.slice(0, 300),
      author: record.meta.head.author,
      runner: runner(record),
      commitUrl: repo ? `https://github.com/${repo}/commit/${record.meta.head.sha}` : '',
      runUrl: record.meta.runUrl,
      verdict: record.verdict,
    })
    for (const series of record.series) {
      const metrics = (file.series[series.key] ??= {})
      for (const [metric, value] of Object.entries(series.metrics)) {
        const columns = (metrics[metric] ??= { median: [], low: [], high: [] })
        // Pad runs that did not measure this metric: a gap, never a zero.
        while (columns.median.length < index) {
          columns.median.push(null)
          columns.low.push(null)
          columns.high.push(null)
        }
        columns.median.push(round(value.median))
        columns.low.push(round(value.low))
        columns.high.push(round(value.high))
      }
    }
  })
  for (const metrics of Object.values(file.series)) {
    for (const columns of Object.values(metrics)) {
      while (columns.median.length < kept.length) {
        columns.median.push(null)
        columns.low.push(null)
        columns.high.push(null)
      }
    }
  }
  return file
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
