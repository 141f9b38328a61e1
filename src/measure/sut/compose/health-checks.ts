import { inspectContainers } from './docker-inspect'

/**
 * A health check keeps running after start-up: every check is a `docker exec`, a process started
 * in the container, which the trial measures together with the requests. On the CPU-bound
 * reference service, 1-s checks added 16% to its CPU per request and 6–12% to its p95s, and widened
 * the rank noise of those p95s (docs/statistics.md). Checks this frequent or more are named once.
 */
export const FREQUENT_HEALTH_CHECK_SECONDS = 60

/** Docker's interval when a health check names none. */
const DEFAULT_INTERVAL_SECONDS = 30

export interface ServiceHealthCheck {
  service: string
  intervalSeconds: number
}

/** The health check intervals of running containers (compose file or image), by container id. */
export async function healthCheckIntervals(ids: readonly string[]): Promise<Map<string, number>> {
  const intervals = new Map<string, number>()
  const checks = await inspectContainers(ids, '{{json (index .Config "Healthcheck")}}')
  for (const [id, json] of checks) {
    const check = JSON.parse(json || 'null') as { Test?: string[]; Interval?: number } | null
    if (!check?.Test?.length || check.Test[0] === 'NONE') continue
    intervals.set(id, check.Interval ? check.Interval / 1e9 : DEFAULT_INTERVAL_SECONDS)
  }
  return intervals
}

/** Whether a service's checks come often enough to be named. */
export const isFrequent = (check: ServiceHealthCheck) => check.intervalSeconds < FREQUENT_HEALTH_CHECK_SECONDS

/**
 * What to say of health checks that run during the trials; null when none is frequent. A start
 * does not wait for the engine's checks (service-readiness.ts), so on every engine the fix is a
 * long interval.
 */
export function frequentHealthCheckNote(checks: readonly ServiceHealthCheck[]): string | null {
  const frequent = checks.filter(isFrequent)
  if (frequent.length === 0) return null
  const each = frequent.map((c) => `'${c.service}' (every ${formatSeconds(c.intervalSeconds)})`).join(', ')
  const one = frequent.length === 1
  return (
    `${one ? 'service' : 'services'} ${each} ${one ? 'checks its' : 'check their'} health during the trials too: ` +
    'each check starts a process in the container, measured with the requests and delaying some of them ' +
    "(slower tails, more noise); loadgate runs a starting service's check itself, so a long interval " +
    '(interval: 5m) keeps the checks out of the trials without slowing any start (docs/setup.md)'
  )
}

function formatSeconds(seconds: number): string {
  return Number.isInteger(seconds) ? `${seconds} s` : `${Number(seconds.toFixed(3))} s`
}
