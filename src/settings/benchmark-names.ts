import { BENCHMARK_NAME } from '../model/names'
import { benchmarkName } from './benchmarks'
import { NO_CONFIG_FILE, readConfig } from './config-file'
import type { InputReader, SettingsContext } from './read-settings'

/**
 * The benchmark names settings that failed to load would have had, as far as they can be told
 * (same precedence: input, `benchmarks:` entry, loadgate.yml top level): the status contexts a
 * settings error is reported on. Names that cannot be told are left out.
 */
export function benchmarkNamesOf(read: InputReader, context: SettingsContext): string[] {
  const input = (name: string) => read(name).trim()
  let config = NO_CONFIG_FILE
  try {
    if (input('config')) config = readConfig(input('config'), context.workspace, context.cwd)
  } catch {
    return []
  }
  const entries = config.benchmarks.length > 0 ? config.benchmarks : [{}]
  const pick = (entry: Record<string, unknown>, key: string): string => {
    const value = entry[key]
    return input(key) || (typeof value === 'string' ? value : '') || config.shared[key] || ''
  }
  return entries
    .map((entry) => {
      const script = pick(entry, 'k6-script')
      return script || pick(entry, 'name') ? benchmarkName(pick(entry, 'name'), script) : ''
    })
    .filter((name) => BENCHMARK_NAME.test(name))
}
