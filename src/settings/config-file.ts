import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { SettingsError } from '../util/errors'
import { inputNamesIn } from './input-lookup'

export interface ConfigFile {
  shared: Record<string, string>
  /** Top-level `thresholds:` entries, used where neither input nor benchmark sets them. */
  thresholds: unknown
  benchmarks: Array<Record<string, unknown>>
}

export const NO_CONFIG_FILE: ConfigFile = { shared: {}, thresholds: undefined, benchmarks: [] }

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
  try {
    document = parseYaml(text)
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
      throw new SettingsError(
        `${file}: unknown setting '${key}' (expected one of ${[...sharedKeys, 'benchmarks'].join(', ')})`,
      )
    }
  }
  return { shared, thresholds, benchmarks }
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
