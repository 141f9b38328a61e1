import type { FreshInstances, MetricThreshold, ResultsFile } from '../model/types'
import type { Classification } from './classify'
import type { Samples } from './samples'

/** Said of every gated metric of a run that measured one instance per arm. */
export const ONE_INSTANCE_REASON = 'one instance per arm: its own speed is not in the interval'

/** The fewest instance pairs whose means can be the units of the test (2⁻⁶ reaches a look's level). */
export const MIN_INSTANCE_PAIRS = 6

/**
 * How much faster or slower one instance of identical code can plausibly run for a whole run, on
 * the scale of relative metrics: the largest offset measured between two instances on one runner
 * was 8% (every endpoint of an A/A run at once, constant over its rounds); deployed environments
 * can differ more, so 20%. With fewer instance pairs than MIN_INSTANCE_PAIRS, a relative metric
 * blocks only when it is worse by more than δ/2 plus this, beyond doubt: an unchanged head whose
 * instance offset has an SD of 10% blocks in about 1% of runs (docs/statistics.md).
 */
export const INSTANCE_OFFSET_ALLOWANCE = Math.log1p(0.2)

/**
 * The instances a run measured, from the results: with `round`, a pair of its own in every round;
 * with `run`, one pair for all; every N rounds, one per N. Absent in files written before instances
 * could be renewed, when every run kept one instance per arm.
 */
export function instancePairOf(results: Pick<ResultsFile, 'settings'>): (round: number) => number {
  const fresh: FreshInstances = results.settings.freshInstances ?? 'run'
  if (fresh === 'round') return (round) => round
  if (fresh === 'run') return () => 1
  return (round) => Math.ceil(round / fresh)
}

/**
 * A metric's units: its rounds where every round had instances of its own, else the mean
 * difference of each instance pair's rounds (a pair's offset is shared by its rounds, so only
 * the pairs are independent). An error rate's pooled counts stay as they are.
 */
export function byInstancePair(samples: Samples, pairOf: (round: number) => number): Samples {
  const rounds = samples.rounds ?? samples.byRound.map((_, i) => i + 1)
  const pairs = rounds.map(pairOf)
  if (new Set(pairs).size === pairs.length) return samples
  const grouped = new Map<number, number[]>()
  samples.byRound.forEach((d, i) => {
    if (!grouped.has(pairs[i]!)) grouped.set(pairs[i]!, [])
    if (d !== null) grouped.get(pairs[i]!)!.push(d)
  })
  const byRound = [...grouped.values()].map((ds) =>
    ds.length ? ds.reduce((sum, d) => sum + d, 0) / ds.length : null,
  )
  return {
    ...samples,
    byRound,
    rounds: [...grouped.keys()],
    differences: byRound.filter((d): d is number => d !== null),
  }
}

/**
 * Too few instance pairs for their offset to be in the interval: the extra shift of the metric's
 * REGRESSION test (relative metrics), or undefined where no REGRESSION can be told from an offset
 * at all (error rates: a rate above `max-error-rate` invalidates the run anyway).
 */
export function offsetAllowance(t: MetricThreshold): number | undefined {
  return t.absolute ? undefined : INSTANCE_OFFSET_ALLOWANCE
}

/** Why a run's gated metrics cannot be decided as if each unit had instances of its own, or undefined. */
export function fewInstancesReason(pairs: number): string | undefined {
  if (pairs === 1) return ONE_INSTANCE_REASON
  if (pairs < MIN_INSTANCE_PAIRS)
    return `${pairs} instance pairs: their own speed is not in the interval until there are ${MIN_INSTANCE_PAIRS}`
  return undefined
}

/**
 * A gated metric of a run with too few instance pairs: REGRESSION where it is worse than δ/2 plus
 * any plausible offset beyond doubt (`worseBeyondOffset`, the family-wise test shifted by the
 * allowance), IMPROVEMENT where it is as much better, otherwise INCONCLUSIVE with the reason; never
 * NO CHANGE, which an offset could make.
 */
export function classifyFewInstances(
  reason: string,
  worseBeyondOffset: boolean,
  betterBeyondOffset = false,
): Classification {
  const beyond = 'by more than δ/2 + 20%, more than two instances of the same code plausibly differ'
  if (worseBeyondOffset) return { verdict: 'REGRESSION', note: `${reason}; worse ${beyond}` }
  if (betterBeyondOffset) return { verdict: 'IMPROVEMENT', note: `${reason}; better ${beyond}` }
  return { verdict: 'INCONCLUSIVE', note: reason }
}

/** Whether a metric's note is the reason of too few instance pairs (what the headline then says). */
export function isFewInstancesNote(note: string | undefined): boolean {
  return note !== undefined && (note.startsWith(ONE_INSTANCE_REASON) || /^\d+ instance pairs: /.test(note))
}

/** How many instance pairs the measured rounds used. */
export function instancePairCount(rounds: readonly number[], pairOf: (round: number) => number): number {
  return new Set(rounds.map(pairOf)).size
}
