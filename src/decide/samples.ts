import { metricValue } from '../model/metrics'
import type { Arm, MetricId, ResultsFile, Trial } from '../model/types'

export interface Samples {
  base: number[]
  head: number[]
  /** Per-round transformed differences (paired) — empty for unpaired comparisons. */
  differences: number[]
}

/** The trials of the measure phase, of one arm or both. */
export function measured(results: ResultsFile, arm?: Arm): Trial[] {
  return results.trials.filter((t) => t.phase === 'measure' && (!arm || t.arm === arm))
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
  const samples: Samples = { base: [], head: [], differences: [] }
  const byRound = new Map<number, Partial<Record<Arm, Trial>>>()
  for (const trial of measured(results)) {
    if (!trial.valid) continue
    const entry = byRound.get(trial.round) ?? {}
    entry[trial.arm] = trial
    byRound.set(trial.round, entry)
  }
  for (const { base, head } of byRound.values()) {
    const b = base ? metricValue(base, key, metric) : null
    const h = head ? metricValue(head, key, metric) : null
    if (b !== null) samples.base.push(b)
    if (h !== null) samples.head.push(h)
    if (b === null || h === null) continue
    const tb = transform(b, absolute)
    const th = transform(h, absolute)
    if (tb !== null && th !== null) samples.differences.push(th - tb)
  }
  return samples
}

/** Stored base values against this run's head trials: no pairs. */
export function unpairedSamples(stored: number[], head: Trial[], key: string, metric: MetricId): Samples {
  const headValues = head.map((t) => metricValue(t, key, metric)).filter((v): v is number => v !== null)
  return { base: stored, head: headValues, differences: [] }
}
