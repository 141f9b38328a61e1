import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { runRecordSchema, type RunRecord } from '../model/run-record'
import { firstIssue } from '../model/validation'
import { errorMessage } from '../util/errors'
import { withoutControlCharacters } from '../util/control-characters'
import { migrateRunRecord } from './migrate'

const READ_BATCH = 64

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

/** Every valid run record under `dir`; a bad file is skipped and reported through `warn`. */
export async function readRunFiles(dir: string, root: string, warn: SkipWarning): Promise<RunRecord[]> {
  const files = await listRunFiles(dir)
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
