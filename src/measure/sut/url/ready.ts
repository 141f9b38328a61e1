import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { LoadgateError } from '../../../util/errors'
import { interruptSignal } from '../../cleanup'

const PROBE_INTERVAL_MS = 1000
const PROBE_TIMEOUT_MS = 5000

export interface ReadinessProbe {
  /** The arm's URL (the script's BASE_URL). */
  url: string
  /** Path appended to the URL, starting with '/'. */
  path: string
  timeoutSeconds: number
  /** Names the arm in messages, e.g. "the head target". */
  label: string
}

/** What one probe saw: an HTTP status, or why no response came. */
type Outcome = { status: number } | { unreachable: string }

/** One GET with node's own client: fetch refuses some ports ("bad port") a deployment may use. */
function probeOnce(url: string): Promise<Outcome> {
  const get = url.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const request = get(url, { method: 'GET', timeout: PROBE_TIMEOUT_MS }, (response) => {
      response.resume()
      resolve({ status: response.statusCode ?? 0 })
    })
    request.on('timeout', () => request.destroy(new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)))
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ unreachable: error.code ?? error.message }),
    )
    request.end()
  })
}

/**
 * Waits until GET <url><path> answers 2xx or 3xx. Fails with one line that tells an address that
 * never answered from one that answered but never became ready.
 */
export async function waitUntilReady(probe: ReadinessProbe): Promise<void> {
  const target = `${probe.url}${probe.path}`
  const deadline = Date.now() + probe.timeoutSeconds * 1000
  let last: Outcome
  for (;;) {
    last = await probeOnce(target)
    if ('status' in last && last.status >= 200 && last.status < 400) return
    const signal = interruptSignal()
    if (signal) throw new LoadgateError(`Interrupted by ${signal} while waiting for ${probe.label}`)
    const left = deadline - Date.now()
    if (left <= 0) break
    await new Promise((resolve) => setTimeout(resolve, Math.min(PROBE_INTERVAL_MS, left)))
  }
  const waited = `for ${probe.timeoutSeconds} s (ready-timeout)`
  if ('unreachable' in last) {
    throw new LoadgateError(
      `${capitalized(probe.label)} at ${probe.url} is unreachable: ${last.unreachable} ${waited}`,
    )
  }
  throw new LoadgateError(
    `${capitalized(probe.label)} at ${probe.url} never became ready: GET ${probe.path} answered ${last.status} ${waited}; ` +
      'ready-path must answer 2xx or 3xx',
  )
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
