import { errorMessage, LoadgateError } from '../../../util/errors'
import type { CustomAccumulator, SeriesAccumulator } from './summarize'
import { readK6Output, summarizeK6Output, type K6Output, type ParsedTrial } from './parse'
import { ValueBuffer } from './values'

/**
 * The most one segment's raw output of one trial may decompress to: another job uploaded it, so a
 * gzip bomb stops here. About a million requests of k6's JSON (some 3.7 KB a request), far more
 * than one runner's share of a trial.
 */
export const SEGMENT_FILE_MAX_BYTES = 4 * 1024 ** 3

/**
 * One trial from the outputs of its execution segments (one k6 process each, on several machines):
 * the raw requests of every segment together, so percentiles are over the union of requests, never
 * an average of each segment's percentiles. Files are read one after the other into one summary.
 */
export async function parseK6Segments(
  files: readonly string[],
  options: { discardSeconds?: number; maxBytes?: number } = {},
): Promise<ParsedTrial> {
  const outputs: K6Output[] = []
  const limits = { maxBytes: options.maxBytes ?? SEGMENT_FILE_MAX_BYTES }
  for (const file of files) {
    outputs.push(
      await readK6Output(file, { discardSeconds: options.discardSeconds, limits }).catch((error: unknown) => {
        // The limits' errors name the file already.
        throw error instanceof LoadgateError ? error : new Error(`${file}: ${errorMessage(error)}`)
      }),
    )
  }
  return summarizeK6Output(mergeK6Outputs(outputs))
}

/**
 * Counts and values are summed; the segments ran at the same time against the same target, so
 * their rates add up too. Each machine's clock only times its own requests: the merged window is
 * the one over which all the requests give the summed rate, not a span across machines' clocks.
 */
export function mergeK6Outputs(outputs: readonly K6Output[]): K6Output {
  const merged: K6Output = {
    series: new Map(),
    custom: new Map(),
    iterations: 0,
    droppedIterations: 0,
    checks: { passes: 0, fails: 0 },
    durationSeconds: 0,
    spanSeconds: 0,
    points: 0,
  }
  let requests = 0
  let rate = 0
  for (const output of outputs) {
    for (const [key, part] of output.series) addSeries(merged.series, key, part)
    for (const [name, part] of output.custom) addCustomMetric(merged.custom, name, part)
    merged.iterations += output.iterations
    merged.droppedIterations += output.droppedIterations
    merged.checks.passes += output.checks.passes
    merged.checks.fails += output.checks.fails
    merged.points += output.points
    merged.spanSeconds = Math.max(merged.spanSeconds, output.spanSeconds)
    const segmentRequests = [...output.series.values()].reduce((sum, acc) => sum + acc.requests, 0)
    requests += segmentRequests
    if (output.durationSeconds > 0) rate += segmentRequests / output.durationSeconds
  }
  merged.durationSeconds = rate > 0 ? requests / rate : 0
  return merged
}

function addSeries(into: Map<string, SeriesAccumulator>, key: string, part: SeriesAccumulator): void {
  let acc = into.get(key)
  if (!acc) {
    acc = { ...part, requests: 0, failed: 0, latencies: new ValueBuffer(), statusCodes: {} }
    into.set(key, acc)
  }
  acc.requests += part.requests
  acc.failed += part.failed
  appendValues(acc.latencies, part.latencies)
  for (const [code, count] of Object.entries(part.statusCodes))
    acc.statusCodes[code] = (acc.statusCodes[code] ?? 0) + count
}

function addCustomMetric(into: Map<string, CustomAccumulator>, name: string, part: CustomAccumulator): void {
  const acc = into.get(name)
  if (!acc) {
    const values = new ValueBuffer()
    appendValues(values, part.values)
    into.set(name, { ...part, values })
    return
  }
  acc.count += part.count
  acc.sum += part.sum
  acc.nonZero += part.nonZero
  // A gauge's last value across machines has no order: the last segment's stands.
  if (part.count > 0) acc.last = part.last
  acc.min = Math.min(acc.min, part.min)
  acc.max = Math.max(acc.max, part.max)
  appendValues(acc.values, part.values)
}

function appendValues(into: ValueBuffer, from: ValueBuffer): void {
  for (const value of from.view()) into.push(value)
}
