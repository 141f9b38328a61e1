import path from 'node:path'
import { BENCHMARK_NAME } from '../model/names'
import { SettingsError } from '../util/errors'
import { envToLines, scalar, type ConfigFile } from './config-file'
import { builtInDefault, inputNamesIn } from './input-lookup'
import { parseThresholdEntries, parseThresholdLines, resolveThresholds } from './thresholds'
import { fail, integer, parseEnvLines, relativeTo } from './values'
import type { MetricThreshold, Mode } from '../model/types'
import type { TargetKind } from './target'
import type { BenchmarkSettings } from './types'

/**
 * The benchmarks of a run: loadgate.yml's `benchmarks:` entries (each falling back to the shared
 * values), or else the one benchmark the inputs describe.
 */
export function benchmarksFrom(
  shared: Record<string, string>,
  config: ConfigFile,
  configFile: string,
  workspace: string,
  mode: Mode,
  target: TargetKind = 'compose',
): BenchmarkSettings[] {
  const needsScript = mode !== 'report'
  const needsStack = needsScript && target === 'compose'
  let benchmarks: BenchmarkSettings[]
  if (config.benchmarks.length > 0) {
    const benchmarkKeys: readonly string[] = inputNamesIn('benchmark')
    benchmarks = config.benchmarks.map((entry, index) => {
      const where = `${configFile} benchmarks[${index}]`
      const raw: Record<string, string> = { ...shared, name: '' }
      let thresholds: unknown = config.thresholds
      for (const [key, v] of Object.entries(entry)) {
        if (!benchmarkKeys.includes(key)) {
          throw new SettingsError(
            `${where}: unknown key '${key}' (expected one of ${benchmarkKeys.join(', ')})`,
          )
        }
        if (key === 'thresholds') {
          thresholds = v
          raw.thresholds = ''
        } else raw[key] = key === 'k6-env' ? envToLines(v, where) : scalar(v, `${where}.${key}`)
      }
      return benchmarkFrom(raw, thresholds, where, workspace, needsScript, needsStack)
    })
  } else if (mode === 'report' && !shared['k6-script']) {
    benchmarks = []
  } else {
    benchmarks = [benchmarkFrom(shared, config.thresholds, 'inputs', workspace, needsScript, needsStack)]
  }
  const names = benchmarks.map((b) => b.name)
  const duplicate = names.find((n, i) => names.indexOf(n) !== i)
  if (duplicate) throw new SettingsError(`Benchmark name '${duplicate}' is used twice: names must be unique`)
  return benchmarks
}

function benchmarkFrom(
  raw: Record<string, string>,
  rawThresholds: unknown,
  where: string,
  workspace: string,
  needsScript: boolean,
  needsStack: boolean,
): BenchmarkSettings {
  const input = (name: string) => (where === 'inputs' ? name : `${where} ${name}`)
  const k6Script = raw['k6-script'] ?? ''
  if (!k6Script) fail(input('k6-script'), '', 'the path of the k6 script to run')
  const script = relativeTo(workspace, input('k6-script'), k6Script, needsScript)
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
    raw['compose-file'] || builtInDefault('compose-file'),
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
