import { ALL_REQUESTS } from '../../../model/metrics'
import { withoutControlCharacters } from '../../../util/control-characters'
import type { CustomMetricTrial, CustomMetricType, SeriesTrial } from '../../../model/types'
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

/** What a request point's tags decide: its series, its status and whether it failed. */
export interface RequestTags {
  series: SeriesAccumulator
  status: string
  failed: boolean
}

export type PointKind = 'checks' | 'iterations' | 'dropped_iterations' | CustomAccumulator

export function newCustomAccumulator(type: CustomMetricType): CustomAccumulator {
  return {
    type,
    values: new ValueBuffer(),
    sum: 0,
    nonZero: 0,
    count: 0,
    last: 0,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
  }
}

/** One trial's points, summarised as they come; the first `discardMs` after the first point are left out. */
export class TrialAccumulator {
  private readonly series = new Map<string, SeriesAccumulator>()
  private readonly byRawKey = new Map<string, SeriesAccumulator>()
  private iterations = 0
  private dropped = 0
  private readonly checks = { passes: 0, fails: 0 }
  private firstTime = Number.NaN
  private keptFirst = Number.POSITIVE_INFINITY
  private keptLast = Number.NEGATIVE_INFINITY
  // Request start times (a point's time is when the request ended): see trialWindowSeconds.
  private firstStart = Number.POSITIVE_INFINITY
  private lastStart = Number.NEGATIVE_INFINITY
  private points = 0

  constructor(
    private readonly discardMs: number,
    private readonly custom: Map<string, CustomAccumulator>,
  ) {}

  /** Whether the first point's time, where the discarded window starts, is known. */
  get started(): boolean {
    return !Number.isNaN(this.firstTime)
  }

  /** A point of a metric nobody reads: only its time can matter, when it is the first. */
  sawTime(time: number): void {
    if (Number.isNaN(this.firstTime)) this.firstTime = time
  }

  private keep(time: number): boolean {
    if (Number.isNaN(this.firstTime)) this.firstTime = time
    // k6 does not write its points in time order: one timed a little before the first point read
    // is still the trial's, unless a discarded window is asked for.
    if (this.discardMs > 0 && time < this.firstTime + this.discardMs) return false
    this.points++
    if (time < this.keptFirst) this.keptFirst = time
    if (time > this.keptLast) this.keptLast = time
    return true
  }

  request(time: number, value: number, tags: RequestTags): void {
    if (!this.keep(time)) return
    const acc = tags.series
    acc.requests++
    const start = time - value
    if (start < this.firstStart) this.firstStart = start
    if (start > this.lastStart) this.lastStart = start
    acc.statusCodes[tags.status] = (acc.statusCodes[tags.status] ?? 0) + 1
    // A failed request's latency is not a latency.
    if (tags.failed) acc.failed++
    else acc.latencies.push(value)
  }

  point(kind: PointKind, time: number, value: number): void {
    if (!this.keep(time)) return
    if (kind === 'checks') {
      if (value) this.checks.passes++
      else this.checks.fails++
    } else if (kind === 'iterations') {
      this.iterations += value
    } else if (kind === 'dropped_iterations') {
      this.dropped += value
    } else {
      addCustom(kind, value)
    }
  }

  /** The series, status and outcome of a request point from its tags (k6's names: see requestFailed). */
  requestTags(tags: Record<string, string>): RequestTags {
    const scenario = tags.scenario ?? 'default'
    const method = tags.method ?? ''
    const name = tags.name ?? tags.url ?? ''
    const rawKey = seriesKey(scenario, method, name)
    let series = this.byRawKey.get(rawKey)
    if (!series) {
      series = this.seriesFor(scenario, method, name)
      this.byRawKey.set(rawKey, series)
    }
    const status = withoutControlCharacters(tags.status ?? '0')
    return { series, status, failed: requestFailed(tags.expected_response, status) }
  }

  /**
   * The accumulator of a request series. Tag values come from the script (a request's name): no
   * control character, a line break least of all, may reach a series key, a log or a report.
   */
  private seriesFor(...tags: [scenario: string, method: string, name: string]): SeriesAccumulator {
    const [scenario, method, name] = tags.map((tag) => withoutControlCharacters(tag)) as [
      string,
      string,
      string,
    ]
    const key = seriesKey(scenario, method, name)
    let acc = this.series.get(key)
    if (!acc) {
      acc = { scenario, method, name, requests: 0, failed: 0, latencies: new ValueBuffer(), statusCodes: {} }
      this.series.set(key, acc)
    }
    return acc
  }

  output(): K6Output {
    const spanSeconds = this.keptLast > this.keptFirst ? (this.keptLast - this.keptFirst) / 1000 : 0
    const requests = [...this.series.values()].reduce((sum, acc) => sum + acc.requests, 0)
    const durationSeconds =
      requests > 1 && this.lastStart > this.firstStart
        ? trialWindowSeconds(this.firstStart, this.lastStart, requests)
        : spanSeconds
    return {
      series: this.series,
      custom: this.custom,
      iterations: this.iterations,
      droppedIterations: this.dropped,
      checks: this.checks,
      durationSeconds,
      spanSeconds,
      points: this.points,
    }
  }

  result(): ParsedTrial {
    return summarizeK6Output(this.output())
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
