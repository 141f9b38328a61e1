import { median } from '../decide/stats/basic'
import type { RunTiming, Trial } from '../model/types'

type Span = [number, number]

/** Seconds covered by the union of the spans (side-by-side warm-ups and duet trials overlap). */
function coveredSeconds(spans: Span[]): number {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])
  let total = 0
  let end = -Infinity
  for (const [a, b] of sorted) {
    if (b <= end) continue
    total += b - Math.max(a, end)
    end = b
  }
  return total / 1000
}

/** A trial's whole span on the clock: from its start to the end of its load generator. */
function trialSpan(trial: Trial): Span | null {
  const start = Date.parse(trial.startedAt)
  if (!Number.isFinite(start)) return null
  return [start, start + (trial.k6Seconds ?? trial.durationSeconds) * 1000]
}

/**
 * The measured window of a trial: the last `durationSeconds` of its span (start-up and discard come
 * first); an alternating trial's own slices are spread over `sliceArms` times that.
 */
function windowSpan(trial: Trial): Span | null {
  const span = trialSpan(trial)
  const seconds = trial.durationSeconds * (trial.sliceArms ?? 1)
  return span && [Math.max(span[0], span[1] - seconds * 1000), span[1]]
}

const round1 = (seconds: number) => Math.round(seconds * 10) / 10

/**
 * Where a run's wall time went, from the stacks' start to the end of its last trial: the measured
 * windows the verdict rests on, the warm-ups, the load generator's start-up around the measured
 * windows, the stacks' first start, and the rest (renewals, pauses, resource sampling).
 */
export function runTiming(trials: Trial[], stacksStartedAt: number): RunTiming | null {
  const spans = trials.map(trialSpan).filter((s): s is Span => s !== null)
  if (spans.length === 0) return null
  const end = Math.max(...spans.map((s) => s[1]))
  const first = Math.min(...spans.map((s) => s[0]))
  const wall = (end - stacksStartedAt) / 1000
  if (!(wall > 0)) return null
  const measuredTrials = trials.filter((t) => t.phase === 'measure')
  const spansOf = (list: Trial[], of: (t: Trial) => Span | null) =>
    list.map(of).filter((s): s is Span => s !== null)
  const measured = coveredSeconds(spansOf(measuredTrials, windowSpan))
  const loadStartup = coveredSeconds(spansOf(measuredTrials, trialSpan)) - measured
  const warmup = coveredSeconds(
    spansOf(
      trials.filter((t) => t.phase === 'warmup'),
      trialSpan,
    ),
  )
  const stacksStart = Math.max(0, (first - stacksStartedAt) / 1000)
  return {
    wallSeconds: round1(wall),
    measuredSeconds: round1(measured),
    warmupSeconds: round1(warmup),
    loadStartupSeconds: round1(loadStartup),
    stacksStartSeconds: round1(stacksStart),
    otherSeconds: round1(Math.max(0, wall - measured - loadStartup - warmup - stacksStart)),
    measuredShare: Math.round((measured / wall) * 1000) / 1000,
    ...warmupEnds(trials),
  }
}

/** warmup steady: how many warm-ups ended steady or at their cap, and their shortest, median and longest. */
function warmupEnds(trials: Trial[]): Pick<RunTiming, 'warmupEnds'> {
  const ends = trials.flatMap((t) => (t.warmupEnd ? [t.warmupEnd] : []))
  if (ends.length === 0) return {}
  const seconds = ends.map((e) => e.seconds).sort((a, b) => a - b)
  return {
    warmupEnds: {
      steady: ends.filter((e) => e.reason === 'steady').length,
      capped: ends.filter((e) => e.reason === 'cap').length,
      seconds: [seconds[0]!, median(seconds)!, seconds.at(-1)!],
    },
  }
}
