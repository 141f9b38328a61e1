import { unitOf } from '../model/metrics'
import {
  COMPARISON_SCHEMA_VERSION,
  type Comparison,
  type MetricComparison,
  type MetricThreshold,
  type ResultsFile,
  type SeriesComparison,
  type Verdict,
} from '../model/types'
import { checkTarget, classify, fromAnalysis, type Classification } from './classify'
import { describeHeadline } from './headline'
import type { CompareOptions } from './plan'
import { measured, type Samples } from './samples'
import { serviceComparisons } from './services'
import { worstMetricVerdict } from './severity'
import { holm, median } from './stats/basic'
import type { OneSampleResult } from './stats/signed-rank'
import { findInvalidReasons } from './validity'

type MeasuredMetric = Omit<MetricComparison, 'pAdjusted' | 'verdict'>

/** One metric before Holm's correction: what was measured, its rule and its statistics. */
export interface MetricDraft {
  base: MeasuredMetric
  threshold: MetricThreshold
  stats: OneSampleResult | null
  /** Why this metric cannot be decided whatever its figures say (kept out of Holm's family). */
  undecided?: string
}

export interface Draft {
  series: Omit<SeriesComparison, 'verdict' | 'metrics'>
  metrics: MetricDraft[]
}

/** A metric's figures and statistics, before its verdict. */
export function metricDraft(
  t: MetricThreshold,
  samples: Samples,
  stats: OneSampleResult | null,
  undecided?: string,
): MetricDraft {
  return {
    base: metricComparison(t, samples, stats),
    threshold: t,
    stats,
    ...(undecided ? { undecided } : {}),
  }
}

function metricComparison(
  t: MetricThreshold,
  samples: Samples,
  stats: OneSampleResult | null,
): MeasuredMetric {
  const finite = stats && Number.isFinite(stats.low) && Number.isFinite(stats.high)
  const base = median(samples.base)
  const head = median(samples.head)
  return {
    metric: t.metric,
    unit: unitOf(t.metric),
    direction: t.direction,
    gate: t.gate,
    base,
    head,
    change: stats && Number.isFinite(stats.estimate) ? fromAnalysis(t, stats.estimate) : null,
    ci:
      stats && finite
        ? { low: fromAnalysis(t, stats.low), high: fromAnalysis(t, stats.high), level: stats.level }
        : null,
    p: stats && Number.isFinite(stats.p) ? stats.p : null,
    pairs: samples.differences.length || Math.min(samples.base.length, samples.head.length),
    delta: t.delta,
    absolute: t.absolute,
    // The interval's half-width, centred on no change: what this run's noise lets through.
    noiseFloor: stats && finite ? fromAnalysis(t, (stats.high - stats.low) / 2) : null,
    ...(t.target ? { target: checkTarget(t, head) } : {}),
  }
}

/**
 * The verdicts, with Holm's correction across every gated metric of the run, and the comparison
 * they add up to: the worst gated verdict of each series, and of the series — or INVALID.
 */
export function assemble(
  results: ResultsFile,
  drafts: Draft[],
  kind: Comparison['kind'],
  options: CompareOptions,
  alpha: number,
): Comparison {
  const gated = drafts
    .flatMap((d) => d.metrics)
    .filter((m) => m.threshold.gate && !m.undecided && m.stats && Number.isFinite(m.stats.p))
  const adjusted = holm(gated.map((m) => m.stats!.p))
  const pAdjusted = new Map(gated.map((m, i) => [m, adjusted[i]!]))
  const series: SeriesComparison[] = drafts.map((draft) => {
    const metrics: MetricComparison[] = draft.metrics.map((m) => {
      const padj = pAdjusted.get(m) ?? m.base.p
      const significant = padj !== null && padj <= alpha
      let result: Classification = m.undecided
        ? { verdict: 'INCONCLUSIVE', note: m.undecided }
        : m.stats
          ? classify(m.threshold, m.stats, significant, gated.length, alpha)
          : { verdict: 'INCONCLUSIVE', note: 'not measured in both arms' }
      if (m.base.target?.pass === false && m.threshold.gate) {
        result = { verdict: 'REGRESSION', note: `misses the target ${m.base.target.source}` }
      }
      return { ...m.base, pAdjusted: padj, ...result }
    })
    const gatedVerdicts = metrics.filter((m) => m.gate).map((m) => m.verdict)
    return { ...draft.series, metrics, verdict: worstMetricVerdict(gatedVerdicts) }
  })
  const invalid = findInvalidReasons(results)
  const overall: Verdict = invalid.length > 0 ? 'INVALID' : worstMetricVerdict(series.map((s) => s.verdict))
  const rounds = Math.max(0, ...measured(results).map((t) => t.round))
  const comparison: Comparison = {
    schemaVersion: COMPARISON_SCHEMA_VERSION,
    benchmark: results.benchmark,
    kind,
    verdict: overall,
    blocking: options.failOn.includes(overall),
    headline: '',
    invalid,
    rounds,
    alpha,
    extended: rounds > results.settings.minRounds,
    series,
    services: serviceComparisons(results),
    meta: results.meta,
  }
  comparison.headline = describeHeadline(comparison)
  return comparison
}
