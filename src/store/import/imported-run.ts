import { createHash } from 'node:crypto'
import { RUN_RECORD_SCHEMA_VERSION, type ImportedFrom, type RunRecord } from '../../model/run-record'
import { SettingsError } from '../../util/errors'
import { printable } from '../run-files'

/** One run of another tool's history, in loadgate's metrics (ms, requests per second, fractions). */
export interface ImportedRun {
  commit: { sha: string; message: string; author: string; timestamp: string }
  /** When it was measured (ISO 8601, UTC). */
  startedAt: string
  series: Array<{ key: string; metrics: Record<string, number> }>
}

/** What a file held: its runs, and what of it has no loadgate counterpart (named, once each). */
export interface ParsedImport {
  from: ImportedFrom['from']
  runs: ImportedRun[]
  skipped: string[]
}

/** The longest series key a run file may hold (as measured series keys). */
const MAX_KEY = 1000
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** The error for a file that is not what import reads: one line, naming the file and what was expected. */
export function badFile(file: string, what: string): SettingsError {
  return new SettingsError(`'${printable(file, 300)}': ${what}; nothing was imported`)
}

/**
 * A series key as another tool named it, or a refusal: a name with a control character (a line
 * break could forge a log line or a workflow command) or longer than a measured key may be.
 */
export function checkedKey(file: string, key: string, where: string): string {
  const trimmed = key.trim()
  if (!trimmed) throw badFile(file, `${where} has an empty name: expected a benchmark or endpoint name`)
  if (CONTROL.test(trimmed))
    throw badFile(
      file,
      `${where} '${printable(trimmed, 100)}' holds a control character: expected a printable name`,
    )
  if (trimmed.length > MAX_KEY)
    throw badFile(file, `${where} '${printable(trimmed, 100)}' is over ${MAX_KEY} characters`)
  return trimmed
}

/** The content key of a run: the same source numbers for the same commit and time import to the same file. */
export function contentKey(from: ImportedFrom['from'], benchmark: string, run: ImportedRun): string {
  const series = [...run.series]
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((s) => [s.key, Object.entries(s.metrics).sort(([a], [b]) => a.localeCompare(b))])
  const content = JSON.stringify([from, benchmark, run.commit.sha, run.startedAt, series])
  return createHash('sha256').update(content).digest('hex')
}

/** The stored run record of an imported run: no trials, no runner, no verdict, labelled `imported`. */
export function importedRecord(
  run: ImportedRun,
  source: { from: ImportedFrom['from']; file: string; importedAt: string },
  benchmark: string,
  branch: string,
): RunRecord {
  const key = contentKey(source.from, benchmark, run)
  return {
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
    benchmark,
    branch,
    verdict: null,
    meta: {
      runId: `import-${key.slice(0, 12)}`,
      runUrl: '',
      repository: '',
      event: 'import',
      pullRequest: null,
      base: null,
      head: { ...run.commit, ref: branch },
      startedAt: run.startedAt,
      finishedAt: run.startedAt,
      runner: { os: '', cpuModel: '', cores: 0, memoryBytes: 0 },
      versions: { loadgate: '', k6: '', docker: '', compose: '' },
      hashes: { k6Script: '', composeFile: '' },
      seed: 0,
    },
    series: run.series.map((s) => ({
      key: s.key,
      metrics: Object.fromEntries(
        Object.entries(s.metrics).map(([metric, value]) => [
          metric,
          { median: value, low: null, high: null },
        ]),
      ),
    })),
    trials: {},
    imported: { ...source, key },
  }
}

/** Adds `value` as `metric` of the series `key` of `run` (six significant digits, as stored runs keep). */
export function addMetric(run: ImportedRun, key: string, metric: string, value: number): void {
  let series = run.series.find((s) => s.key === key)
  if (!series) run.series.push((series = { key, metrics: {} }))
  series.metrics[metric] = Number(value.toPrecision(6))
}
