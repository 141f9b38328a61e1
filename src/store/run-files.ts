import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { runRecordSchema, type RunRecord } from '../model/run-record'
import { firstIssue } from '../model/validation'
import { errorMessage } from '../util/errors'
import { withoutControlCharacters } from '../util/control-characters'
import { migrateRunRecord } from './migrate'

const READ_BATCH = 64

/** How much of the history branch is read: a file, and all run files of a benchmark together. */
export interface HistoryCaps {
  fileBytes: number
  totalBytes: number
}

/**
 * A run file is a few kilobytes to a few hundred (every trial's figures): 4 MiB is far beyond an
 * honest one. 512 MiB bounds the memory a history built by anyone with push access can take.
 */
export const HISTORY_CAPS: HistoryCaps = { fileBytes: 4 * 1024 * 1024, totalBytes: 512 * 1024 * 1024 }

const MIB = 1024 * 1024
const mib = (bytes: number) => `${(bytes / MIB).toFixed(bytes < MIB ? 2 : 0)} MiB`

/**
 * The run files to read, in their order, within the caps: a file over the per-file cap is skipped
 * and named; when the rest is over the total, the oldest (first: names sort by time) are left out,
 * the newest kept, and one warning says how many, naming the newest left out.
 */
export function withinCaps<T extends { file: string; size: number }>(
  files: readonly T[],
  warn: SkipWarning,
  caps: HistoryCaps = HISTORY_CAPS,
): T[] {
  const kept: T[] = []
  let total = 0
  let dropped = 0
  let newestDropped = ''
  for (const file of [...files].reverse()) {
    if (file.size > caps.fileBytes) {
      warn(
        skippedMessage(file.file, `${mib(file.size)} is over the ${mib(caps.fileBytes)} a run file may have`),
      )
      continue
    }
    if (total + file.size > caps.totalBytes) {
      if (dropped++ === 0) newestDropped = file.file
      continue
    }
    total += file.size
    kept.push(file)
  }
  if (dropped > 0)
    warn(
      `Skipped ${dropped} older stored run file(s), the newest '${printable(newestDropped)}': the run files ` +
        `together are over the ${mib(caps.totalBytes)} read of a history (they stay on the branch; the history is built from the newer runs)`,
    )
  return kept.reverse()
}

/** Called once per run file that is left out of the history, with a printable reason naming it. */
export type SkipWarning = (message: string) => void

/**
 * Text from the gh-pages branch (file names, keys) as it may appear in a log line: anyone who can
 * push there chooses it, so control characters (line breaks, escape sequences) become `?`.
 */
export function printable(text: string, max = 200): string {
  const clean = withoutControlCharacters(text)
  return clean.length > max ? `${clean.slice(0, max)}…` : clean
}

/**
 * A stored run file's content as a current run record, or why it cannot be one. Run files come from
 * a branch anyone with push access writes: every one is checked against the schema after migration.
 */
export function parseRunFile(text: string): { record: RunRecord } | { reason: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    // The parser's message quotes the content: say only what is wrong.
    return { reason: 'not valid JSON' }
  }
  return parseRunValue(raw)
}

/** A parsed run record (from a run file, or an entry of the history file) as a current one, or why it cannot be one. */
export function parseRunValue(raw: unknown): { record: RunRecord } | { reason: string } {
  let migrated: unknown
  try {
    migrated = migrateRunRecord(raw)
  } catch (error) {
    return { reason: errorMessage(error) }
  }
  const parsed = runRecordSchema.safeParse(migrated)
  return parsed.success ? { record: parsed.data } : { reason: firstIssue(parsed.error) }
}

export function skippedMessage(file: string, reason: string): string {
  return `Skipped the stored run file '${printable(file)}': ${printable(reason)} (it stays on the branch; the history is built without it)`
}

/** Paths of the run files under `dir` (regular files only: a symbolic link could point anywhere). */
async function listRunFiles(dir: string): Promise<string[]> {
  const files: string[] = []
  const walk = async (current: string): Promise<void> => {
    let entries
    try {
      entries = await readdir(current, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (entry.isFile() && isRunFileName(entry.name)) files.push(full)
    }
  }
  await walk(dir)
  return files.sort()
}

export function isRunFileName(name: string): boolean {
  return name.endsWith('.json') && !name.endsWith('.benchmark-action.json')
}

/** Every valid run record under `dir` within the caps; a bad file is skipped and reported through `warn`. */
export async function readRunFiles(
  dir: string,
  root: string,
  warn: SkipWarning,
  caps: HistoryCaps = HISTORY_CAPS,
): Promise<RunRecord[]> {
  const listed = await listRunFiles(dir)
  const sized: Array<{ file: string; size: number; full: string }> = []
  for (let i = 0; i < listed.length; i += READ_BATCH) {
    const batch = listed.slice(i, i + READ_BATCH)
    const sizes = await Promise.all(batch.map((full) => stat(full).then((s) => s.size)))
    batch.forEach((full, index) => sized.push({ full, file: path.relative(root, full), size: sizes[index]! }))
  }
  const files = withinCaps(sized, warn, caps).map((f) => f.full)
  // Thousands of small files: read a batch at a time rather than one after another.
  const records: RunRecord[] = []
  for (let i = 0; i < files.length; i += READ_BATCH) {
    const batch = files.slice(i, i + READ_BATCH)
    const texts = await Promise.all(batch.map((file) => readFile(file, 'utf8')))
    texts.forEach((text, index) => {
      const parsed = parseRunFile(text)
      if ('record' in parsed) records.push(parsed.record)
      else warn(skippedMessage(path.relative(root, batch[index]!), parsed.reason))
    })
  }
  return records
}
