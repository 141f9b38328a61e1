import { SettingsError } from '../util/errors'

/** The `accept-label` input: a GitHub label name (1 to 50 characters, one line). */
export function acceptLabel(input: string, value: string): string {
  if (!value || value.length > 50 || /[\r\n]/.test(value))
    throw new SettingsError(
      `Input '${input}' is '${value.slice(0, 60)}': expected a label name of 1 to 50 characters`,
    )
  return value
}
