import { SettingsError } from '../util/errors'

/** Where loadgate tells a team beyond the shift issues themselves. */
export interface NotifySettings {
  /** The webhook's URL (a secret: never logged, never in an error); '' for none. */
  webhook: string
  /** `@login` and `@org/team` mentioned on every shift issue, as written (with the `@`). */
  cc: string[]
  /** How long one delivery may take before it is abandoned (and retried once). */
  timeoutMs: number
}

export const WEBHOOK_TIMEOUT_MS = 10_000

/** GitHub's login rules: letters, digits and single hyphens, neither first nor last, at most 39. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/
/** A team's slug as GitHub makes it from the team's name. */
const TEAM_SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/** The `notify-webhook` input: an http(s) URL. Its value is a secret, so no error quotes it. */
export function parseWebhook(input: string, value: string): string {
  if (!value) return ''
  const url = URL.parse(value)
  if (!url || !/^https?:$/.test(url.protocol))
    throw new SettingsError(
      `Input '${input}' is not an http(s) URL: expected the webhook's address, e.g. from a secret (its value is not shown)`,
    )
  return value
}

/**
 * The `cc` input: `@login` or `@org/team`, separated by commas or spaces (the `@` may be left out,
 * as YAML needs it quoted). A bad name is a one-line error naming it.
 */
export function parseCc(input: string, value: string): string[] {
  const names = value.split(/[\s,]+/).filter(Boolean)
  const mentions = names.map((name) => {
    const bare = name.replace(/^@/, '')
    const [login, team, ...rest] = bare.split('/')
    const valid = LOGIN.test(login ?? '') && rest.length === 0 && (team === undefined || TEAM_SLUG.test(team))
    if (!valid)
      throw new SettingsError(
        `Input '${input}' has '${name.slice(0, 60)}': expected @login or @org/team (a GitHub login: ` +
          'letters, digits and single hyphens, at most 39)',
      )
    return `@${bare}`
  })
  return [...new Set(mentions)]
}
