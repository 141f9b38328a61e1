import { forEachLine, type LineLimits } from './lines'
import { newPointScan, scanName, scanPoint } from './scan'
import {
  newCustomAccumulator,
  summarizeK6Output,
  TrialAccumulator,
  type K6Output,
  type ParsedTrial,
  type PointKind,
  type RequestTags,
} from './trial-accumulator'
import type { CustomAccumulator } from './summarize'
import type { CustomMetricType } from '../../../model/types'

export {
  requestFailed,
  seriesKey,
  summarizeK6Output,
  type K6Output,
  type ParsedTrial,
} from './trial-accumulator'

/** k6's own metrics; any other declared metric is the script's custom metric. */
const BUILTIN_METRICS = new Set([
  'http_reqs',
  'http_req_duration',
  'http_req_blocked',
  'http_req_connecting',
  'http_req_tls_handshaking',
  'http_req_sending',
  'http_req_waiting',
  'http_req_receiving',
  'http_req_failed',
  'iterations',
  'iteration_duration',
  'dropped_iterations',
  'data_sent',
  'data_received',
  'vus',
  'vus_max',
  'checks',
  'group_duration',
  'ws_connecting',
  'ws_msgs_sent',
  'ws_msgs_received',
  'ws_ping',
  'ws_session_duration',
  'ws_sessions',
  'grpc_req_duration',
  'grpc_streams',
  'grpc_streams_msgs_received',
  'grpc_streams_msgs_sent',
])

const DURATION = 'http_req_duration'
type Kind = PointKind | typeof DURATION

/** Distinct tag sets remembered; a script that tags every request differently only loses the shortcut. */
const TAG_CACHE_LIMIT = 4096

type K6Line =
  | { type: 'Metric'; data: { name: string; type: CustomMetricType } }
  | {
      type: 'Point'
      metric: string
      data: { time: string; value: number; tags?: Record<string, string> | null }
    }

/** The metrics whose points are read, found by name or by the name's bytes. */
class ReadMetrics {
  readonly byName = new Map<string, Kind>([
    [DURATION, DURATION],
    ['checks', 'checks'],
    ['iterations', 'iterations'],
    ['dropped_iterations', 'dropped_iterations'],
  ])
  private bytes: Array<{ name: Buffer; kind: Kind }> = []
  readonly custom = new Map<string, CustomAccumulator>()

  constructor() {
    for (const [name, kind] of this.byName) this.bytes.push({ name: Buffer.from(name), kind })
  }

  declare(name: string, type: CustomMetricType): void {
    if (BUILTIN_METRICS.has(name) || this.custom.has(name)) return
    const acc = newCustomAccumulator(type)
    this.custom.set(name, acc)
    this.byName.set(name, acc)
    this.bytes.push({ name: Buffer.from(JSON.stringify(name).slice(1, -1)), kind: acc })
  }

  find(buffer: Buffer, start: number, end: number): Kind | undefined {
    const length = end - start
    for (const { name, kind } of this.bytes) {
      if (name.length !== length) continue
      let i = 0
      while (i < length && buffer[start + i] === name[i]) i++
      if (i === length) return kind
    }
    return undefined
  }
}

/**
 * Reads one trial's `k6 run --out json=FILE.gz` output as a stream (gzip → lines) and summarises it
 * per series (scenario × method × name). Point lines are read from their bytes (see scan.ts): the
 * metric's name first, and only the points of metrics that are read go further; each distinct tag
 * set is JSON-parsed once. Lines of any other shape are JSON-parsed. `scan: false` JSON-parses
 * every line — the plain reading, kept to check the scanner against. Memory grows with the number
 * of kept latency values, never with the file's size.
 */
export async function parseK6Output(
  file: string,
  options: { discardSeconds?: number; scan?: boolean; runSeconds?: number; activeShare?: number } = {},
): Promise<ParsedTrial> {
  return summarizeK6Output(onlyActive(await readK6Output(file, options), options.activeShare))
}

/**
 * Alternating: the arm's load was on in `share` of the trial's span (its slices), so its requests
 * and counts are rates over that share of the window, not over all of it.
 */
function onlyActive(output: K6Output, share: number | undefined): K6Output {
  if (share === undefined || !(share > 0 && share < 1)) return output
  return {
    ...output,
    durationSeconds: output.durationSeconds * share,
    spanSeconds: output.spanSeconds * share,
  }
}

/** One k6 output read into per-series accumulators: what a trial is summarised from, and segments merge. */
export async function readK6Output(
  file: string,
  options: { discardSeconds?: number; scan?: boolean; limits?: LineLimits; runSeconds?: number } = {},
): Promise<K6Output> {
  const metrics = new ReadMetrics()
  const trial = new TrialAccumulator((options.discardSeconds ?? 0) * 1000, metrics.custom)
  const tagCache = new Map<string, RequestTags>()
  const scan = newPointScan()
  const scanning = options.scan !== false

  const requestTags = (buffer: Buffer): RequestTags => {
    if (scan.tagsStart < 0) return trial.requestTags({})
    const raw = buffer.toString('latin1', scan.tagsStart, scan.tagsEnd)
    let tags = tagCache.get(raw)
    if (!tags) {
      if (tagCache.size >= TAG_CACHE_LIMIT) tagCache.clear()
      tags = trial.requestTags(JSON.parse(buffer.toString('utf8', scan.tagsStart, scan.tagsEnd)))
      tagCache.set(raw, tags)
    }
    return tags
  }

  const parsed = (line: K6Line): void => {
    if (line.type === 'Metric') return metrics.declare(line.data.name, line.data.type)
    if (line.type !== 'Point') return
    const kind = metrics.byName.get(line.metric)
    const time = Date.parse(line.data.time)
    if (kind === undefined) trial.sawTime(time)
    else if (kind === DURATION) trial.request(time, line.data.value, trial.requestTags(line.data.tags ?? {}))
    else trial.point(kind, time, line.data.value)
  }

  await forEachLine(
    file,
    (buffer, start, end) => {
      if (scanning && scanName(buffer, start, end, scan)) {
        const kind = metrics.find(buffer, scan.nameStart, scan.nameEnd)
        if (kind === undefined && trial.started) return
        if (scanPoint(buffer, end, scan)) {
          if (kind === undefined) trial.sawTime(scan.time)
          else if (kind === DURATION) trial.request(scan.time, scan.value, requestTags(buffer))
          else trial.point(kind, scan.time, scan.value)
          return
        }
      }
      const text = buffer.toString('utf8', start, end)
      let line: K6Line
      try {
        line = JSON.parse(text) as K6Line
      } catch (error) {
        // A line cut short (k6 killed mid-write) matters only when it holds a point that is read.
        if (/^\{"type":"Metric"/.test(text) || metrics.byName.has(metricOf(text))) throw error
        return
      }
      parsed(line)
    },
    options.limits,
  )
  return withinRun(trial.output(), options.runSeconds)
}

/**
 * The points' times are the system clock's: a step of it during a trial (an NTP correction) would
 * stretch the window and lower every rate. No window is longer than the load generator's own run,
 * timed on a monotonic clock (`runSeconds`).
 */
function withinRun(output: K6Output, runSeconds: number | undefined): K6Output {
  if (runSeconds === undefined || !(runSeconds > 0)) return output
  return {
    ...output,
    durationSeconds: Math.min(output.durationSeconds, runSeconds),
    spanSeconds: Math.min(output.spanSeconds, runSeconds),
  }
}

function metricOf(line: string): string {
  return /"metric":"([^"]*)"/.exec(line)?.[1] ?? ''
}
