import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'
import { ALL_REQUESTS } from '../../../model/metrics'
import {
  type CustomMetricTrial,
  type CustomMetricType,
  type LatencySummary,
  type SeriesTrial,
} from '../../../model/types'
import { percentile, sortedValues, ValueBuffer } from './values'

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

interface SeriesAccumulator {
  scenario: string
  method: string
  name: string
  requests: number
  failed: number
  latencies: ValueBuffer
  statusCodes: Record<string, number>
}

interface CustomAccumulator {
  type: CustomMetricType
  values: ValueBuffer
  sum: number
  nonZero: number
  count: number
  last: number
  min: number
  max: number
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
const NEWLINE = 0x0a

/** Name of the metric a k6 JSON line is about, found without parsing the line. */
function metricOf(line: string): string {
  const at = line.indexOf(METRIC_MARKER)
  if (at < 0) return ''
  const start = at + METRIC_MARKER.length
  return line.slice(start, line.indexOf('"', start))
}

export function latencySummary(values: Float64Array): LatencySummary | null {
  if (values.length === 0) return null
  let sum = 0
  for (const v of values) sum += v
  return {
    count: values.length,
    p50: percentile(values, 0.5),
    p90: percentile(values, 0.9),
    p95: percentile(values, 0.95),
    p99: percentile(values, 0.99),
    mean: sum / values.length,
    min: values[0]!,
    max: values[values.length - 1]!,
  }
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
  const discardMs = (options.discardSeconds ?? 0) * 1000
  const series = new Map<string, SeriesAccumulator>()
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
      const key = seriesKey(scenario, method, name)
      let acc = series.get(key)
      if (!acc) {
        acc = {
          scenario,
          method,
          name,
          requests: 0,
          failed: 0,
          latencies: new ValueBuffer(),
          statusCodes: {},
        }
        series.set(key, acc)
      }
      acc.requests++
      const start = time - value
      if (start < firstStart) firstStart = start
      if (start > lastStart) lastStart = start
      const status = tags.status ?? '0'
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
      .map(([name, acc]) => customTrial(name, acc, spanSeconds)),
    iterations,
    droppedIterations: dropped,
    checks,
    durationSeconds,
    points,
  }
}

/** `<scenario> <METHOD> <name>`; the method is not repeated when the name already starts with it. */
export function seriesKey(scenario: string, method: string, name: string): string {
  const request = method && !name.startsWith(`${method} `) ? `${method} ${name}` : name
  return `${scenario} ${request}`
}

/** Every request of the trial together: where throughput is judged under an open model. */
function combine(parts: SeriesAccumulator[]): SeriesAccumulator {
  const all: SeriesAccumulator = {
    scenario: '',
    method: '',
    name: ALL_REQUESTS,
    requests: 0,
    failed: 0,
    latencies: new ValueBuffer(),
    statusCodes: {},
  }
  for (const part of parts) {
    all.requests += part.requests
    all.failed += part.failed
    for (const value of part.latencies.view()) all.latencies.push(value)
    for (const [code, count] of Object.entries(part.statusCodes))
      all.statusCodes[code] = (all.statusCodes[code] ?? 0) + count
  }
  return all
}

/**
 * The window throughput is counted over: from the first request's start to the last one's, plus
 * one mean gap between starts (n starts span n − 1 gaps). Not the span of the points' times: a
 * point is written when its request ends, so requests still in flight when the load stops (a
 * stalled one, a long poll) would stretch the window and lower the rate of a service that served
 * every request it was sent.
 */
function trialWindowSeconds(firstStart: number, lastStart: number, requests: number): number {
  return ((lastStart - firstStart) * requests) / (requests - 1) / 1000
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

function addCustom(acc: CustomAccumulator, value: number): void {
  acc.count++
  acc.sum += value
  if (value !== 0) acc.nonZero++
  acc.last = value
  if (value < acc.min) acc.min = value
  if (value > acc.max) acc.max = value
  if (acc.type === 'trend') acc.values.push(value)
}

function seriesTrial(key: string, acc: SeriesAccumulator, durationSeconds: number): SeriesTrial {
  return {
    key,
    scenario: acc.scenario,
    method: acc.method,
    name: acc.name,
    requests: acc.requests,
    failed: acc.failed,
    throughput: durationSeconds > 0 ? acc.requests / durationSeconds : 0,
    errorRate: acc.requests > 0 ? acc.failed / acc.requests : 0,
    latency: latencySummary(sortedValues(acc.latencies)),
    statusCodes: acc.statusCodes,
  }
}

/**
 * A Counter's rate is over `spanSeconds`, the span of all the trial's points: a counter counts
 * events when they happen (a job completing after its producer's last request started), so its
 * count belongs to the whole span, not to the window of request starts that throughput uses.
 */
function customTrial(name: string, acc: CustomAccumulator, spanSeconds: number): CustomMetricTrial {
  switch (acc.type) {
    case 'trend': {
      const summary = latencySummary(sortedValues(acc.values))
      return { name, type: acc.type, values: { ...summary } as Record<string, number> }
    }
    case 'rate':
      return { name, type: acc.type, values: { value: acc.nonZero / acc.count, count: acc.count } }
    case 'counter':
      return {
        name,
        type: acc.type,
        values: { value: acc.sum, rate: spanSeconds > 0 ? acc.sum / spanSeconds : 0 },
      }
    case 'gauge':
      return { name, type: acc.type, values: { value: acc.last, min: acc.min, max: acc.max } }
  }
}

/** Calls `handle` with each line's byte range of a gzip (or plain) file, streaming; nothing is decoded here. */
export async function forEachLine(
  file: string,
  handle: (buffer: Buffer, start: number, end: number) => void,
): Promise<void> {
  const source = createReadStream(file, { highWaterMark: 1 << 20 })
  let stream: NodeJS.ReadableStream = source
  if (file.endsWith('.gz')) {
    const gunzip = createGunzip({ chunkSize: 1 << 20 })
    // pipe() does not forward the source's errors (a missing file): pass them on.
    source.on('error', (error) => gunzip.destroy(error))
    stream = source.pipe(gunzip)
  }
  let rest: Buffer | null = null
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const buffer: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk
    let start = 0
    let end = buffer.indexOf(NEWLINE, start)
    while (end >= 0) {
      if (end > start) handle(buffer, start, end)
      start = end + 1
      end = buffer.indexOf(NEWLINE, start)
    }
    rest = start < buffer.length ? buffer.subarray(start) : null
  }
  if (rest) handle(rest, 0, rest.length)
}
