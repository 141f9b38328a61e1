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
import { classify, fromAnalysis, type AdjustedP, type Classification } from './classify'
import { checkTarget, withTarget } from './target'
import { describeHeadline } from './headline'
import type { CompareOptions } from './plan'
import { analysisMargin } from './rules'
import { measured, type Samples } from './samples'
import { serviceComparisons } from './services'
import { failsOn, worstMetricVerdict } from './severity'
import { holm, median } from './stats/basic'
import { familyScores } from './paired-test'
import { maxTAdjusted } from './stats/max-t'
import type { OneSampleResult } from './stats/sign-flip'
import { runnerLoad } from './runner-load'
import { findInvalidReasons } from './validity'
import { classifyFewInstances } from './instance-pairs'
import { noiseSigma } from './calibration'
import { MIN_CALIBRATION_ROUNDS } from './settling'
import { familyWiseBound } from './family-bound'

type MeasuredMetric = Omit<MetricComparison, 'pAdjusted' | 'verdict'>

/** One metric before Holm's correction: what was measured, its rule and its statistics. */
export interface MetricDraft {
  base: MeasuredMetric
  threshold: MetricThreshold
  stats: OneSampleResult | null
  /** Paired differences by round, for the family-wise test over rounds flipped jointly. */
  byRound: (number | null)[]
  /** Said next to the verdict whatever it is (e.g. rounds that could not be used). */
  remark?: string
  /** Why this metric cannot be decided whatever its figures say (kept out of the family). */
  undecided?: string
  /**
   * Too few instance pairs (instance-pairs.ts): why, and the extra shift of its REGRESSION test
   * beyond δ/2; it is REGRESSION past that or INCONCLUSIVE, never NO CHANGE.
   */
  fewInstances?: { reason: string; allowance: number }
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
  const unratioed = samples.unratioed
  return {
    base: metricComparison(t, samples, stats),
    threshold: t,
    stats,
    byRound: samples.byRound,
    ...(unratioed > 0
      ? { remark: `${unratioed} round${unratioed === 1 ? '' : 's'} left out: a value of 0 has no ratio` }
      : {}),
    ...(undecided ? { undecided } : {}),
  }
}

/** δ/2 on the analysis scale, plus the allowance for an instance's offset where instance pairs are too few. */
function halfMargin(m: Pick<MetricDraft, 'threshold' | 'fewInstances'>): number {
  return analysisMargin(m.threshold, 1 / 2) + (m.fewInstances?.allowance ?? 0)
}

/** What the family-wise test needs of a metric: its rule, its own statistics and its rounds. */
export type FamilyMember = Pick<MetricDraft, 'threshold' | 'stats' | 'byRound' | 'fewInstances'>

/**
 * The family-wise adjusted one-sided p-values of the gated metrics: on the bad side of "worse by
 * more than δ/2" (what REGRESSION asks), of "worse" (what LIKELY_OVER_DELTA claims), and on the good
 * side of "better". Paired runs: step-down maxT over rounds flipped jointly (see stats/max-t.ts), on
 * differences shifted by δ/2 for the first, far-out rounds clipped (paired-test.ts). Stored
 * baselines have no rounds to flip: Holm over each metric's own one-sided p-values. Either way the
 * δ/2 side only counts where the metric's own interval is beyond δ/2, so what the typical round
 * does not show never blocks. A metric of too few instance pairs is tested beyond δ/2 plus its
 * allowance for an instance's offset, on either side.
 */
export function adjustFamily<M extends FamilyMember>(
  gated: M[],
  kind: Comparison['kind'],
): Map<M, AdjustedP> {
  const badSign = (m: M) => (m.threshold.direction === 'lower' ? 1 : -1)
  const half = halfMargin
  const beyondHalf = (m: M) => Math.min(badSign(m) * m.stats!.low, badSign(m) * m.stats!.high) > half(m)
  let bad: number[]
  let worse: number[]
  let good: number[]
  if (kind === 'paired') {
    const oriented = (sign: (m: M) => number, shift: (m: M) => number) =>
      maxTAdjusted(
        gated.map((m) =>
          familyScores(
            m.byRound.map((d) => (d === null ? null : sign(m) * d - shift(m))),
            m.threshold.absolute,
          ),
        ),
      )
    bad = oriented(badSign, half)
    worse = oriented(badSign, () => 0)
    good = oriented(
      (m) => -badSign(m),
      (m) => (m.fewInstances ? half(m) : 0),
    )
  } else {
    const side = (m: M, sign: number) => (sign > 0 ? m.stats!.pGreater : m.stats!.pLess)
    bad = holm(gated.map((m) => side(m, badSign(m))))
    worse = bad
    good = holm(gated.map((m) => side(m, -badSign(m))))
  }
  bad = bad.map((p, i) => (beyondHalf(gated[i]!) ? p : 1))
  return new Map(gated.map((m, i) => [m, { bad: bad[i]!, worse: worse[i]!, good: good[i]! }]))
}

/**
 * One metric's verdict from its statistics and adjusted p-values: undecided metrics INCONCLUSIVE
 * with their reason, those of too few instance pairs as instance-pairs.ts says, the rest by classify.
 */
export function judgeMetric(
  m: Pick<MetricDraft, 'threshold' | 'stats' | 'undecided' | 'fewInstances'>,
  p: AdjustedP | null,
  family: number,
  alpha: number,
  finalLook: boolean,
): Classification {
  if (m.undecided) return { verdict: 'INCONCLUSIVE', note: m.undecided }
  if (!(m.stats && p)) return { verdict: 'INCONCLUSIVE', note: 'not measured in both arms' }
  if (m.fewInstances && m.threshold.gate) {
    const beyond = (side: number) => Math.min(side * m.stats!.low, side * m.stats!.high) > halfMargin(m)
    const bad = m.threshold.direction === 'lower' ? 1 : -1
    return classifyFewInstances(m.fewInstances.reason, p.bad <= alpha, p.good <= alpha && beyond(-bad))
  }
  return classify(m.threshold, m.stats, p, family, alpha, finalLook)
}

/** A worsening on the analysis scale as a change: up for a latency, down for a throughput. */
function worsening(t: MetricThreshold, value: number): number {
  return fromAnalysis(t, t.direction === 'lower' ? value : -value)
}

/** The testable metrics of the drafts that gate (or that only inform): each is a family of its own. */
function familyOf(drafts: Draft[], gate: boolean): MetricDraft[] {
  return drafts
    .flatMap((d) => d.metrics)
    .filter((m) => m.threshold.gate === gate && !m.undecided && m.stats && Number.isFinite(m.stats.p))
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
    // What the gate tests: the one-sided p of "worse".
    p: stats && Number.isFinite(stats.p) ? (t.direction === 'lower' ? stats.pGreater : stats.pLess) : null,
    pairs: samples.differences.length || Math.min(samples.base.length, samples.head.length),
    delta: t.delta,
    absolute: t.absolute,
    // The interval's half-width, centred on no change: what this run's noise lets through.
    noiseFloor: stats && finite ? fromAnalysis(t, (stats.high - stats.low) / 2) : null,
    ...(t.gate && samples.differences.length >= MIN_CALIBRATION_ROUNDS
      ? { sigma: noiseSigma(samples.differences, t.absolute).sigma }
      : {}),
    ...(t.target
      ? { target: checkTarget(t, samples.head, samples.base, stats ? (1 - stats.level) / 2 : 0.025) }
      : {}),
  }
}

/**
 * The verdicts, with the family-wise correction across every gated metric of the run, and the
 * comparison they add up to: the worst gated verdict of each series, and of the series — or INVALID.
 * `finalLook` is false while the plan still has looks to come (see classify).
 */
export function assemble(
  results: ResultsFile,
  drafts: Draft[],
  kind: Comparison['kind'],
  options: CompareOptions,
  alpha: number,
  finalLook = true,
): Comparison {
  const gated = familyOf(drafts, true)
  // Informational metrics are corrected over their own family, with the same test: over a dozen
  // series some would otherwise show a move by chance in most runs. They decide nothing.
  const adjusted = new Map([...adjustFamily(gated, kind), ...adjustFamily(familyOf(drafts, false), kind)])
  const series: SeriesComparison[] = drafts.map((draft) => {
    const metrics: MetricComparison[] = draft.metrics.map((m) => {
      const p =
        adjusted.get(m) ?? (m.stats && Number.isFinite(m.stats.p) ? adjustFamily([m], kind).get(m)! : null)
      let result = judgeMetric(m, p, gated.length, alpha, finalLook)
      if (m.threshold.gate) result = withTarget(result, m.base)
      if (m.remark) result = { ...result, note: result.note ? `${result.note}; ${m.remark}` : m.remark }
      const bound =
        result.verdict === 'LIKELY_OVER_DELTA' && m.threshold.gate && kind === 'paired'
          ? { familyBound: worsening(m.threshold, familyWiseBound(gated, m, alpha)) }
          : {}
      return { ...m.base, pAdjusted: p ? p.bad : null, ...result, ...bound }
    })
    const gatedVerdicts = metrics.filter((m) => m.gate).map((m) => m.verdict)
    return { ...draft.series, metrics, verdict: worstMetricVerdict(gatedVerdicts) }
  })
  const invalid = findInvalidReasons(results)
  const nothingGated = !series.some((s) => s.metrics.some((m) => m.gate))
  const overall: Verdict =
    invalid.length > 0
      ? 'INVALID'
      : nothingGated
        ? 'NOTHING_GATED'
        : worstMetricVerdict(series.map((s) => s.verdict))
  const rounds = Math.max(0, ...measured(results).map((t) => t.round))
  const comparison: Comparison = {
    schemaVersion: COMPARISON_SCHEMA_VERSION,
    benchmark: results.benchmark,
    kind,
    verdict: overall,
    blocking: failsOn(options.failOn, overall),
    headline: '',
    invalid,
    rounds,
    alpha,
    extended: rounds > results.settings.minRounds,
    series,
    services: serviceComparisons(results),
    meta: results.meta,
  }
  const runner = runnerLoad(results)
  if (runner) comparison.runner = runner
  comparison.headline = describeHeadline(comparison)
  return comparison
}
