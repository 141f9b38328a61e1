import type { Arm, BaselineKind } from '../model/types'
import type { RunMode } from './run-mode'
import { SettingsError } from '../util/errors'
import { fail, oneOf, parseDuration } from './values'

/** Where the arms run: Compose stacks built here, or two environments deployed elsewhere. */
export type TargetSettings =
  | { kind: 'compose' }
  | {
      kind: 'url'
      /** Each arm's address from base-url/head-url; an arm without one is deployed by `deploy`. */
      urls: Partial<Record<Arm, string>>
      /** Shell command run once per arm that prints the arm's URL as its last line of output. */
      deploy: string
      /** Shell command run once per deployed arm when its trials are over. */
      teardown: string
      /** Path probed until it answers 2xx or 3xx before the arm is measured. */
      readyPath: string
      readyTimeoutSeconds: number
    }

export type TargetKind = TargetSettings['kind']

/** Reads one target input by name ('' when unset). */
type TargetValue = (
  name: 'target' | 'base-url' | 'head-url' | 'deploy' | 'teardown' | 'ready-path' | 'ready-timeout',
) => string

/** The arms a run measures: both for a rerun comparison, the head alone against stored runs or to record. */
function measuredArms(mode: RunMode, baseline: BaselineKind): Arm[] {
  if (mode === 'report' || mode === 'merge' || mode === 'announce' || mode === 'skip') return []
  if (mode === 'calibrate') return ['base', 'head']
  return mode === 'record' || baseline === 'stored' ? ['head'] : ['base', 'head']
}

export function targetFrom(value: TargetValue, mode: RunMode, baseline: BaselineKind): TargetSettings {
  const arms = measuredArms(mode, baseline)
  const kind = oneOf<TargetKind>('target', value('target'), ['compose', 'url'])
  if (kind === 'compose') {
    for (const name of ['base-url', 'head-url', 'deploy', 'teardown'] as const) {
      if (value(name))
        throw new SettingsError(
          `Input '${name}' is set but 'target' is 'compose': expected 'target: url' with it`,
        )
    }
    return { kind }
  }
  const deploy = value('deploy')
  const urls: Partial<Record<Arm, string>> = {}
  for (const arm of ['base', 'head'] as const) {
    const input = `${arm}-url` as const
    const text = value(input)
    if (text) urls[arm] = targetUrl(input, text)
    else if (arms.includes(arm) && !deploy)
      fail(input, '', `the ${arm} environment's http:// or https:// URL, or a deploy command (target: url)`)
  }
  const teardown = value('teardown')
  if (teardown && !deploy) fail('teardown', teardown, "a 'deploy' command whose environments it removes")
  const readyPath = value('ready-path')
  if (!readyPath.startsWith('/') || /\s/.test(readyPath))
    fail('ready-path', readyPath, "a path starting with '/' such as /health")
  const readyTimeoutSeconds = parseDuration('ready-timeout', value('ready-timeout'))
  if (readyTimeoutSeconds < 1) fail('ready-timeout', value('ready-timeout'), 'at least one second')
  return { kind, urls, deploy, teardown, readyPath, readyTimeoutSeconds }
}

/**
 * An http(s) URL without credentials, trailing slash removed. A URL with credentials is refused
 * without repeating it: the message must not carry the password into a log.
 */
export function targetUrl(input: string, text: string): string {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return fail(input, text, 'an http:// or https:// URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(input, text, 'an http:// or https:// URL')
  if (url.username || url.password) {
    throw new SettingsError(
      `Input '${input}' holds credentials (user:password@): expected a URL without them; ` +
        'pass an auth header to the script through k6-env from a secret',
    )
  }
  return text.trim().replace(/\/+$/, '')
}

/** The address the results record: scheme, host and path, never a query (it may carry a token). */
export function recordedAddress(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '')
}
