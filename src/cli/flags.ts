import { inputsIn } from '../settings/input-lookup'

/** parseArgs options for the settings `loadgate compare` and `loadgate record` accept as --flags. */
export function settingFlags(): Record<string, { type: 'string' }> {
  return Object.fromEntries(inputsIn('cli').map((input) => [input.name, { type: 'string' as const }]))
}
