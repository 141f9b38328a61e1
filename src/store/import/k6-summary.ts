import { ALL_REQUESTS, CUSTOM_SERIES } from '../../model/metrics'
import { printable } from '../run-files'
import { addMetric, badFile, checkedKey, type ImportedRun, type ParsedImport } from './imported-run'

/** k6's trend statistics (milliseconds) as loadgate's latency metrics; min has no counterpart. */
const TREND_STATS: Record<string, string> = {
  med: 'p50',
  'p(50)': 'p50',
  'p(90)': 'p90',
  'p(95)': 'p95',
  'p(99)': 'p99',
  avg: 'mean',
  max: 'max',
}

/** k6's own metrics: any other is the script's custom metric. */
const BUILTIN =
  /^(http_|iteration|data_(sent|received)$|vus|checks$|group_duration$|ws_|grpc_|dropped_iterations$|browser_)/

type Values = Record<string, unknown>

const isObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `http_req_duration{name:GET /users}` → its metric and its tags ({} for the metric itself). */
function splitName(name: string): { metric: string; tags: Record<string, string> } | null {
  const match = /^([A-Za-z0-9_]{1,128})(?:\{(.*)\})?$/s.exec(name)
  if (!match) return null
  const tags: Record<string, string> = {}
  for (const part of match[2] ? match[2].split(',') : []) {
    const colon = part.indexOf(':')
    if (colon < 1) return null
    tags[part.slice(0, colon)] = part.slice(colon + 1)
  }
  return { metric: match[1]!, tags }
}

/** The series a submetric is of, as loadgate keys series (`<scenario> <METHOD> <name>`); null for other tags. */
function seriesOf(file: string, metricName: string, tags: Record<string, string>): string | null {
  const names = Object.keys(tags)
  if (names.length === 0) return ALL_REQUESTS
  if (!tags.name || names.some((tag) => !['name', 'method', 'scenario'].includes(tag))) return null
  const method = tags.method ?? ''
  const request = method && !tags.name.startsWith(`${method} `) ? `${method} ${tags.name}` : tags.name
  return checkedKey(file, `${tags.scenario ?? 'default'} ${request}`, `metric '${printable(metricName, 60)}'`)
}

function finiteOf(values: Values, stat: string): number | null {
  const value = values[stat]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** A custom metric's loadgate value: a trend's p95, a rate's fraction, a counter's rate, a gauge's value. */
function customValue(entry: Values, values: Values): number | null {
  const type = typeof entry.type === 'string' ? entry.type : ''
  if (type === 'trend' || (!type && 'p(95)' in values)) return finiteOf(values, 'p(95)')
  if (type === 'rate' || (!type && 'passes' in values))
    return finiteOf(values, 'rate') ?? finiteOf(values, 'value')
  if (type === 'counter' || (!type && 'count' in values)) return finiteOf(values, 'rate')
  return finiteOf(values, 'value')
}

/** Adds one metric of the summary to `run`; false when it has no loadgate counterpart. */
function addSummaryMetric(file: string, run: ImportedRun, name: string, entry: Values): boolean {
  const split = splitName(name)
  // handleSummary's data nests the numbers under `values`; --summary-export has them at the top.
  const values = isObject(entry.values) ? entry.values : entry
  if (!split) return false
  const { metric, tags } = split
  if (!BUILTIN.test(metric)) {
    const value = Object.keys(tags).length === 0 ? customValue(entry, values) : null
    if (value === null) return false
    addMetric(run, CUSTOM_SERIES, `custom:${metric}`, value)
    return true
  }
  const key = ['http_req_duration', 'http_reqs', 'http_req_failed'].includes(metric)
    ? seriesOf(file, name, tags)
    : null
  if (key === null) return false
  let added = false
  const add = (loadgate: string, value: number | null) => {
    if (value === null) return
    addMetric(run, key, loadgate, value)
    added = true
  }
  if (metric === 'http_req_duration')
    for (const [stat, loadgate] of Object.entries(TREND_STATS)) add(loadgate, finiteOf(values, stat))
  if (metric === 'http_reqs') add('throughput', finiteOf(values, 'rate'))
  // A Rate: `rate` in handleSummary's data, `value` in the export (both the failed fraction).
  if (metric === 'http_req_failed') add('error_rate', finiteOf(values, 'rate') ?? finiteOf(values, 'value'))
  return added
}

const EXPECTED = "expected k6's --summary-export JSON or handleSummary's data (an object with 'metrics')"

/**
 * A k6 end-of-test summary — `k6 run --summary-export` or the `data` handleSummary gets — as one
 * run of `commit` measured at `startedAt`. http_req_duration (all requests, and submetrics tagged
 * by name, method and scenario) gives the latency percentiles, http_reqs the throughput,
 * http_req_failed the error rate; the script's metrics become custom metrics. The rest is named
 * in `skipped`.
 */
export function parseK6Summary(
  file: string,
  json: unknown,
  commit: ImportedRun['commit'],
  startedAt: string,
): ParsedImport {
  if (!isObject(json) || !isObject(json.metrics)) throw badFile(file, EXPECTED)
  const run: ImportedRun = { commit, startedAt, series: [] }
  const skipped: string[] = []
  for (const [name, entry] of Object.entries(json.metrics)) {
    if (!isObject(entry)) throw badFile(file, `metric '${printable(name, 60)}' is not an object: ${EXPECTED}`)
    if (!addSummaryMetric(file, run, name, entry)) skipped.push(name)
  }
  if (!run.series.some((s) => s.key !== CUSTOM_SERIES))
    throw badFile(
      file,
      'holds no http_req_duration, http_reqs or http_req_failed: expected the summary of an HTTP test',
    )
  run.series.sort((a, b) => a.key.localeCompare(b.key))
  return { from: 'k6-summary', runs: [run], skipped: skipped.sort() }
}
