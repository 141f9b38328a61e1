import { ALL_REQUESTS } from '../../../model/metrics'
import { withoutControlCharacters } from '../../../util/control-characters'
import type { CustomMetricTrial, CustomMetricType, SeriesTrial } from '../../../model/types'
import { forEachLine } from './lines'
import {
  addCustom,
  combine,
  customTrial,
  seriesTrial,
  trialWindowSeconds,
  type CustomAccumulator,
  type SeriesAccumulator,
} from './summarize'
import { ValueBuffer } from './values'

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

/** Metrics whose points are read; everything else is skipped without parsing the line. */
const NEEDED_BUILTINS = new Set(['http_req_duration', 'checks', 'iterations', 'dropped_iterations'])

export interface ParsedTrial {
  series: SeriesTrial[]
  custom: CustomMetricTrial[]
  iterations: number
  droppedIterations: number
  checks: { passes: number; fails: number }
  /** Seconds between the first and last kept point. */
  durationSeconds: number
  /** Points seen / kept, for diagnostics. */
  points: number
}

interface PointLine {
  data: { time: string; value: number; tags?: Record<string, string> | null }
}

interface MetricLine {
  data: { name: string; type: CustomMetricType }
}

const METRIC_MARKER = '"metric":"'
const POINT_PREFIX = Buffer.from('{"metric":"')
const QUOTE = 0x22

/** Name of the metric a k6 JSON line is about, found without parsing the line. */
function metricOf(line: string): string {
  const at = line.indexOf(METRIC_MARKER)
  if (at < 0) return ''
  const start = at + METRIC_MARKER.length
  return line.slice(start, line.indexOf('"', start))
}

/**
 * Reads one trial's `k6 run --out json=FILE.gz` output as a stream (gzip → lines) and summarises it
 * per series (scenario × method × name). Only the lines of needed metrics are JSON-parsed; memory
 * grows with the number of kept latency values, never with the file's size.
 */
export async function parseK6Output(
  file: string,
  options: { discardSeconds?: number } = {},
): Promise<ParsedTrial> {
  return summarizeK6Output(await readK6Output(file, options))
}

/** One k6 output read into per-series accumulators: what a trial is summarised from, and segments merge. */
export interface K6Output {
  series: Map<string, SeriesAccumulator>
  custom: Map<string, CustomAccumulator>
  iterations: number
  droppedIterations: number
  checks: { passes: number; fails: number }
  /** The window throughput is counted over (see trialWindowSeconds). */
  durationSeconds: number
  /** Seconds between the first and last kept point: a counter's rate is over it. */
  spanSeconds: number
  points: number
}

export async function readK6Output(
  file: string,
  options: { discardSeconds?: number } = {},
): Promise<K6Output> {
  const discardMs = (options.discardSeconds ?? 0) * 1000
  const series = new Map<string, SeriesAccumulator>()
  const byRawKey = new Map<string, SeriesAccumulator>()
  const custom = new Map<string, CustomAccumulator>()
  let iterations = 0
  let dropped = 0
  const checks = { passes: 0, fails: 0 }
  let firstTime = Number.NaN
  let keptFirst = Number.POSITIVE_INFINITY
  let keptLast = Number.NEGATIVE_INFINITY
  // Request start times (a point's time is when the request ended): see trialWindowSeconds.
  let firstStart = Number.POSITIVE_INFINITY
  let lastStart = Number.NEGATIVE_INFINITY
  let points = 0

  const handle = (line: string): void => {
    if (line.includes('"type":"Metric"')) {
      const metric = JSON.parse(line) as MetricLine
      if (!BUILTIN_METRICS.has(metric.data.name) && !custom.has(metric.data.name)) {
        custom.set(metric.data.name, {
          type: metric.data.type,
          values: new ValueBuffer(),
          sum: 0,
          nonZero: 0,
          count: 0,
          last: 0,
          min: Number.POSITIVE_INFINITY,
          max: Number.NEGATIVE_INFINITY,
        })
      }
      return
    }
    const metric = metricOf(line)
    const customMetric = custom.get(metric)
    if (!NEEDED_BUILTINS.has(metric) && !customMetric) {
      if (Number.isNaN(firstTime)) firstTime = pointTime(line)
      return
    }
    const point = JSON.parse(line) as PointLine
    const time = Date.parse(point.data.time)
    if (Number.isNaN(firstTime)) firstTime = time
    if (time < firstTime + discardMs) return
    points++
    if (time < keptFirst) keptFirst = time
    if (time > keptLast) keptLast = time
    const value = point.data.value
    const tags = point.data.tags ?? {}
    if (customMetric) {
      addCustom(customMetric, value)
    } else if (metric === 'http_req_duration') {
      const scenario = tags.scenario ?? 'default'
      const method = tags.method ?? ''
      const name = tags.name ?? tags.url ?? ''
      const rawKey = seriesKey(scenario, method, name)
      let acc = byRawKey.get(rawKey)
      if (!acc) {
        acc = seriesFor(series, scenario, method, name)
        byRawKey.set(rawKey, acc)
      }
      acc.requests++
      const start = time - value
      if (start < firstStart) firstStart = start
      if (start > lastStart) lastStart = start
      const status = withoutControlCharacters(tags.status ?? '0')
      acc.statusCodes[status] = (acc.statusCodes[status] ?? 0) + 1
      // A failed request's latency is not a latency.
      if (requestFailed(tags.expected_response, status)) acc.failed++
      else acc.latencies.push(value)
    } else if (metric === 'checks') {
      if (value) checks.passes++
      else checks.fails++
    } else if (metric === 'iterations') {
      iterations += value
    } else if (metric === 'dropped_iterations') {
      dropped += value
    }
  }

  // Fast path for k6's `{"metric":"NAME",…}` point lines: read the name from the bytes and decode
  // only the lines of metrics that are kept — most of a file is per-request timings nobody reads.
  await forEachLine(file, (buffer, start, end) => {
    if (buffer.compare(POINT_PREFIX, 0, POINT_PREFIX.length, start, start + POINT_PREFIX.length) === 0) {
      const nameEnd = buffer.indexOf(QUOTE, start + POINT_PREFIX.length)
      const name = buffer.toString('latin1', start + POINT_PREFIX.length, nameEnd)
      if (!NEEDED_BUILTINS.has(name) && !custom.has(name) && !Number.isNaN(firstTime)) return
    }
    handle(buffer.toString('utf8', start, end))
  })

  const spanSeconds = keptLast > keptFirst ? (keptLast - keptFirst) / 1000 : 0
  const requests = [...series.values()].reduce((sum, acc) => sum + acc.requests, 0)
  const durationSeconds =
    requests > 1 && lastStart > firstStart ? trialWindowSeconds(firstStart, lastStart, requests) : spanSeconds
  return {
    series,
    custom,
    iterations,
    droppedIterations: dropped,
    checks,
    durationSeconds,
    spanSeconds,
    points,
  }
}

export function summarizeK6Output(output: K6Output): ParsedTrial {
  const { series, custom, durationSeconds, spanSeconds } = output
  const perSeries = [...series.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return {
    series: [
      ...(perSeries.length > 0
        ? [seriesTrial(ALL_REQUESTS, combine(perSeries.map(([, acc]) => acc)), durationSeconds)]
        : []),
      ...perSeries.map(([key, acc]) => seriesTrial(key, acc, durationSeconds)),
    ],
    custom: [...custom.entries()]
      .filter(([, acc]) => acc.count > 0)
      .map(([name, acc]) => customTrial(withoutControlCharacters(name), acc, spanSeconds)),
    iterations: output.iterations,
    droppedIterations: output.droppedIterations,
    checks: output.checks,
    durationSeconds,
    points: output.points,
  }
}

/**
 * The accumulator of a request series. Tag values come from the script (a request's name): no
 * control character, a line break least of all, may reach a series key, a log or a report.
 */
function seriesFor(
  series: Map<string, SeriesAccumulator>,
  ...tags: [scenario: string, method: string, name: string]
): SeriesAccumulator {
  const [scenario, method, name] = tags.map((tag) => withoutControlCharacters(tag)) as [
    string,
    string,
    string,
  ]
  const key = seriesKey(scenario, method, name)
  let acc = series.get(key)
  if (!acc) {
    acc = { scenario, method, name, requests: 0, failed: 0, latencies: new ValueBuffer(), statusCodes: {} }
    series.set(key, acc)
  }
  return acc
}

/** `<scenario> <METHOD> <name>`; the method is not repeated when the name already starts with it. */
export function seriesKey(scenario: string, method: string, name: string): string {
  const request = method && !name.startsWith(`${method} `) ? `${method} ${name}` : name
  return `${scenario} ${request}`
}

/**
 * k6 tags every request with `expected_response` (the script's response callback, by default
 * 200–399). A script that turned the callback off (`http.setResponseCallback(null)`) gets no tag:
 * then k6's default applies — no response, or a status of 400 and above, is a failure.
 */
export function requestFailed(expectedResponse: string | undefined, status: string): boolean {
  if (expectedResponse !== undefined) return expectedResponse === 'false'
  const code = Number(status)
  return !(code >= 200 && code < 400)
}

function pointTime(line: string): number {
  const at = line.indexOf('"time":"')
  if (at < 0) return Number.NaN
  const start = at + 8
  return Date.parse(line.slice(start, line.indexOf('"', start)))
}
