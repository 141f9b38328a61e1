import { lstat } from 'node:fs/promises'
import path from 'node:path'
import type { Arm, Phase, ResultsFile, Trial } from '../../model/types'
import { errorMessage } from '../../util/errors'
import { summarizeSegments } from '../load'
import { trialName } from '../trial'
import type { SegmentResults } from './segments'

interface TrialKey {
  arm: Arm
  phase: Phase
  round: number
}

/**
 * One results file from the segment jobs of one run: per (round, arm) one trial over the raw
 * requests of every segment. A trial that any segment did not run, or ran and could not use, is
 * invalid with that segment named, so its round is named in the report.
 */
export async function mergeSegments(segments: readonly SegmentResults[]): Promise<ResultsFile> {
  const longest = [...segments].sort((a, b) => b.results.schedule.length - a.results.schedule.length)[0]!
  const trials: Trial[] = []
  for (const key of trialKeys(segments)) trials.push(await mergeTrial(segments, key))
  const first = segments[0]!.results
  const errors = segments
    .filter((s) => s.results.error)
    .map((s) => `segment ${s.index}/${s.count}: ${s.results.error}`)
  const { segment: _segment, ...meta } = first.meta
  return {
    ...first,
    meta: {
      ...meta,
      startedAt: earliest(segments.map((s) => s.results.meta.startedAt)),
      finishedAt: latest(segments.map((s) => s.results.meta.finishedAt)),
    },
    schedule: longest.results.schedule,
    trials,
    ...(errors.length ? { error: errors.join('; ').slice(0, 5000) } : {}),
  }
}

/** Every (phase, round, arm) any segment ran, in the order the schedule ran them. */
function trialKeys(segments: readonly SegmentResults[]): TrialKey[] {
  const seen = new Map<string, TrialKey>()
  for (const segment of segments) {
    for (const { arm, phase, round } of segment.results.trials) {
      const id = trialName(arm, phase, round)
      if (!seen.has(id)) seen.set(id, { arm, phase, round })
    }
  }
  const order = (key: TrialKey) => (key.phase === 'warmup' ? 0 : key.round)
  return [...seen.values()].sort((a, b) => order(a) - order(b))
}

async function mergeTrial(segments: readonly SegmentResults[], key: TrialKey): Promise<Trial> {
  const parts = segments.map((segment) => ({
    segment,
    trial: segment.results.trials.find(
      (t) => t.arm === key.arm && t.phase === key.phase && t.round === key.round,
    ),
  }))
  const ran = parts.flatMap(({ trial }) => (trial ? [trial] : []))
  const problems = parts.flatMap(({ segment, trial }) => {
    const label = `segment ${segment.index}/${segment.count}`
    if (!trial) return [`${label} did not run this trial`]
    return trial.valid ? [] : [`${label}: ${trial.invalidReason ?? 'invalid'}`]
  })
  const base: Trial = {
    ...key,
    startedAt: earliest(ran.map((t) => t.startedAt)),
    durationSeconds: 0,
    k6ExitCode: ran.find((t) => t.k6ExitCode !== 0)?.k6ExitCode ?? 0,
    thresholdsCrossed: ran.some((t) => t.thresholdsCrossed),
    valid: false,
    iterations: 0,
    droppedIterations: 0,
    checks: { passes: 0, fails: 0 },
    series: [],
    custom: [],
    resources: ran.flatMap((t) => t.resources),
    k6Seconds: Math.max(0, ...ran.map((t) => t.k6Seconds ?? 0)),
  }
  if (problems.length > 0) return { ...base, invalidReason: problems.join('; ').slice(0, 2000) }
  // A warm-up only warms the target and is never compared: its segments need not have overlapped.
  const apart = key.phase === 'warmup' ? '' : notTogether(ran)
  if (apart) return { ...base, invalidReason: apart }
  const files = segments.map((s) => path.join(s.dir, `${trialName(key.arm, key.phase, key.round)}.json.gz`))
  try {
    for (const file of files) {
      if (!(await lstat(file)).isFile()) throw new Error(`${file} is not a regular file`)
    }
    const discardSeconds = segments[0]!.results.settings.discardSeconds
    const parsed = await summarizeSegments(files, { discardSeconds })
    if (parsed.series.length === 0) return { ...base, invalidReason: 'the segments made no HTTP requests' }
    const { series, custom, iterations, droppedIterations, checks, durationSeconds } = parsed
    return { ...base, valid: true, series, custom, iterations, droppedIterations, checks, durationSeconds }
  } catch (error) {
    return {
      ...base,
      invalidReason: `a segment's k6 output cannot be read: ${errorMessage(error)}`.slice(0, 2000),
    }
  }
}

/** Share of the shortest segment that all segments must have run at the same time. */
const MIN_OVERLAP = 0.5

/**
 * The segments only add up to the script's load where they ran at the same time: jobs that started
 * far apart each put a fraction of the load on the target, and their merged latencies would
 * describe a lighter load than the one the report names. Times are each machine's own clock.
 */
function notTogether(trials: readonly Trial[]): string {
  const windows = trials.map((t) => {
    const start = Date.parse(t.startedAt)
    return { start, end: start + (t.k6Seconds ?? 0) * 1000 }
  })
  if (windows.some((w) => Number.isNaN(w.start) || w.end <= w.start)) return ''
  const overlap = Math.min(...windows.map((w) => w.end)) - Math.max(...windows.map((w) => w.start))
  const shortest = Math.min(...windows.map((w) => w.end - w.start))
  if (overlap >= shortest * MIN_OVERLAP) return ''
  const spread = (Math.max(...windows.map((w) => w.start)) - Math.min(...windows.map((w) => w.start))) / 1000
  return (
    `the segments did not run together (their starts are ${spread.toFixed(1)} s apart, together for ` +
    `${Math.max(0, overlap / 1000).toFixed(1)} s of ${(shortest / 1000).toFixed(1)} s): the target never had the whole load`
  )
}

function earliest(times: string[]): string {
  return [...times].sort()[0] ?? new Date(0).toISOString()
}

function latest(times: string[]): string {
  return [...times].sort().at(-1) ?? new Date(0).toISOString()
}
