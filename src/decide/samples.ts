import { metricValue } from '../model/metrics'
import type { Arm, MetricId, ResultsFile, Trial } from '../model/types'
import type { PairedCounts } from './paired-test'

export interface Samples {
  base: number[]
  head: number[]
  /** Per-round transformed differences (paired) — empty for unpaired comparisons. */
  differences: number[]
  /** The same differences by round, in round order (null where a round has none): for joint tests. */
  byRound: (number | null)[]
  /** Rounds that measured both arms but have no difference: a relative metric's value of 0 has no ratio. */
  unratioed: number
  /** The round of each entry of `byRound`. */
  rounds?: number[]
  /** An error rate's failed and total requests, per arm, over the rounds with a difference. */
  counts?: PairedCounts
}

/**
 * The trials of the measure phase that are compared, of one arm or both: a round measured again
 * (disturbed) is compared on its last pair, the pairs it superseded are left out.
 */
export function measured(results: ResultsFile, arm?: Arm): Trial[] {
  return everyMeasured(results).filter((t) => !t.superseded && (!arm || t.arm === arm))
}

/** Every trial of the measure phase, superseded ones included: what the runner's load is read from. */
export function everyMeasured(results: Pick<ResultsFile, 'trials'>): Trial[] {
  return results.trials.filter((t) => t.phase === 'measure')
}

export function validTrials(results: ResultsFile, arm: Arm): Trial[] {
  return measured(results, arm).filter((t) => t.valid)
}

/** Transform for analysis: log for relative metrics (ratios become differences), identity for absolute ones. */
export function transform(value: number, absolute: boolean): number | null {
  if (absolute) return value
  return value > 0 ? Math.log(value) : null
}

/** The values that have a transform (a relative metric's zeros have none). */
export function transformAll(values: number[], absolute: boolean): number[] {
  return values.map((v) => transform(v, absolute)).filter((v): v is number => v !== null)
}

/** Base and head values of one metric, with the differences of the rounds that measured both arms. */
export function pairedSamples(
  results: ResultsFile,
  key: string,
  metric: MetricId,
  absolute: boolean,
): Samples {
  const samples: Samples = { base: [], head: [], differences: [], byRound: [], unratioed: 0, rounds: [] }
  const counted = metric === 'error_rate'
  const counts: PairedCounts = { base: { failed: 0, requests: 0 }, head: { failed: 0, requests: 0 } }
  const rounds = new Map<number, Partial<Record<Arm, Trial>>>()
  for (const trial of measured(results)) {
    if (!rounds.has(trial.round)) rounds.set(trial.round, {})
    if (trial.valid) rounds.get(trial.round)![trial.arm] = trial
  }
  for (const round of [...rounds.keys()].sort((a, b) => a - b)) {
    const { base, head } = rounds.get(round)!
    const b = base ? metricValue(base, key, metric) : null
    const h = head ? metricValue(head, key, metric) : null
    if (b !== null) samples.base.push(b)
    if (h !== null) samples.head.push(h)
    const tb = b === null ? null : transform(b, absolute)
    const th = h === null ? null : transform(h, absolute)
    if (b !== null && h !== null && (tb === null || th === null)) samples.unratioed++
    const difference = tb !== null && th !== null ? th - tb : null
    samples.byRound.push(difference)
    samples.rounds!.push(round)
    if (difference !== null) samples.differences.push(difference)
    if (counted && difference !== null) {
      addCounts(counts.base, base!, key)
      addCounts(counts.head, head!, key)
    }
  }
  return counted ? { ...samples, counts } : samples
}

function addCounts(into: PairedCounts['base'], trial: Trial, key: string): void {
  const series = trial.series.find((s) => s.key === key)
  into.failed += series?.failed ?? 0
  into.requests += series?.requests ?? 0
}

/** Stored base values against this run's head trials: no pairs. */
export function unpairedSamples(stored: number[], head: Trial[], key: string, metric: MetricId): Samples {
  const headValues = head.map((t) => metricValue(t, key, metric)).filter((v): v is number => v !== null)
  return { base: stored, head: headValues, differences: [], byRound: [], unratioed: 0 }
}
