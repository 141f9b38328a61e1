import { open } from 'node:fs/promises'
import path from 'node:path'
import { badFile } from './imported-run'
import { benchmarkDataSchema, dataJsJson } from './benchmark-data'

/** A data.js of years of runs is a few MiB; 64 MiB bounds what a wrong or hostile file can take. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024

export type ImportFormat = 'k6-summary' | 'github-action-benchmark'

/** What an import file holds: its format (told by its content), and its JSON. */
export interface ImportFile {
  /** As the user gave it (for messages). */
  file: string
  /** Its name without folders (stored with the runs). */
  name: string
  format: ImportFormat
  json: unknown
}

const EXPECTED = "expected k6's --summary-export or handleSummary JSON, or github-action-benchmark's data.js"

async function readCapped(file: string): Promise<string> {
  let handle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
    throw badFile(file, `cannot be read (${code}): ${EXPECTED}`)
  }
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw badFile(file, `is not a regular file: ${EXPECTED}`)
    if (stats.size > MAX_IMPORT_BYTES)
      throw badFile(file, `${stats.size} bytes is over the ${MAX_IMPORT_BYTES}-byte limit of an import`)
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

/** Reads `file` (within the cap) and tells its format by its content; a file of neither is refused. */
export async function readImportFile(file: string): Promise<ImportFile> {
  const text = await readCapped(file)
  const assigned = dataJsJson(text)
  let json: unknown
  try {
    json = JSON.parse(assigned ?? text)
  } catch {
    // The parser's message quotes the content: say only what is wrong.
    throw badFile(
      file,
      `is not valid JSON${assigned === null ? '' : ' after window.BENCHMARK_DATA ='}: ${EXPECTED}`,
    )
  }
  const name = path.basename(file)
  const object = typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {}
  if (assigned !== null || ('entries' in object && benchmarkDataSchema.safeParse(json).success))
    return { file, name, format: 'github-action-benchmark', json }
  if ('metrics' in object) return { file, name, format: 'k6-summary', json }
  throw badFile(file, EXPECTED)
}
