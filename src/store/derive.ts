import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { RunRecord } from '../model/types'
import type { BadgeState } from '../report/badge'
import { gatedLatencyMetrics } from '../settings/default-gates'
import { badgeState } from './badge'
import { shiftBands, type ShiftBand, type ShiftFinder } from './change-points'

/**
 * Version 2 splits a benchmark's chart data into `runs.json` (who, when, verdict) and one file per
 * series under `series/`, so the dashboard fetches only the series on screen. Derived files are
 * rebuilt from the run files on every write: older versions are replaced, never read.
 */
export const DERIVED_SCHEMA_VERSION = 2

/** Run metadata as columns aligned by run, oldest first. */
export interface RunColumns {
  /** Workflow run ids (link to the run when `repository` is set). */
  id: string[]
  /** Start time, Unix seconds. */
  time: number[]
  /** Head commit, first 12 hex digits. */
  sha: string[]
  /** First line of the commit message, at most 120 characters. */
  message: string[]
  /** Indexes into `RunsFile.values`: a history repeats a few branches, authors, runners and verdicts. */
  branch: number[]
  author: number[]
  runner: number[]
  verdict: number[]
  /** Indexes into `RunValues.imported` ('' for a measured run); only when some run was imported. */
  imported?: number[]
}

/** The distinct values the indexed run columns refer to. */
export interface RunValues {
  branch: string[]
  author: string[]
  /** Runner descriptions: OS · CPU · cores. */
  runner: string[]
  verdict: Array<RunRecord['verdict']>
  /** Where imported runs came from: `<tool> (<file>)`, '' for a measured run. */
  imported?: string[]
}

export interface RunsFile {
  schemaVersion: typeof DERIVED_SCHEMA_VERSION
  benchmark: string
  /** owner/name, for commit links ('' when unknown). */
  repository: string
  values: RunValues
  runs: RunColumns
  /** Every series with a chart, and its file under `series/`. */
  series: Array<{ key: string; file: string }>
  /** Change points of the default branch's runs, oldest first. */
  shifts: ShiftBand[]
}

export interface Columns {
  median: Array<number | null>
  low?: Array<number | null>
  high?: Array<number | null>
}

/** One series' metrics as columns aligned with `runs.json`, null where a run did not measure it. */
export interface SeriesColumnsFile {
  schemaVersion: typeof DERIVED_SCHEMA_VERSION
  benchmark: string
  key: string
  metrics: Record<string, Columns>
}

export interface DerivedBenchmark {
  runs: RunsFile
  series: SeriesColumnsFile[]
  /** What the benchmark's badge says of its newest default-branch run. */
  badge: BadgeState
}

export interface IndexFile {
  schemaVersion: typeof DERIVED_SCHEMA_VERSION
  benchmarks: Array<{ name: string; runs: number; latest: string; series: string[] }>
}

/** What the charts draw: the median of every metric, and the median's interval for the percentiles that gate by default. */
const CHARTED: Record<string, boolean> = Object.fromEntries(
  ['p50', 'p90', 'p95', 'p99', 'throughput', 'error_rate'].map((metric) => [
    metric,
    (gatedLatencyMetrics() as string[]).includes(metric),
  ]),
)

/** An imported run's statistic the charts draw only for it: tools like Go's report a mean alone. */
const IMPORTED_ONLY = new Set(['mean'])

/** Three significant digits, as the reports show values: finer than a chart can draw. */
function round(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value.toPrecision(3))
}

/** Stores each distinct value once and returns its index. */
function interner<T>(values: T[]): (value: T) => number {
  const index = new Map<T, number>()
  return (value) => {
    let i = index.get(value)
    if (i === undefined) {
      index.set(value, (i = values.length))
      values.push(value)
    }
    return i
  }
}

function runner(record: RunRecord): string {
  const r = record.meta.runner
  return [r.os, r.cpuModel, r.cores ? `${r.cores} cores` : ''].filter(Boolean).join(' · ')
}

/** A series' file name: series keys hold spaces, slashes and anything an endpoint name can. */
export function seriesFileName(key: string): string {
  return `${createHash('sha256').update(key).digest('hex').slice(0, 16)}.json`
}

/** Rebuilds one benchmark's chart data from its run files, keeping the newest `retention` runs (0 = all). */
export function buildDerived(
  benchmark: string,
  records: RunRecord[],
  findShifts: ShiftFinder,
  retention = 0,
): DerivedBenchmark {
  const ordered = [...records].sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
  const kept = retention > 0 ? ordered.slice(-retention) : ordered
  const runs: RunColumns = {
    id: [],
    time: [],
    sha: [],
    branch: [],
    message: [],
    author: [],
    runner: [],
    verdict: [],
  }
  const values: RunValues = { branch: [], author: [], runner: [], verdict: [] }
  const indexOf = {
    branch: interner(values.branch),
    author: interner(values.author),
    runner: interner(values.runner),
    verdict: interner(values.verdict),
  }
  const metricsByKey = new Map<string, Record<string, Columns>>()
  kept.forEach((record, index) => {
    runs.id.push(record.meta.runId)
    runs.time.push(Math.round(Date.parse(record.meta.startedAt) / 1000))
    // Twelve hex digits identify a commit in links and tooltips; forty only add weight.
    runs.sha.push(record.meta.head.sha.slice(0, 12))
    runs.message.push(record.meta.head.message.split('\n')[0]!.slice(0, 120))
    runs.branch.push(indexOf.branch(record.branch))
    runs.author.push(indexOf.author(record.meta.head.author))
    runs.runner.push(indexOf.runner(runner(record)))
    runs.verdict.push(indexOf.verdict(record.verdict))
    for (const series of record.series) {
      let metrics = metricsByKey.get(series.key)
      if (!metrics) metricsByKey.set(series.key, (metrics = {}))
      for (const [metric, value] of Object.entries(series.metrics)) {
        // Keys come from files anyone with push access writes: `constructor` is no metric.
        if (!Object.hasOwn(CHARTED, metric) && !(record.imported && IMPORTED_ONLY.has(metric))) continue
        if (!Object.hasOwn(metrics, metric))
          metrics[metric] = CHARTED[metric] ? { median: [], low: [], high: [] } : { median: [] }
        const columns = metrics[metric]!
        // Runs that did not measure this metric are gaps, never zeros.
        pad(columns, index)
        columns.median.push(round(value.median))
        columns.low?.push(round(value.low))
        columns.high?.push(round(value.high))
      }
    }
  })
  if (kept.some((r) => r.imported)) markImported(kept, runs, values)
  const keys = [...metricsByKey.keys()].sort()
  const found = findShifts(benchmark, kept)
  const series = keys.map((key): SeriesColumnsFile => {
    const metrics = metricsByKey.get(key)!
    for (const columns of Object.values(metrics)) pad(columns, kept.length)
    return { schemaVersion: DERIVED_SCHEMA_VERSION, benchmark, key, metrics }
  })
  return {
    runs: {
      schemaVersion: DERIVED_SCHEMA_VERSION,
      benchmark,
      repository: kept.findLast((r) => r.meta.repository)?.meta.repository ?? '',
      values,
      runs,
      series: keys.map((key) => ({ key, file: seriesFileName(key) })),
      shifts: shiftBands(found),
    },
    series,
    badge: badgeState(kept, found),
  }
}

/** The `imported` column, and what each of its indexes says. */
function markImported(kept: readonly RunRecord[], runs: RunColumns, values: RunValues): void {
  values.imported = []
  const indexOf = interner(values.imported)
  runs.imported = kept.map((r) => indexOf(r.imported ? `${r.imported.from} (${r.imported.file})` : ''))
}

function pad(columns: Columns, length: number): void {
  for (const column of [columns.median, columns.low, columns.high]) {
    while (column && column.length < length) column.push(null)
  }
}

/** Replaces `<benchmarkDir>/runs.json` and `series/`; removes what older versions wrote. */
export async function writeDerived(benchmarkDir: string, derived: DerivedBenchmark): Promise<void> {
  const seriesDir = path.join(benchmarkDir, 'series')
  await rm(seriesDir, { recursive: true, force: true })
  await rm(path.join(benchmarkDir, 'series.json'), { force: true })
  await mkdir(seriesDir, { recursive: true })
  await writeFile(path.join(benchmarkDir, 'runs.json'), JSON.stringify(derived.runs))
  for (const file of derived.series)
    await writeFile(path.join(seriesDir, seriesFileName(file.key)), JSON.stringify(file))
}

export function buildIndexFile(benchmarks: DerivedBenchmark[]): IndexFile {
  return {
    schemaVersion: DERIVED_SCHEMA_VERSION,
    benchmarks: benchmarks
      .map(({ runs }) => ({
        name: runs.benchmark,
        runs: runs.runs.id.length,
        latest: runs.runs.time.length ? new Date(runs.runs.time.at(-1)! * 1000).toISOString() : '',
        series: runs.series.map((s) => s.key),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}
