import { historyAuthorization } from './history-settings'
import type { Settings } from './types'

/** k6-env names whose values are credentials: an auth header or token handed to the script. */
const SECRET_NAME = /TOKEN|SECRET|PASSW|AUTH|API_?KEY|COOKIE|CREDENTIAL|SESSION|PRIVATE|BEARER|HEADER/i

/**
 * The values to mask in logs: the GitHub token, the history token (and the header made of it), the notify webhook and every k6-env value whose name says it is a
 * credential (e.g. AUTH_HEADER). A secret of the workflow is masked by the runner already; one
 * read from loadgate.yml or composed around it ("Bearer …") is not, unless registered here.
 */
export function secretValues(settings: Settings): string[] {
  const values = new Set<string>()
  if (settings.githubToken) values.add(settings.githubToken)
  if (settings.history.token) {
    values.add(settings.history.token)
    const header = historyAuthorization(settings.history.token)
    values.add(header)
    values.add(header.split(' ').at(-1)!)
  }
  if (settings.notify.webhook) values.add(settings.notify.webhook)
  for (const bench of settings.benchmarks) {
    for (const [name, value] of Object.entries(bench.k6Env)) {
      if (SECRET_NAME.test(name) && value.trim()) values.add(value)
    }
  }
  return [...values]
}
