import { readFile, rename, writeFile } from 'node:fs/promises'
import { isMap, isScalar, parseDocument, type Document } from 'yaml'
import { errorMessage, SettingsError } from '../util/errors'

export interface RoundsSuggestion {
  minRounds: number
  maxRounds: number
}

const KEYS = { 'min-rounds': 'minRounds', 'max-rounds': 'maxRounds' } as const

/**
 * The text of loadgate.yml with the suggested rounds set at its top level; every other key,
 * comment and blank line kept. Refuses (one line) a file it cannot update without losing something.
 */
export function withSuggestion(text: string, file: string, suggestion: RoundsSuggestion): string {
  const document = parseDocument(text, { keepSourceTokens: true })
  if (document.errors.length > 0)
    refuse(file, `it is not valid YAML (${document.errors[0]!.message.split('\n')[0]})`)
  if (text.trim() !== '' && !isMap(document.contents))
    refuse(file, 'its top level is not a mapping of settings')
  for (const [key, field] of Object.entries(KEYS)) {
    const node = document.get(key, true)
    if (node !== undefined && !isScalar(node)) refuse(file, `its '${key}' is not a single value`)
    if (isScalar(node)) node.value = suggestion[field]
    else addBeforeBenchmarks(document, key, suggestion[field])
  }
  return document.toString()
}

/** A new top-level key goes with the other settings, above the list of benchmarks. */
function addBeforeBenchmarks(document: Document, key: string, value: number): void {
  if (!isMap(document.contents)) return void document.set(key, value)
  const items = document.contents.items
  const at = items.findIndex((pair) => isScalar(pair.key) && pair.key.value === 'benchmarks')
  items.splice(at === -1 ? items.length : at, 0, document.createPair(key, value))
}

async function readConfigText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    return refuse(file, `it cannot be read (${errorMessage(error)})`)
  }
}

/** Refuses, before anything is measured, a file the suggestion could not be written into. */
export async function assertUpdatable(file: string): Promise<void> {
  withSuggestion(await readConfigText(file), file, { minRounds: 1, maxRounds: 1 })
}

/** Writes the suggested rounds into loadgate.yml (replaced whole, never half-written). */
export async function writeSuggestion(file: string, suggestion: RoundsSuggestion): Promise<void> {
  const updated = withSuggestion(await readConfigText(file), file, suggestion)
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, updated)
  await rename(temporary, file)
}

function refuse(file: string, why: string): never {
  throw new SettingsError(
    `Flag '--write' cannot update '${file}': ${why}; set min-rounds and max-rounds by hand`,
  )
}
