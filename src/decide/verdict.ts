import { holm, median } from './stats/basic'
import { rankSumInterval } from './stats/rank-sum'
import { MIN_SIGNIFICANT_PAIRS, signedRankInterval, type OneSampleResult } from './stats/signed-rank'
import { analysisMargin, thresholdsForSeries } from './rules'
import {
  CUSTOM_SERIES,
  DEFAULT_CUSTOM_STAT,
  metricDefaults,
  metricValue,
  requestSeries,
  unitOf,
} from '../model/metrics'
import { describeHeadline } from './headline'
import { formatChange } from '../model/format'
import {
  COMPARISON_SCHEMA_VERSION,
  type CustomMetricType,
  type Arm,
  type Comparison,
  type FailOn,
  type InvalidReason,
  type MetricComparison,
  type MetricId,
  type MetricThreshold,
  type MetricVerdict,
  type ResultsFile,
  type RunRecord,
  type SeriesComparison,
  type ServiceComparison,
  type Trial,
  type Verdict,
} from '../model/types'

/** Two looks (min-rounds, then max-rounds) at an overall α of 0.05: Pocock's constant nominal level. */
export const POCOCK_TWO_LOOKS = 0.0294
export const ALPHA = 0.05
/** A spread (p99/p50) that doubles or halves between arms is flagged even when medians hold. */
export const DISPERSION_FLAG_RATIO = 2

const REPORTED: MetricId[] = ['p50', 'p95', 'p99', 'throughput', 'error_rate']

/** A rule that only reports a metric (no gate), with the metric's natural direction. */
function informRule(metric: MetricId): MetricThreshold {
  const defaults = metricDefaults(metric)
  return {
    metric,
    series: '*',
    gate: false,
    delta: defaults.absolute ? 0.005 : 0.1,
    direction: defaults.direction,
    absolute: defaults.absolute,
  }
}

const SEVERITY: MetricVerdict[] = ['REGRESSION', 'INCONCLUSIVE', 'IMPROVEMENT', 'NO_CHANGE']

export interface CompareOptions {
  failOn: FailOn[]
}

function measured(results: ResultsFile, arm?: Arm): Trial[] {
  return results.trials.filter((t) => t.phase === 'measure' && (!arm || t.arm === arm))
}

/** Why the run cannot be trusted, each with the figures; empty when it can. */
export function findInvalidReasons(results: ResultsFile): InvalidReason[] {
  const reasons: InvalidReason[] = []
  const arms = [...new Set(measured(results).map((t) => t.arm))]
  if (arms.length === 0) reasons.push({ arm: 'both', kind: 'no-data', message: 'no trial was measured' })
  for (const arm of arms) {
    const trials = measured(results, arm)
    const failedTrials = trials.filter((t) => !t.valid)
    for (const trial of failedTrials) {
      const container = trial.resources.some((r) => r.disrupted)
      reasons.push({
        arm,
        kind: container ? 'container' : 'trial-failed',
        message: `${arm} trial of round ${trial.round} failed: ${trial.invalidReason ?? 'unknown reason'}`,
      })
    }
    const requests = trials.flatMap(requestSeries).reduce((n, s) => n + s.requests, 0)
    const failed = trials.flatMap(requestSeries).reduce((n, s) => n + s.failed, 0)
    const rate = requests ? failed / requests : 0
    if (requests === 0 && failedTrials.length < trials.length) {
      reasons.push({ arm, kind: 'no-data', message: `${arm} made no HTTP requests` })
    } else if (rate > results.settings.maxErrorRate) {
      const codes = new Map<string, number>()
      for (const s of trials.flatMap(requestSeries)) {
        for (const [code, count] of Object.entries(s.statusCodes)) {
          if (!/^[23]/.test(code)) codes.set(code, (codes.get(code) ?? 0) + count)
        }
      }
      const top = [...codes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3)
      const codeText = top.map(([c, n]) => (c === '0' ? `no response ×${n}` : `HTTP ${c} ×${n}`)).join(', ')
      reasons.push({
        arm,
        kind: 'error-rate',
        message:
          `${arm} returned ${(rate * 100).toFixed(1)}% errors` +
          `${codeText ? ` (${codeText})` : ''}, above the ${(results.settings.maxErrorRate * 100).toFixed(1)}% limit`,
      })
    }
    const iterations = trials.reduce((n, t) => n + t.iterations, 0)
    const dropped = trials.reduce((n, t) => n + t.droppedIterations, 0)
    const droppedRate = iterations + dropped > 0 ? dropped / (iterations + dropped) : 0
    if (droppedRate > results.settings.maxDroppedRate) {
      reasons.push({
        arm,
        kind: 'dropped-iterations',
        message: `${arm} dropped ${(droppedRate * 100).toFixed(1)}% of k6 iterations (the load generator could not keep the rate)`,
      })
    }
  }
  return reasons
}

interface Samples {
  base: number[]
  head: number[]
  /** Per-round transformed differences (paired) — empty for unpaired comparisons. */
  differences: number[]
}

/** Transform for analysis: log for relative metrics (ratios become differences), identity for absolute ones. */
function transform(value: number, absolute: boolean): number | null {
  if (absolute) return value
  return value > 0 ? Math.log(value) : null
}

function pairedSamples(results: ResultsFile, key: string, metric: MetricId, absolute: boolean): Samples {
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

function fromAnalysis(t: MetricThreshold, value: number): number {
  return t.absolute ? value : Math.expm1(value)
}

function classify(
  t: MetricThreshold,
  stats: OneSampleResult,
  significant: boolean,
  family: number,
): { verdict: MetricVerdict; note?: string } {
  const margin = analysisMargin(t)
  const bad = t.direction === 'lower' ? 1 : -1
  const est = bad * stats.estimate
  const lowBad = Math.min(bad * stats.low, bad * stats.high)
  const highBad = Math.max(bad * stats.low, bad * stats.high)
  if (significant && lowBad > 0 && est > margin) return { verdict: 'REGRESSION' }
  if (significant && highBad < 0 && est < -margin) return { verdict: 'IMPROVEMENT' }
  if (stats.low > -margin && stats.high < margin) return { verdict: 'NO_CHANGE' }
  // The gate asks whether the head could be worse by δ. An interval that rules that out, around an
  // estimate within ±δ, is no change — even where it cannot yet rule out an improvement beyond δ.
  if (highBad < margin && est > -margin && stats.n >= MIN_SIGNIFICANT_PAIRS) {
    const best = fromAnalysis(t, bad * lowBad)
    return {
      verdict: 'NO_CHANGE',
      note: `a regression is ruled out; an improvement up to ${formatChange(best, t.absolute)} is not`,
    }
  }
  if (stats.n < MIN_SIGNIFICANT_PAIRS) {
    return {
      verdict: 'INCONCLUSIVE',
      note: `${stats.n} pairs can never be significant: at least ${MIN_SIGNIFICANT_PAIRS} are needed`,
    }
  }
  if (!significant && (lowBad > 0 || highBad < 0) && Math.abs(est) > margin) {
    return {
      verdict: 'INCONCLUSIVE',
      note: `${formatChange(fromAnalysis(t, stats.estimate), t.absolute)} is not significant once corrected for ${family} gated metrics: more rounds are needed`,
    }
  }
  const worst = fromAnalysis(t, bad * highBad)
  return { verdict: 'INCONCLUSIVE', note: `can't rule out ${formatChange(worst, t.absolute)}` }
}

function checkTarget(t: MetricThreshold, head: number | null): MetricComparison['target'] {
  if (!t.target) return undefined
  if (head === null) return { ...t.target, actual: null, pass: null }
  const { comparator, value } = t.target
  const pass =
    comparator === '<'
      ? head < value
      : comparator === '<='
        ? head <= value
        : comparator === '>'
          ? head > value
          : head >= value
  return { ...t.target, actual: head, pass }
}

function metricComparison(
  t: MetricThreshold,
  samples: Samples,
  stats: OneSampleResult | null,
): Omit<MetricComparison, 'pAdjusted' | 'verdict'> {
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
    p: stats ? stats.p : null,
    pairs: samples.differences.length || Math.min(samples.base.length, samples.head.length),
    delta: t.delta,
    absolute: t.absolute,
    // The interval's half-width, centred on no change: what this run's noise lets through.
    noiseFloor: stats && finite ? fromAnalysis(t, (stats.high - stats.low) / 2) : null,
    ...(t.target ? { target: checkTarget(t, head) } : {}),
  }
}

interface Draft {
  series: Omit<SeriesComparison, 'verdict' | 'metrics'>
  metrics: Array<{
    base: Omit<MetricComparison, 'pAdjusted' | 'verdict'>
    threshold: MetricThreshold
    stats: OneSampleResult | null
  }>
}

function worst(verdicts: MetricVerdict[]): MetricVerdict {
  return SEVERITY.find((v) => verdicts.includes(v)) ?? 'NO_CHANGE'
}

function spread(trials: Trial[], key: string): number | null {
  const ratios = trials
    .map((t) => t.series.find((s) => s.key === key)?.latency)
    .filter((l): l is NonNullable<typeof l> => !!l && l.p50 > 0)
    .map((l) => l.p99 / l.p50)
  return median(ratios)
}

/** Thresholds of a series: its matching rules plus the always-reported metrics (inform only). */
function rulesFor(key: string, results: ResultsFile, custom: boolean): MetricThreshold[] {
  const rules = thresholdsForSeries(key, results.settings.thresholds).filter(
    (t) => t.metric.startsWith('custom:') === custom,
  )
  if (custom) {
    const names = new Set(measured(results).flatMap((t) => t.custom.map((c) => `${c.name}:${c.type}`)))
    for (const entry of names) {
      const [name, type] = entry.split(':')
      const metric = `custom:${name}:${DEFAULT_CUSTOM_STAT[type as CustomMetricType]}` as MetricId
      if (!rules.some((r) => r.metric === metric || r.metric === `custom:${name}`))
        rules.push(informRule(metric))
    }
    return rules
  }
  for (const metric of REPORTED) if (!rules.some((r) => r.metric === metric)) rules.push(informRule(metric))
  return rules
}

function seriesKeys(
  results: ResultsFile,
): Array<{ key: string; scenario: string; method: string; name: string }> {
  const keys = new Map<string, { key: string; scenario: string; method: string; name: string }>()
  for (const trial of measured(results)) {
    for (const s of trial.series)
      keys.set(s.key, { key: s.key, scenario: s.scenario, method: s.method, name: s.name })
  }
  const list = [...keys.values()].sort((a, b) => a.key.localeCompare(b.key))
  if (measured(results).some((t) => t.custom.length > 0))
    list.push({ key: CUSTOM_SERIES, scenario: '', method: '', name: CUSTOM_SERIES })
  return list
}

function alphaFor(results: ResultsFile): number {
  return results.settings.maxRounds > results.settings.minRounds ? POCOCK_TWO_LOOKS : ALPHA
}

function assemble(
  results: ResultsFile,
  drafts: Draft[],
  kind: Comparison['kind'],
  options: CompareOptions,
  alpha: number,
): Comparison {
  const gated = drafts
    .flatMap((d) => d.metrics)
    .filter((m) => m.threshold.gate && m.stats && Number.isFinite(m.stats.p))
  const adjusted = holm(gated.map((m) => m.stats!.p))
  const pAdjusted = new Map(gated.map((m, i) => [m, adjusted[i]!]))
  const series: SeriesComparison[] = drafts.map((draft) => {
    const metrics: MetricComparison[] = draft.metrics.map((m) => {
      const padj = pAdjusted.get(m) ?? (m.stats ? m.stats.p : null)
      const significant = padj !== null && padj <= alpha
      let result: { verdict: MetricVerdict; note?: string } = m.stats
        ? classify(m.threshold, m.stats, significant, gated.length)
        : { verdict: 'INCONCLUSIVE', note: 'not measured in both arms' }
      if (m.base.target?.pass === false && m.threshold.gate) {
        result = { verdict: 'REGRESSION', note: `misses the target ${m.base.target.source}` }
      }
      return { ...m.base, pAdjusted: padj, ...result }
    })
    const gatedVerdicts = metrics.filter((m) => m.gate).map((m) => m.verdict)
    return { ...draft.series, metrics, verdict: worst(gatedVerdicts) }
  })
  const invalid = findInvalidReasons(results)
  const overall: Verdict = invalid.length > 0 ? 'INVALID' : worst(series.map((s) => s.verdict))
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

/** Same-job A/B: base and head trials paired by round (the gate). */
export function compareResults(results: ResultsFile, options: CompareOptions): Comparison {
  const alpha = alphaFor(results)
  const drafts: Draft[] = seriesKeys(results).map((s) => {
    const custom = s.key === CUSTOM_SERIES
    const metrics = rulesFor(s.key, results, custom).map((threshold) => {
      const samples = pairedSamples(results, s.key, threshold.metric, threshold.absolute)
      const stats = samples.differences.length > 0 ? signedRankInterval(samples.differences, 1 - alpha) : null
      return { base: metricComparison(threshold, samples, stats), threshold, stats }
    })
    return {
      series: {
        ...s,
        dispersion: dispersion(
          spread(
            measured(results, 'base').filter((t) => t.valid),
            s.key,
          ),
          spread(
            measured(results, 'head').filter((t) => t.valid),
            s.key,
          ),
        ),
      },
      metrics,
    }
  })
  return assemble(results, drafts, 'paired', options, alpha)
}

function dispersion(base: number | null, head: number | null): SeriesComparison['dispersion'] {
  const ratio = base !== null && head !== null && base > 0 ? head / base : null
  return {
    base,
    head,
    ratio,
    flagged: ratio !== null && (ratio >= DISPERSION_FLAG_RATIO || ratio <= 1 / DISPERSION_FLAG_RATIO),
  }
}

/** Stop after min-rounds unless a gated metric is still inconclusive (one planned extension). */
export function needsExtension(results: ResultsFile, options: CompareOptions): boolean {
  const comparison = compareResults(results, options)
  if (comparison.verdict === 'INVALID' || comparison.verdict === 'REGRESSION') return false
  return comparison.series.some((s) => s.metrics.some((m) => m.gate && m.verdict === 'INCONCLUSIVE'))
}

/**
 * `baseline: stored`: head trials of this run against the stored trials of a base-branch run,
 * unpaired (two-sample Hodges–Lehmann, Mann–Whitney interval). A cross-run comparison: the
 * machine and its load may differ between the two runs, which the report says.
 */
export function compareWithStored(
  results: ResultsFile,
  baseline: RunRecord,
  options: CompareOptions,
): Comparison {
  const alpha = ALPHA
  const head = measured(results, 'head').filter((t) => t.valid)
  const drafts: Draft[] = seriesKeys(results).map((s) => {
    const custom = s.key === CUSTOM_SERIES
    const metrics = rulesFor(s.key, results, custom).map((threshold) => {
      const stored = baseline.trials[s.key]?.[threshold.metric] ?? []
      const headValues = head
        .map((t) => metricValue(t, s.key, threshold.metric))
        .filter((v): v is number => v !== null)
      const samples: Samples = { base: stored, head: headValues, differences: [] }
      const x = stored.map((v) => transform(v, threshold.absolute)).filter((v): v is number => v !== null)
      const y = headValues.map((v) => transform(v, threshold.absolute)).filter((v): v is number => v !== null)
      const stats = x.length && y.length ? rankSumInterval(x, y, 1 - alpha) : null
      return { base: metricComparison(threshold, samples, stats), threshold, stats }
    })
    return { series: { ...s, dispersion: dispersion(null, spread(head, s.key)) }, metrics }
  })
  const comparison = assemble(results, drafts, 'stored', options, alpha)
  comparison.meta = { ...comparison.meta, base: baseline.meta.head }
  return comparison
}

function serviceComparisons(results: ResultsFile): ServiceComparison[] {
  const out: ServiceComparison[] = []
  for (const arm of ['base', 'head'] as const) {
    const trials = measured(results, arm).filter((t) => t.valid)
    const services = [...new Set(trials.flatMap((t) => t.resources.map((r) => r.service)))].sort()
    for (const service of services) {
      const perRequest: number[] = []
      const memory: number[] = []
      let restarts = 0
      for (const trial of trials) {
        const resource = trial.resources.find((r) => r.service === service)
        if (!resource) continue
        restarts += resource.restarts
        const requests = requestSeries(trial).reduce((n, s) => n + s.requests, 0)
        if (resource.cpuSeconds !== null && requests > 0) perRequest.push(resource.cpuSeconds / requests)
        if (resource.peakMemoryBytes !== null) memory.push(resource.peakMemoryBytes)
      }
      out.push({
        service,
        arm,
        cpuSecondsPerRequest: median(perRequest),
        peakMemoryBytes: median(memory),
        restarts,
      })
    }
  }
  return out
}
