import { randomBytes } from 'node:crypto'
import { lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Calibration } from '../model/calibration'
import { parseCalibration } from '../model/calibration-file'
import type { RunRecord } from '../model/types'
import { LoadgateError } from '../util/errors'
import { withFileLock } from './file-lock'
import {
  HISTORY_CAPS,
  parseRunValue,
  printable,
  withinCaps,
  type HistoryCaps,
  type SkipWarning,
} from './run-files'

/**
 * The `history-path` file: every benchmark's runs (and latest calibration) in one JSON document,
 * `{ "format": "loadgate-history", "version": 1, "benchmarks": { "<name>": { "runs": [...] } } }`.
 * Whoever restores it (a cache, an artifact) chooses its content: it is bounded and validated as the
 * history branch is, and a file that is not one is refused, never overwritten.
 */
interface StoredBenchmark {
  runs: unknown[]
  calibration?: unknown
}
type Benchmarks = Record<string, StoredBenchmark>

const FORMAT = 'loadgate-history'
const MIB = 1024 * 1024

function refused(file: string, why: string): LoadgateError {
  return new LoadgateError(
    `Input 'history-path' is '${printable(file, 300)}': ${why}, expected a history file loadgate wrote ` +
      '(nothing was read or written; move it away to start a new history)',
  )
}

/** The file's benchmarks (none when it does not exist yet), refused whole when it is not a history file within the caps. */
async function readBenchmarks(file: string, caps: HistoryCaps): Promise<Benchmarks> {
  const stats = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw refused(file, `it cannot be read (${error.code ?? 'error'})`)
  })
  const benchmarks: Benchmarks = Object.create(null)
  if (!stats) return benchmarks
  if (!stats.isFile())
    throw refused(file, `it is ${stats.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}`)
  if (stats.size > caps.totalBytes)
    throw refused(
      file,
      `${(stats.size / MIB).toFixed(0)} MiB is over the ${caps.totalBytes / MIB} MiB read of a history`,
    )
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(file, 'utf8'))
  } catch {
    throw refused(file, 'it is not valid JSON')
  }
  const document = raw as { format?: unknown; version?: unknown; benchmarks?: unknown }
  const listed = document?.benchmarks
  if (document?.format !== FORMAT || document.version !== 1 || !isPlainObject(listed))
    throw refused(file, `it is not a '${FORMAT}' document of version 1`)
  for (const [name, entry] of Object.entries(listed)) {
    if (!isPlainObject(entry) || !Array.isArray(entry.runs))
      throw refused(file, `its benchmark '${printable(name, 100)}' has no list of runs`)
    benchmarks[name] = entry as unknown as StoredBenchmark
  }
  return benchmarks
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Writes the document through a new file renamed over the old one: a reader sees the old or the new, whole. */
async function writeBenchmarks(file: string, benchmarks: Benchmarks, caps: HistoryCaps): Promise<void> {
  const text = `${JSON.stringify({ format: FORMAT, version: 1, benchmarks })}\n`
  if (Buffer.byteLength(text) > caps.totalBytes)
    throw refused(file, `with this run it would be over the ${caps.totalBytes / MIB} MiB read of a history`)
  await mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
  try {
    await writeFile(temporary, text, { flag: 'wx' })
    await rename(temporary, file)
  } finally {
    await rm(temporary, { force: true })
  }
}

/** Every valid run of `benchmark` in the file (oldest first); an entry that is not a valid run record is skipped and reported. */
export async function readFileHistory(
  file: string,
  benchmark: string,
  warn: SkipWarning = () => {},
  caps: HistoryCaps = HISTORY_CAPS,
): Promise<RunRecord[]> {
  const benchmarks = await readBenchmarks(file, caps)
  const entries = Object.hasOwn(benchmarks, benchmark) ? benchmarks[benchmark]!.runs : []
  const listed = entries.map((entry, index) => ({
    file: `${benchmark} run ${index + 1}`,
    size: Buffer.byteLength(JSON.stringify(entry) ?? ''),
    entry,
  }))
  const records: RunRecord[] = []
  for (const { file: name, entry } of withinCaps(listed, warn, caps)) {
    const parsed = parseRunValue(entry)
    if ('record' in parsed) records.push(parsed.record)
    else
      warn(
        `Skipped the stored '${printable(name)}' of the history file: ${printable(parsed.reason)} (it stays in the file; the history is built without it)`,
      )
  }
  return records.sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
}

/** Appends one run to the file, under its lock; returns how many runs of the same commit it held before. */
export async function appendRunToFile(
  file: string,
  record: RunRecord,
  caps: HistoryCaps = HISTORY_CAPS,
): Promise<number> {
  return withFileLock(file, async () => {
    const benchmarks = await readBenchmarks(file, caps)
    const entry = Object.hasOwn(benchmarks, record.benchmark) ? benchmarks[record.benchmark]! : { runs: [] }
    const sha = record.meta.head.sha
    const earlier = entry.runs.filter((run) => (run as RunRecord | null)?.meta?.head?.sha === sha).length
    entry.runs.push(record)
    benchmarks[record.benchmark] = entry
    await writeBenchmarks(file, benchmarks, caps)
    return earlier
  })
}

/** Replaces the benchmark's stored calibration in the file, under its lock. */
export async function storeCalibrationInFile(file: string, calibration: Calibration): Promise<void> {
  await withFileLock(file, async () => {
    const benchmarks = await readBenchmarks(file, HISTORY_CAPS)
    const name = calibration.benchmark
    const entry = Object.hasOwn(benchmarks, name) ? benchmarks[name]! : { runs: [] }
    benchmarks[name] = { ...entry, calibration }
    await writeBenchmarks(file, benchmarks, HISTORY_CAPS)
  })
}

/** The benchmark's calibration stored in the file, validated; null when there is none or it is not valid (reported). */
export async function readFileCalibration(
  file: string,
  benchmark: string,
  warn: SkipWarning = () => {},
): Promise<Calibration | null> {
  const benchmarks = await readBenchmarks(file, HISTORY_CAPS)
  const stored = Object.hasOwn(benchmarks, benchmark) ? benchmarks[benchmark]!.calibration : undefined
  if (stored === undefined) return null
  const parsed = parseCalibration(JSON.stringify(stored))
  const reason =
    'reason' in parsed ? parsed.reason : parsed.calibration.benchmark !== benchmark ? 'another benchmark' : ''
  if (!reason && 'calibration' in parsed) return parsed.calibration
  warn(`Ignored the stored calibration of '${benchmark}' in the history file: ${printable(reason, 300)}`)
  return null
}

/** Refuses, before anything is measured, a history file that could not be read or written. */
export async function checkHistoryFile(file: string): Promise<void> {
  await readBenchmarks(file, HISTORY_CAPS)
}
