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

/** parseArgs options for the settings of `loadgate COMMAND`. */
export function settingFlags(command: MeasureCommand): Record<string, { type: 'string' }> {
  return Object.fromEntries(
    commandSettings(command).map((input) => [input.name, { type: 'string' as const }]),
  )
}
