import { SettingsError } from '../util/errors'
import { keyLabel, mappingInput, unknownKeyMessage, type ConfigFile } from './config-values'
import { inputNamesIn } from './input-lookup'
import type { InputName } from './inputs'
import { thresholdProblems } from './thresholds'
import { valueRule } from './value-rules'

/** The problems of one check, as messages (none when it passes). */
function problemsOf(check: () => unknown): string[] {
  try {
    check()
    return []
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error
    return [error.message]
  }
}

/**
 * max-rounds below min-rounds, both set in the file (against a default, readSettings blames the one
 * set, once it knows no flag sets the other).
 */
function roundsProblems(config: ConfigFile, file: string): string[] {
  const { 'min-rounds': min, 'max-rounds': max } = config.shared
  if (min === undefined || max === undefined || !(Number(min) > Number(max))) return []
  return [
    `Input '${keyLabel(config, file, ['max-rounds'])}' is '${max}': expected at least min-rounds (${min})`,
  ]
}

/** Every value of one benchmarks entry that its setting refuses, and every key it does not know. */
function benchmarkProblems(config: ConfigFile, file: string, index: number): string[] {
  const entry = config.benchmarks[index]!
  const known: readonly string[] = inputNamesIn('benchmark')
  return Object.entries(entry).flatMap(([key, value]) => {
    const label = keyLabel(config, file, ['benchmarks', index, key])
    if (!known.includes(key))
      return [
        unknownKeyMessage(
          `${file} benchmarks[${index}]`,
          config.lineOf(['benchmarks', index, key]),
          key,
          known,
        ),
      ]
    if (key === 'thresholds')
      return thresholdProblems(value, (i) =>
        keyLabel(config, file, ['benchmarks', index, key, ...(i === null ? [] : [i])]),
      )
    return problemsOf(() => valueRule(key as InputName).check(label, mappingInput(key, value, label)))
  })
}

/**
 * Every problem of a parsed loadgate.yml's values, each naming its key and line: the checks
 * readSettings makes, made on the whole file at once, before anything runs.
 */
export function configProblems(config: ConfigFile, file: string): string[] {
  const shared = Object.entries(config.shared).flatMap(([key, text]) =>
    problemsOf(() => valueRule(key as InputName).check(keyLabel(config, file, [key]), text)),
  )
  const thresholds =
    config.thresholds === undefined
      ? []
      : thresholdProblems(config.thresholds, (i) =>
          keyLabel(config, file, ['thresholds', ...(i === null ? [] : [i])]),
        )
  const benchmarks = config.benchmarks.flatMap((_, index) => benchmarkProblems(config, file, index))
  return [...shared, ...roundsProblems(config, file), ...thresholds, ...benchmarks]
}
