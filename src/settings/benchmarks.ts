import path from 'node:path'
import { BENCHMARK_NAME } from '../model/names'
import { SettingsError } from '../util/errors'
import { keyLabel, mappingInput, scalar, unknownKeyMessage, type ConfigFile } from './config-file'
import { parseErraticLines } from './erratic'
import { builtInDefault, inputNamesIn } from './input-lookup'
import type { InputName } from './inputs'
import { parseThresholdEntries, parseThresholdLines, resolveThresholds } from './thresholds'
import { fail, integer, parseEnvLines, relativeTo } from './values'
import type { MetricThreshold } from '../model/types'
import type { TargetKind } from './target'
import type { BenchmarkSettings, RunMode } from './types'

/** Where a benchmark's raw value came from, for the label an error names. */
interface RawValue {
  value: string
  /** The input (or CLI flag) name, or `<file> benchmarks[i] key` / `<file> key` for loadgate.yml. */
  label: string
}

/**
 * The benchmarks of a run: loadgate.yml's `benchmarks:` entries, or else the one benchmark the
 * inputs describe. One precedence rule for every key: an explicit input (CLI flag) wins over a
 * `benchmarks:` entry, which wins over loadgate.yml's top level, which wins over the built-in default.
 */
export function benchmarksFrom(
  explicit: Record<string, string>,
  config: ConfigFile,
  configFile: string,
  workspace: string,
  mode: RunMode,
  target: TargetKind = 'compose',
): BenchmarkSettings[] {
  const needsScript = mode !== 'report' && mode !== 'accept' && mode !== 'announce' && mode !== 'skip'
  const needsStack = needsScript && mode !== 'merge' && target === 'compose'
  const benchmarkKeys: readonly string[] = inputNamesIn('benchmark')
  /** `entryPath`: ['benchmarks', i] for an entry, [] for the top level; labels carry the key's line. */
  const label = (entryPath: Array<string | number>, key: string) =>
    keyLabel(config, configFile, [...entryPath, key])
  const layered = (entry: Record<string, unknown>, entryPath: Array<string | number>) => {
    const raw: Record<string, RawValue> = {}
    for (const key of benchmarkKeys) {
      const fallback = builtInDefault(key as InputName)
      if (fallback) raw[key] = { value: fallback, label: key }
      const top = Object.hasOwn(config.shared, key) ? config.shared[key] : undefined
      if (top) raw[key] = { value: top, label: label([], key) }
      if (Object.hasOwn(entry, key) && key !== 'thresholds') {
        const value = entry[key]
        const where = label(entryPath, key)
        const text =
          key === 'k6-env' || key === 'erratic' ? mappingInput(key, value, where) : scalar(value, where)
        raw[key] = { value: text, label: where }
      }
      if (explicit[key]) raw[key] = { value: explicit[key], label: key }
    }
    return raw
  }
  const thresholdsOf = (
    entry: Record<string, unknown>,
    entryPath: Array<string | number>,
  ): ThresholdSource => {
    if (explicit.thresholds) return { lines: explicit.thresholds, label: 'thresholds' }
    if (Object.hasOwn(entry, 'thresholds'))
      return { entries: entry.thresholds, label: label(entryPath, 'thresholds') }
    if (config.thresholds !== undefined) return { entries: config.thresholds, label: label([], 'thresholds') }
    return { label: 'thresholds' }
  }
  let benchmarks: BenchmarkSettings[]
  if (config.benchmarks.length > 0) {
    benchmarks = config.benchmarks.map((entry, index) => {
      const where = `${configFile} benchmarks[${index}]`
      for (const key of Object.keys(entry)) {
        if (!benchmarkKeys.includes(key)) {
          throw new SettingsError(
            unknownKeyMessage(where, config.lineOf(['benchmarks', index, key]), key, benchmarkKeys),
          )
        }
      }
      return benchmarkFrom(
        layered(entry, ['benchmarks', index]),
        thresholdsOf(entry, ['benchmarks', index]),
        workspace,
        needsScript,
        needsStack,
      )
    })
  } else if (!needsScript && !explicit['k6-script'] && !config.shared['k6-script']) {
    benchmarks = []
  } else {
    benchmarks = [benchmarkFrom(layered({}, []), thresholdsOf({}, []), workspace, needsScript, needsStack)]
  }
  const names = benchmarks.map((b) => b.name)
  const duplicate = names.find((n, i) => names.indexOf(n) !== i)
  if (duplicate) throw new SettingsError(`Benchmark name '${duplicate}' is used twice: names must be unique`)
  return benchmarks
}

/** A benchmark's name: the one set, or the k6 script's file name without its extension. */
export function benchmarkName(name: string, k6Script: string): string {
  return name || path.basename(k6Script).replace(/\.[^.]+$/, '')
}

type ThresholdSource = { lines?: string; entries?: unknown; label: string }

function benchmarkFrom(
  raw: Record<string, RawValue>,
  thresholdSource: ThresholdSource,
  workspace: string,
  needsScript: boolean,
  needsStack: boolean,
): BenchmarkSettings {
  const text = (key: string) => raw[key]?.value ?? ''
  const input = (key: string) => raw[key]?.label ?? key
  // The rules first: nothing they say depends on files that may not exist yet.
  const thresholds: MetricThreshold[] =
    thresholdSource.lines !== undefined
      ? parseThresholdLines(thresholdSource.lines, thresholdSource.label)
      : thresholdSource.entries !== undefined
        ? parseThresholdEntries(thresholdSource.entries, thresholdSource.label)
        : []
  const k6Script = text('k6-script')
  if (!k6Script) fail(input('k6-script'), '', 'the path of the k6 script to run')
  const script = relativeTo(workspace, input('k6-script'), k6Script, needsScript)
  const name = benchmarkName(text('name'), script)
  if (!BENCHMARK_NAME.test(name))
    fail(input('name'), name, 'letters, digits, dot, dash or underscore (at most 64)')
  const service = text('service')
  if (needsStack && !service) fail(input('service'), '', 'the Compose service that k6 should target')
  const port = text('port') ? integer(input('port'), text('port'), 1, 65535) : 0
  if (needsStack && !port) fail(input('port'), '', "the service's container port (e.g. 8080)")
  const composeFile = relativeTo(workspace, input('compose-file'), text('compose-file'), needsStack)
  return {
    name,
    composeFile,
    service,
    port,
    portInput: input('port'),
    k6Script: script,
    k6Env: parseEnvLines(input('k6-env'), text('k6-env')),
    prepare: text('prepare'),
    thresholds: resolveThresholds(thresholds),
    erratic: parseErraticLines(text('erratic'), input('erratic')),
  }
}
