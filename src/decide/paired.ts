import type { Comparison, MetricComparison, ResultsFile } from '../model/types'
import { diffProfiles } from './profile-diff'
import { ALL_REQUESTS, unitOf } from '../model/metrics'
import { assemble, metricDraft, type Draft, type MetricDraft } from './assemble'
import { dispersion, spread } from './dispersion'
import { alphaFor, lookAlpha, type CompareOptions } from './plan'
import { measured, pairedSamples, validTrials, type Samples } from './samples'
import {
  byInstancePair,
  fewInstancesReason,
  instancePairCount,
  instancePairOf,
  offsetAllowance,
} from './instance-pairs'
import { sampleSize, settlingPlan } from './sample-size'
import { rulesFor, seriesKeys } from './series'
import { pairedInterval } from './paired-test'
import { planLooks } from './sequential'

/**
 * Same-job A/B: base and head trials paired by round (the gate). `finalLook` false judges the data
 * as a look that still has rounds to come would (see classify).
 */
export function compareResults(results: ResultsFile, options: CompareOptions, finalLook = true): Comparison {
  const alpha = alphaFor(results)
  // Intervals decide NO CHANGE, which every metric of every benchmark must show on its own: at the
  // level of each look, without the split across benchmarks that REGRESSION's family test takes.
  const { minRounds, maxRounds } = results.settings
  const intervalAlpha = lookAlpha(minRounds, maxRounds)
  const trials = [...validTrials(results, 'base'), ...validTrials(results, 'head')]
  const keys = seriesKeys(results)
  const plan = settlingPlan(results)
  const mixed = keys.filter((s) => s.key !== ALL_REQUESTS).length > 1
  const units = instanceUnits(results)
  const drafts: Draft[] = keys.map((s) => {
    const rules = rulesFor(s.key, results)
    const metrics = rules.map((threshold) => {
      const samples = units.of(pairedSamples(results, s.key, threshold.metric, threshold.absolute))
      const stats =
        samples.differences.length > 0
          ? pairedInterval(samples.differences, threshold.absolute, intervalAlpha, samples.counts)
          : null
      let draft = metricDraft(threshold, samples, stats)
      if (units.few && threshold.gate) draft = withFewInstances(draft, units.few)
      return mixed && s.key === ALL_REQUESTS && unitOf(threshold.metric) === 'ms'
        ? mixedPercentile(draft)
        : draft
    })
    const spreads = dispersion(
      spread(validTrials(results, 'base'), s.key),
      spread(validTrials(results, 'head'), s.key),
    )
    const size = sampleSize(trials, s.key, rules, plan)
    return { series: { ...s, dispersion: spreads, ...(size ? { sampleSize: size } : {}) }, metrics }
  })
  const comparison = assemble(results, drafts, 'paired', options, alpha, finalLook)
  return results.profile ? { ...comparison, profile: diffProfiles(results.profile) } : comparison
}

/**
 * The units of the paired test: the rounds where each had instances of its own; the instance pairs'
 * means where rounds shared them and there are MIN_INSTANCE_PAIRS pairs or more; with fewer, the
 * rounds, and the reason no gated metric can be decided from them as if the offset were in them.
 */
function instanceUnits(results: ResultsFile): { of: (samples: Samples) => Samples; few?: string } {
  const pairOf = instancePairOf(results)
  const rounds = [...new Set(measured(results).map((t) => t.round))]
  const pairs = instancePairCount(rounds, pairOf)
  const few = pairs < rounds.length ? fewInstancesReason(pairs) : undefined
  return few ? { of: (samples) => samples, few } : { of: (samples) => byInstancePair(samples, pairOf) }
}

/** A gated metric of too few instance pairs: REGRESSION only beyond any plausible offset, else INCONCLUSIVE. */
export function withFewInstances<D extends Pick<MetricDraft, 'threshold' | 'undecided' | 'fewInstances'>>(
  draft: D,
  reason: string,
): D {
  const allowance = offsetAllowance(draft.threshold)
  return allowance === undefined
    ? { ...draft, undecided: reason }
    : { ...draft, fewInstances: { reason, allowance } }
}

/**
 * A latency over every endpoint mixes fast and slow requests: its percentiles move with the share
 * of each endpoint in the trial (a random request mix) as much as with the code. Said beside it.
 */
function mixedPercentile(draft: MetricDraft): MetricDraft {
  const what = 'over endpoints of different speeds: moves with the request mix as much as with the code'
  return { ...draft, remark: draft.remark ? `${draft.remark}; ${what}` : what }
}

/**
 * At a look of the plan, whether the run goes on: not once it is INVALID or a regression is clear,
 * nor once every gated metric is decided, nor when more rounds bring no new instances; otherwise
 * on to the next look.
 */
export function needsMoreRounds(results: ResultsFile, options: CompareOptions): boolean {
  // One instance per arm for the whole run: more rounds add no instance, so nothing more to decide.
  if (instancePairOf(results)(results.settings.maxRounds) === 1) return false
  const comparison = compareResults(results, options, false)
  if (comparison.verdict === 'INVALID' || comparison.verdict === 'REGRESSION') return false
  const undecided = (m: MetricComparison) => m.verdict === 'INCONCLUSIVE' || m.verdict === 'LIKELY_OVER_DELTA'
  return comparison.series.some((s) => s.metrics.some((m) => m.gate && undecided(m)))
}

/** The rounds after which the run looks at its data (the last is max-rounds). */
export function looksOf(results: ResultsFile): number[] {
  return planLooks(results.settings.minRounds, results.settings.maxRounds)
}
