import { median } from './stats/basic'

/** One request's latency as the load generator reported it, while the warm-up runs. */
export interface LatencyPoint {
  /** Epoch milliseconds the request ended. */
  at: number
  ms: number
  /** The request's series (name and method): mixes of endpoints are compared series by series. */
  key: string
}

/**
 * When a warm-up is steady: 1-s windows, the first second (connections opening) left out; the
 * median of the last `compared` windows against the median of the `compared` before them. Each
 * request is taken relative to its own series' median, so a random mix of fast and slow endpoints
 * does not move a window. A window with fewer than `minRequests` requests tells nothing yet.
 */
export const STEADY_RULE = { windowMs: 1000, compared: 3, tolerance: 0.02, minRequests: 5 } as const

/** The shortest warm-up the rule can end: the first second, then two sets of compared windows. */
export const STEADY_FLOOR_SECONDS = (1 + 2 * STEADY_RULE.compared) * (STEADY_RULE.windowMs / 1000)

export interface Steadiness {
  steady: boolean
  /** Change between the two sets of windows (a ratio − 1); null until both sets are complete. */
  drift: number | null
  /** Seconds of the warm-up the verdict rests on (complete windows from its start). */
  seconds: number
}

/** Whether the latencies since `startAt` have stopped drifting, by STEADY_RULE. */
export function steadiness(points: readonly LatencyPoint[], startAt: number): Steadiness {
  const { windowMs, compared, tolerance } = STEADY_RULE
  const latest = points.reduce((max, p) => Math.max(max, p.at), startAt)
  const complete = Math.floor((latest - startAt) / windowMs)
  const seconds = (complete * windowMs) / 1000
  const windows = windowValues(points, startAt, complete)
  if (windows.length < 1 + 2 * compared) return { steady: false, drift: null, seconds }
  const last = windows.slice(-compared)
  const before = windows.slice(-2 * compared, -compared)
  if ([...last, ...before].some((v) => v === null)) return { steady: false, drift: null, seconds }
  const drift = Math.exp(median(last as number[])! - median(before as number[])!) - 1
  return { steady: Math.abs(drift) <= tolerance, drift, seconds }
}

/**
 * Per complete window, the median of log(latency / its series' median); null for a window with
 * too few requests. Window 0 is kept in the list (callers skip it by needing one more window).
 */
function windowValues(points: readonly LatencyPoint[], startAt: number, complete: number) {
  const usable = points.filter((p) => p.ms > 0 && p.at >= startAt)
  const bySeries = new Map<string, number[]>()
  for (const p of usable) {
    const logs = bySeries.get(p.key) ?? []
    logs.push(Math.log(p.ms))
    bySeries.set(p.key, logs)
  }
  const centre = new Map([...bySeries].map(([key, logs]) => [key, median(logs)!]))
  const windows: number[][] = Array.from({ length: complete }, () => [])
  for (const p of usable) {
    const index = Math.floor((p.at - startAt) / STEADY_RULE.windowMs)
    if (index < complete) windows[index]!.push(Math.log(p.ms) - centre.get(p.key)!)
  }
  return windows.map((values) => (values.length >= STEADY_RULE.minRequests ? median(values)! : null))
}
