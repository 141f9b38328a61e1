import type { Comparison, ResultsFile, RunRecord } from '../model/types'
import { assemble, metricDraft, type Draft } from './assemble'
import { crossRunInterval, MIN_HISTORY_RUNS, runLevel, spreadRuns } from './cross-run'
import { dispersion, spread } from './dispersion'
import { ALPHA, type CompareOptions } from './plan'
import { transformAll, unpairedSamples, validTrials } from './samples'
import { sampleSize, settlingPlan } from './sample-size'
import { rulesFor, seriesKeys } from './series'
import { median } from './stats/basic'
import type { OneSampleResult } from './stats/sign-flip'

/** A change that can be estimated but not tested: no interval, no p. */
function estimateOnly(x: number[], y: number[]): OneSampleResult {
  return {
    estimate: median(y)! - median(x)!,
    low: -Infinity,
    high: Infinity,
    level: 0,
    pGreater: Number.NaN,
    pLess: Number.NaN,
    p: Number.NaN,
    n: Math.min(x.length, y.length),
  }
}

function shortText(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * `baseline: stored`: head trials of this run against the stored trials of a base-branch run. A
 * cross-run comparison: each run carries its own offset (machine, neighbours, container placement)
 * that its trials cannot show, so the interval allows for the spread of the base branch's recent
 * runs (`history`: stored runs of the benchmark, any branch). With fewer than MIN_HISTORY_RUNS of
 * them no change can be told from that offset: every gated metric stays inconclusive.
 */
export function compareWithStored(
  results: ResultsFile,
  baseline: RunRecord,
  options: CompareOptions,
  history: readonly RunRecord[] = [],
): Comparison {
  // One look only: a stored baseline is never extended, so no Pocock level.
  const alpha = ALPHA
  const runs = spreadRuns(baseline, history)
  const head = validTrials(results, 'head')
  const plan = settlingPlan(results)
  const tooFew = `only ${runs.length} stored run${runs.length === 1 ? '' : 's'} of ${shortText(baseline.branch)} to measure run-to-run variance: ${MIN_HISTORY_RUNS} are needed`
  const drafts: Draft[] = seriesKeys(results).map((s) => {
    const rules = rulesFor(s.key, results)
    const metrics = rules.map((threshold) => {
      const trials = Object.hasOwn(baseline.trials, s.key) ? baseline.trials[s.key]! : {}
      const stored = Object.hasOwn(trials, threshold.metric) ? trials[threshold.metric]! : []
      const samples = unpairedSamples(stored, head, s.key, threshold.metric)
      const x = transformAll(samples.base, threshold.absolute)
      const y = transformAll(samples.head, threshold.absolute)
      if (x.length === 0 || y.length === 0) return metricDraft(threshold, samples, null)
      const levels = runs
        .map((r) => runLevel(r, s.key, threshold.metric, threshold.absolute))
        .filter((v): v is number => v !== null)
      if (levels.length < MIN_HISTORY_RUNS) return metricDraft(threshold, samples, estimateOnly(x, y), tooFew)
      return metricDraft(threshold, samples, crossRunInterval(x, y, levels, 1 - alpha))
    })
    const size = sampleSize(head, s.key, rules, plan)
    const series = { ...s, dispersion: dispersion(null, spread(head, s.key)) }
    return { series: size ? { ...series, sampleSize: size } : series, metrics }
  })
  const comparison = assemble(results, drafts, 'stored', options, alpha)
  comparison.meta = { ...comparison.meta, base: baseline.meta.head }
  comparison.headline = crossRunHeadline(comparison, baseline, runs.length)
  return comparison
}

/** The headline of a stored comparison says it is cross-run, and when it cannot decide, why. */
function crossRunHeadline(comparison: Comparison, baseline: RunRecord, runs: number): string {
  if (comparison.verdict === 'INVALID') return comparison.headline
  const branch = shortText(baseline.branch)
  const against = `the stored run of ${baseline.meta.head.sha.slice(0, 7)} on ${branch}`
  const undecided = comparison.series.some((s) =>
    s.metrics.some((m) => m.gate && m.note?.includes('to measure run-to-run variance')),
  )
  const tooFew = `${runs} stored run${runs === 1 ? '' : 's'} of ${branch} cannot tell run-to-run variance from a change (${MIN_HISTORY_RUNS} needed)`
  if (undecided && comparison.verdict === 'INCONCLUSIVE') {
    return `Inconclusive — cross-run against ${against}: ${tooFew}; record more runs or use baseline: rerun`
  }
  if (undecided) return `${comparison.headline} — cross-run against ${against}; changes undecided: ${tooFew}`
  return `${comparison.headline} — cross-run against ${against}, allowing for the spread of ${runs} stored runs`
}
