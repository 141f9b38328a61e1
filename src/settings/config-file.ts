import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml'
import { closestName } from '../util/closest-name'
import { SettingsError } from '../util/errors'
import { inputNamesIn } from './input-lookup'

export interface ConfigFile {
  shared: Record<string, string>
  /** Top-level `thresholds:` entries, used where neither input nor benchmark sets them. */
  thresholds: unknown
  benchmarks: Array<Record<string, unknown>>
  /** The line (1-based) of the key at `keys` (e.g. ['benchmarks', 0, 'port']); null when unknown. */
  lineOf: (keys: ReadonlyArray<string | number>) => number | null
}

export const NO_CONFIG_FILE: ConfigFile = {
  shared: {},
  thresholds: undefined,
  benchmarks: [],
  lineOf: () => null,
}

/**
 * A key loadgate.yml does not know, in one line: where it is, and the key it most likely meant
 * (the full list is docs/configuration.md's, not the error's).
 */
export function unknownKeyMessage(
  where: string,
  line: number | null,
  key: string,
  known: readonly string[],
): string {
  const meant = closestName(key, known)
  const at = line === null ? where : `${where} (line ${line})`
  return meant
    ? `${at}: unknown setting '${key}': did you mean '${meant}'?`
    : `${at}: unknown setting '${key}': expected a setting docs/configuration.md lists (e.g. ${known.slice(0, 3).join(', ')})`
}

/** The line of a key path in a parsed document. */
function lineFinder(document: ReturnType<typeof parseDocument>, counter: LineCounter) {
  return (keys: ReadonlyArray<string | number>): number | null => {
    let node: unknown = document.contents
    let keyNode: Node | null = null
    for (const key of keys) {
      if (isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key)
        keyNode = (pair?.key as Node | undefined) ?? null
        node = pair?.value
      } else if (isSeq(node) && typeof key === 'number') {
        node = node.items[key]
        keyNode = (node as Node | undefined) ?? null
      } else return null
    }
    const offset = keyNode?.range?.[0]
    return offset === undefined ? null : counter.linePos(offset).line
  }
}

/**
 * Reads loadgate.yml: top-level keys are input defaults, `benchmarks:` a list of benchmarks. A
 * relative path is looked up in `cwd` first (as any command-line tool would), then in the workspace.
 */
export function readConfig(file: string, workspace: string, cwd?: string): ConfigFile {
  const here = cwd ? path.resolve(cwd, file) : ''
  const full = here && existsSync(here) ? here : path.resolve(workspace, file)
  let text: string
  try {
    text = readFileSync(full, 'utf8')
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : String(error)
    throw new SettingsError(
      `Input 'config' is '${file}': expected a readable loadgate.yml (${reason.split('\n')[0]})`,
    )
  }
  return parseConfig(text, file)
}

/** loadgate.yml's text as settings; `file` names it in errors. */
export function parseConfig(text: string, file: string): ConfigFile {
  let document: unknown
  const counter = new LineCounter()
  let parsed: ReturnType<typeof parseDocument>
  try {
    parsed = parseDocument(text, { lineCounter: counter })
    if (parsed.errors.length > 0) throw parsed.errors[0]!
    document = parsed.toJS()
  } catch (error) {
    throw new SettingsError(
      `Input 'config' is '${file}': expected a readable loadgate.yml (${String(error).split('\n')[0]})`,
    )
  }
  if (document === null || document === undefined) document = {}
  if (typeof document !== 'object' || Array.isArray(document)) {
    throw new SettingsError(`${file}: expected a mapping of settings at the top level`)
  }
  const sharedKeys: readonly string[] = inputNamesIn('loadgate.yml')
  const lineOf = lineFinder(parsed, counter)
  const shared: Record<string, string> = {}
  let thresholds: unknown
  let benchmarks: Array<Record<string, unknown>> = []
  for (const [key, value] of Object.entries(document as Record<string, unknown>)) {
    if (key === 'benchmarks') {
      if (
        !Array.isArray(value) ||
        value.some((b) => typeof b !== 'object' || b === null || Array.isArray(b))
      ) {
        throw new SettingsError(`${file}: 'benchmarks' must be a list of mappings`)
      }
      benchmarks = value as Array<Record<string, unknown>>
    } else if (key === 'thresholds') {
      thresholds = value
    } else if (sharedKeys.includes(key)) {
      shared[key] = mappingInput(key, value, file)
    } else {
      const known = [...sharedKeys, 'benchmarks']
      throw new SettingsError(unknownKeyMessage(file, lineOf([key]), key, known))
    }
  }
  return { shared, thresholds, benchmarks, lineOf }
}

/** The keys on which two loadgate.yml files differ (`benchmarks` and `thresholds` as a whole). */
export function differingKeys(one: ConfigFile, other: ConfigFile): string[] {
  const keys = new Set([...Object.keys(one.shared), ...Object.keys(other.shared)])
  const differ = [...keys].filter((key) => one.shared[key] !== other.shared[key])
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  if (!same(one.thresholds, other.thresholds)) differ.push('thresholds')
  if (!same(one.benchmarks, other.benchmarks)) differ.push('benchmarks')
  return differ.sort()
}

/** A loadgate.yml value as the text its input would hold: k6-env and erratic may be mappings. */
export function mappingInput(key: string, value: unknown, where: string): string {
  if (key === 'k6-env') return envToLines(value, where)
  if (key === 'erratic') return mappingToLines(value, where, key, ': ')
  return scalar(value, `${where}: '${key}'`)
}

/** A YAML scalar (or a list of strings, joined with commas) as the text an input would hold. */
export function scalar(value: unknown, where: string): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ')
  throw new SettingsError(`${where} must be a single value`)
}

/** A `k6-env` mapping (or its NAME=value text) as the lines the input would hold. */
function envToLines(value: unknown, where: string): string {
  return mappingToLines(value, where, 'k6-env', '=')
}

/** A mapping (or the lines themselves) as `key<separator>value` lines. */
function mappingToLines(value: unknown, where: string, name: string, separator: string): string {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SettingsError(
      `${where}: '${name}' must be a mapping of ${separator === '=' ? 'NAME: value' : 'series: reason'}`,
    )
  }
  return Object.entries(value)
    .map(([k, v]) => `${k}${separator}${scalar(v, `${where}: ${name} '${k}'`)}`)
    .join('\n')
}
