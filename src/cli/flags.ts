import { SettingsError } from '../util/errors'
import { inputsIn } from '../settings/input-lookup'
import type { InputSpec } from '../settings/inputs'

export type MeasureCommand = 'compare' | 'record' | 'calibrate'

/** Settings a command has no use for: its help leaves them out and its flags refuse them. */
const UNUSED: Record<MeasureCommand, readonly string[]> = {
  compare: ['retention', 'calibrate-budget'],
  // record measures the head alone and stores it; calibrate measures the head against itself.
  record: ['baseline', 'base-url', 'calibrate-budget'],
  calibrate: ['baseline', 'base-url', 'fail-on', 'gh-pages-branch', 'data-dir', 'retention'],
}

/** The settings `loadgate COMMAND` takes as --flags, in the inputs table's order. */
export function commandSettings(command: MeasureCommand): InputSpec[] {
  return inputsIn('cli').filter((input) => !UNUSED[command].includes(input.name))
}

/**
 * parseArgs options for the settings of `loadgate COMMAND`. Every one may be given more than once, so
 * that flagValues can add up the line-list ones and refuse a repeat of the others (parseArgs alone
 * keeps the last).
 */
export function settingFlags(command: MeasureCommand): Record<string, { type: 'string'; multiple: true }> {
  return Object.fromEntries(
    commandSettings(command).map((input) => [
      input.name,
      { type: 'string' as const, multiple: true as const },
    ]),
  )
}

/** Settings that hold one item per line: each repeat of their flag adds its lines. */
export const LINE_LIST_FLAGS: readonly string[] = ['k6-env', 'thresholds', 'erratic']

/**
 * parseArgs' values with every repeat settled: `--k6-env A=1 --k6-env B=2` is the lines `A=1` and
 * `B=2`; a repeat of a flag that holds one value (`--max-rounds 20 --max-rounds 30`) is refused.
 */
export function flagValues(values: Record<string, unknown>): Record<string, string | boolean | undefined> {
  const settled: Record<string, string | boolean | undefined> = {}
  for (const [name, value] of Object.entries(values)) {
    if (!Array.isArray(value)) {
      settled[name] = value as string | boolean | undefined
      continue
    }
    const given = value.map(String)
    if (given.length > 1 && !LINE_LIST_FLAGS.includes(name))
      throw new SettingsError(
        `Flag '--${name}' is given ${given.length} times ('${given.join("', '")}'): expected it once ` +
          `(only ${LINE_LIST_FLAGS.map((flag) => `--${flag}`).join(', ')} add up)`,
      )
    settled[name] = given.join('\n')
  }
  return settled
}
