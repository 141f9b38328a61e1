import { readFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { BENCHMARK_NAME } from '../model/names'
import { SettingsError } from '../util/errors'
import { parseThresholdEntries, parseThresholdLines, resolveThresholds } from './thresholds'
import type { BaselineKind, FailOn, MetricThreshold, Mode } from '../model/types'
import type { BenchmarkSettings, CommentMode, ReviewMode, Settings } from './types'

/** Reads one raw input by its action.yml name ('' when unset). */
export type InputReader = (name: string) => string

export interface SettingsContext {
  /** The checkout of the head (GITHUB_WORKSPACE or the current directory). */
  workspace: string
  /** The event that triggered the run; decides `mode: auto`. */
  eventName: string
  /** Default for `work-dir` (RUNNER_TEMP/loadgate on a runner). */
  defaultWorkDir: string
}

export const DEFAULTS = {
  mode: 'auto',
  baseline: 'rerun',
  'compose-file': 'compose.yaml',
  'k6-version': '1.8.1',
  'min-rounds': '10',
  'max-rounds': '20',
  warmup: '10s',
  'discard-seconds': '0',
  'max-error-rate': '1%',
  'max-dropped-rate': '1%',
  'gh-pages-branch': 'gh-pages',
  'data-dir': 'loadgate',
  comment: 'on',
  status: 'true',
  review: 'off',
  'fail-on': 'REGRESSION, INVALID',
  retention: '0',
} as const

/** Inputs that loadgate.yml may also set at its top level (inputs win). */
const SHARED_KEYS = [
  ...Object.keys(DEFAULTS),
  'base-ref',
  'prepare',
  'service',
  'port',
  'k6-script',
  'k6-env',
  'thresholds',
  'seed',
  'work-dir',
] as const

const BENCHMARK_KEYS = [
  'name',
  'compose-file',
  'service',
  'port',
  'k6-script',
  'k6-env',
  'prepare',
  'thresholds',
]

function fail(input: string, value: string, expected: string): never {
  throw new SettingsError(`Input '${input}' is '${value}': expected ${expected}`)
}

function oneOf<T extends string>(input: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T
  return fail(input, value, `one of ${allowed.join(', ')}`)
}

function integer(input: string, value: string, min: number, max: number): number {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || n < min || n > max)
    fail(input, value, `a whole number from ${min} to ${max}`)
  return n
}

function boolean(input: string, value: string): boolean {
  const lower = value.trim().toLowerCase()
  if (['true', 'on', 'yes', '1'].includes(lower)) return true
  if (['false', 'off', 'no', '0'].includes(lower)) return false
  return fail(input, value, 'true or false')
}

/** '10s', '500ms', '2m' or a bare number of seconds → seconds. */
export function parseDuration(input: string, value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/.exec(value)
  if (!match) return fail(input, value, "a duration such as '10s', '500ms' or '2m'")
  const amount = Number(match[1])
  const unit = match[2] ?? 's'
  const seconds = unit === 'ms' ? amount / 1000 : unit === 'm' ? amount * 60 : amount
  if (seconds > 3600) fail(input, value, 'at most one hour')
  return seconds
}

/** '1%' or a fraction '0.01' → 0.01. */
export function parseFraction(input: string, value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(%)?\s*$/.exec(value)
  if (!match) return fail(input, value, "a percentage such as '1%' or a fraction such as '0.01'")
  const fraction = match[2] ? Number(match[1]) / 100 : Number(match[1])
  if (fraction > 1) fail(input, value, 'at most 100%')
  return fraction
}

/** Lines `KEY=VALUE` → record; blank lines and `#` comments ignored. */
export function parseEnvLines(input: string, text: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const eq = line.indexOf('=')
    const key = eq > 0 ? line.slice(0, eq).trim() : ''
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) fail(input, line, 'lines of KEY=VALUE')
    env[key] = line.slice(eq + 1)
  }
  return env
}

function parseFailOn(value: string): FailOn[] {
  const allowed: FailOn[] = ['REGRESSION', 'INVALID', 'INCONCLUSIVE', 'IMPROVEMENT', 'NO_CHANGE']
  const words = value
    .split(',')
    .map((w) =>
      w
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '_'),
    )
    .filter(Boolean)
  if (words.length === 1 && words[0] === 'NEVER') return []
  return words.map((word) => oneOf('fail-on', word, allowed))
}

function relativeTo(workspace: string, input: string, file: string, mustExist: boolean): string {
  const resolved = path.resolve(workspace, file)
  const inside = path.relative(workspace, resolved)
  if (inside.startsWith('..') || path.isAbsolute(inside)) fail(input, file, 'a path inside the repository')
  if (mustExist && !existsSync(resolved))
    fail(input, file, 'an existing file (relative to the repository root)')
  return inside
}

interface ConfigFile {
  shared: Record<string, string>
  /** Top-level `thresholds:` entries, used where neither input nor benchmark sets them. */
  thresholds: unknown
  benchmarks: Array<Record<string, unknown>>
}

/** Reads loadgate.yml: top-level keys are input defaults, `benchmarks:` a list of benchmarks. */
function readConfig(file: string, workspace: string): ConfigFile {
  const full = path.resolve(workspace, file)
  let document: unknown
  try {
    document = parseYaml(readFileSync(full, 'utf8'))
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : String(error)
    throw new SettingsError(
      `Input 'config' is '${file}': expected a readable loadgate.yml (${reason.split('\n')[0]})`,
    )
  }
  if (document === null || document === undefined) document = {}
  if (typeof document !== 'object' || Array.isArray(document)) {
    throw new SettingsError(`${file}: expected a mapping of settings at the top level`)
  }
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
    } else if ((SHARED_KEYS as readonly string[]).includes(key)) {
      shared[key] = key === 'k6-env' ? envToLines(value, file) : scalar(value, `${file}: '${key}'`)
    } else {
      throw new SettingsError(
        `${file}: unknown setting '${key}' (expected one of ${[...SHARED_KEYS, 'benchmarks'].join(', ')})`,
      )
    }
  }
  return { shared, thresholds, benchmarks }
}

function scalar(value: unknown, where: string): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ')
  throw new SettingsError(`${where} must be a single value`)
}

function envToLines(value: unknown, where: string): string {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SettingsError(`${where}: 'k6-env' must be a mapping of NAME: value`)
  }
  return Object.entries(value)
    .map(([k, v]) => `${k}=${scalar(v, `${where}: k6-env '${k}'`)}`)
    .join('\n')
}

function benchmarkFrom(
  raw: Record<string, string>,
  rawThresholds: unknown,
  where: string,
  workspace: string,
  needsStack: boolean,
): BenchmarkSettings {
  const input = (name: string) => (where === 'inputs' ? name : `${where} ${name}`)
  const k6Script = raw['k6-script'] ?? ''
  if (!k6Script) fail(input('k6-script'), '', 'the path of the k6 script to run')
  const script = relativeTo(workspace, input('k6-script'), k6Script, needsStack)
  const name = raw.name || path.basename(script).replace(/\.[^.]+$/, '')
  if (!BENCHMARK_NAME.test(name))
    fail(input('name'), name, 'letters, digits, dot, dash or underscore (at most 64)')
  const service = raw.service ?? ''
  if (needsStack && !service) fail(input('service'), '', 'the Compose service that k6 should target')
  const port = raw.port ? integer(input('port'), raw.port, 1, 65535) : 0
  if (needsStack && !port) fail(input('port'), '', "the service's container port (e.g. 8080)")
  const composeFile = relativeTo(
    workspace,
    input('compose-file'),
    raw['compose-file'] || DEFAULTS['compose-file'],
    needsStack,
  )
  const thresholds: MetricThreshold[] = raw.thresholds
    ? parseThresholdLines(raw.thresholds, input('thresholds'))
    : rawThresholds !== undefined
      ? parseThresholdEntries(rawThresholds, `${where} thresholds`)
      : []
  return {
    name,
    composeFile,
    service,
    port,
    k6Script: script,
    k6Env: parseEnvLines(input('k6-env'), raw['k6-env'] ?? ''),
    prepare: raw.prepare ?? '',
    thresholds: resolveThresholds(thresholds),
  }
}

function resolveMode(value: string, eventName: string): Mode {
  const mode = oneOf('mode', value, ['auto', 'compare', 'record', 'report'] as const)
  if (mode !== 'auto') return mode
  if (eventName === 'pull_request' || eventName === 'pull_request_target') return 'compare'
  if (eventName === 'workflow_run') return 'report'
  if (eventName === 'push' || eventName === 'schedule' || eventName === 'workflow_dispatch') return 'record'
  return fail('mode', 'auto', `compare, record or report to be set for the '${eventName || 'unknown'}' event`)
}

/** Reads every input once into a validated Settings; the first bad value throws a one-line SettingsError. */
export function loadSettings(read: InputReader, context: SettingsContext): Settings {
  const workspace = path.resolve(context.workspace)
  const inputs: Record<string, string> = {}
  for (const key of [...SHARED_KEYS, 'name', 'config', 'github-token', 'report-file'])
    inputs[key] = read(key).trim()
  const config: ConfigFile = inputs.config
    ? readConfig(inputs.config, workspace)
    : { shared: {}, thresholds: undefined, benchmarks: [] }
  // Precedence: explicit input > loadgate.yml top level > built-in default.
  const value = (key: string): string =>
    inputs[key] || config.shared[key] || (DEFAULTS as Record<string, string>)[key] || ''

  const mode = resolveMode(value('mode'), context.eventName)
  const minRounds = integer('min-rounds', value('min-rounds'), 1, 200)
  const maxRounds = integer('max-rounds', value('max-rounds'), 1, 200)
  if (maxRounds < minRounds) fail('max-rounds', String(maxRounds), `at least min-rounds (${minRounds})`)
  const needsStack = mode !== 'report'

  const sharedBench: Record<string, string> = {}
  for (const key of BENCHMARK_KEYS) sharedBench[key] = value(key)
  let benchmarks: BenchmarkSettings[]
  if (config.benchmarks.length > 0) {
    benchmarks = config.benchmarks.map((entry, index) => {
      const where = `${inputs.config} benchmarks[${index}]`
      const raw: Record<string, string> = { ...sharedBench, name: '' }
      let thresholds: unknown = config.thresholds
      for (const [key, v] of Object.entries(entry)) {
        if (!BENCHMARK_KEYS.includes(key)) {
          throw new SettingsError(
            `${where}: unknown key '${key}' (expected one of ${BENCHMARK_KEYS.join(', ')})`,
          )
        }
        if (key === 'thresholds') {
          thresholds = v
          raw.thresholds = ''
        } else raw[key] = key === 'k6-env' ? envToLines(v, where) : scalar(v, `${where}.${key}`)
      }
      return benchmarkFrom(raw, thresholds, where, workspace, needsStack)
    })
  } else if (mode === 'report' && !sharedBench['k6-script']) {
    benchmarks = []
  } else {
    benchmarks = [benchmarkFrom(sharedBench, config.thresholds, 'inputs', workspace, needsStack)]
  }
  const names = benchmarks.map((b) => b.name)
  const duplicate = names.find((n, i) => names.indexOf(n) !== i)
  if (duplicate) throw new SettingsError(`Benchmark name '${duplicate}' is used twice: names must be unique`)

  const seedText = value('seed')
  const reportFile = inputs['report-file'] ?? ''
  if (mode === 'report' && !reportFile)
    fail('report-file', '', 'the comparison artifact to report (mode: report)')

  return {
    mode,
    baseline: oneOf<BaselineKind>('baseline', value('baseline'), ['rerun', 'stored']),
    baseRef: value('base-ref'),
    k6Version: value('k6-version').replace(/^v/, ''),
    minRounds,
    maxRounds,
    warmupSeconds: parseDuration('warmup', value('warmup')),
    discardSeconds: parseDuration('discard-seconds', value('discard-seconds')),
    maxErrorRate: parseFraction('max-error-rate', value('max-error-rate')),
    maxDroppedRate: parseFraction('max-dropped-rate', value('max-dropped-rate')),
    githubToken: inputs['github-token'] ?? '',
    ghPagesBranch: value('gh-pages-branch'),
    dataDir: value('data-dir').replace(/^\/+|\/+$/g, '') || DEFAULTS['data-dir'],
    comment: oneOf<CommentMode>('comment', value('comment'), ['on', 'on-change', 'off']),
    status: boolean('status', value('status')),
    review: oneOf<ReviewMode>('review', value('review'), ['off', 'approve', 'request-changes', 'both']),
    failOn: parseFailOn(value('fail-on')),
    retention: integer('retention', value('retention'), 0, 1_000_000),
    workDir: path.resolve(workspace, value('work-dir') || context.defaultWorkDir),
    seed: seedText ? integer('seed', seedText, 0, 2 ** 31 - 1) : Math.floor(Math.random() * 2 ** 31),
    workspace,
    reportFile: reportFile ? path.resolve(workspace, reportFile) : '',
    benchmarks,
  }
}
