import { closestName } from '../util/closest-name'
import { SettingsError } from '../util/errors'

/** loadgate.yml's keys and values as errors name them and inputs hold them. */

export interface ConfigFile {
  shared: Record<string, string>
  /** Top-level `thresholds:` entries, used where neither input nor benchmark sets them. */
  thresholds: unknown
  benchmarks: Array<Record<string, unknown>>
  /** The line (1-based) of the key at `keys` (e.g. ['benchmarks', 0, 'port']); null when unknown. */
  lineOf: (keys: ReadonlyArray<string | number>) => number | null
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

/**
 * How an error names a loadgate.yml key: the file, the key's path and its line, e.g.
 * `loadgate.yml benchmarks[0] port (line 7)`.
 */
export function keyLabel(config: ConfigFile, file: string, keys: ReadonlyArray<string | number>): string {
  const path = keys
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : ` ${key}`))
    .join('')
  const line = config.lineOf(keys)
  return `${file} ${path}${line === null ? '' : ` (line ${line})`}`
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
