import { SettingsError } from '../util/errors'

/** The `accept-label` input: a GitHub label name (1 to 50 characters, one line). */
export function acceptLabel(input: string, value: string): string {
  if (!value || value.length > 50 || /[\r\n]/.test(value))
    throw new SettingsError(
      `Input '${input}' is '${value.slice(0, 60)}': expected a label name of 1 to 50 characters`,
    )
  return value
}

const BRANCH = /^(?!.*\.\.)(?!\/)(?!.*\/$)[A-Za-z0-9._/-]{1,100}$/

/** The `trusted-bases` input: branch names, comma- or space-separated (at most 20). */
export function trustedBases(input: string, value: string): string[] {
  const names = value.split(/[\s,]+/).filter(Boolean)
  const bad = names.find((name) => !BRANCH.test(name))
  if (bad !== undefined || names.length > 20)
    throw new SettingsError(
      `Input '${input}' is '${value.slice(0, 100)}': expected up to 20 branch names separated by commas ` +
        `(letters, digits, . _ - /)${bad === undefined ? '' : `, not '${bad.slice(0, 100)}'`}`,
    )
  return names
}
