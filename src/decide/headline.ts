import { isFewInstancesNote } from './instance-pairs'
import { ALL_REQUESTS } from '../model/metrics'
import { type Comparison, type MetricComparison, type SeriesComparison } from '../model/types'
import { minimumPairs } from './plan'
import { insideMinimumEffect } from './rules'
import {
  formatAlpha,
  formatBound,
  formatChange,
  formatInterval,
  formatValue,
  seriesLabel as where,
} from '../model/format'

function interval(m: MetricComparison): string {
  return m.ci ? ` ${formatInterval(m)}` : ''
}

function label(m: MetricComparison): string {
  return m.metric.replace(/^custom:/, '')
}

type Located = { series: SeriesComparison; metric: MetricComparison }

function gatedWith(comparison: Comparison, verdict: MetricComparison['verdict']): Located[] {
  return comparison.series.flatMap((series) =>
    series.metrics.filter((m) => m.gate && m.verdict === verdict).map((metric) => ({ series, metric })),
  )
}

/** "; also regressed: p90 of A, p50 of B and 2 more": the other metrics a headline stands for, by name. */
function alsoNamed(what: string, others: Located[]): string {
  if (others.length === 0) return ''
  const names = others.slice(0, 2).map((l) => `${label(l.metric)} of ${where(l.series)}`)
  const rest = others.length > 2 ? ` and ${others.length - 2} more` : ''
  return `; also ${what}: ${names.join(', ')}${rest}`
}

/** How far beyond its own δ a change went: ranks regressions and inconclusive bounds. */
function beyondDelta(m: MetricComparison, value: number | null | undefined): number {
  const bad = m.direction === 'lower' ? 1 : -1
  return ((value ?? 0) * bad) / (m.delta || 1)
}

/**
 * A tail that got much worse while the gated metrics held is what "all targets met" hides: the
 * spread (p99/p50) grew by the flag ratio and p99 itself went up (its estimate: a few rare stalls
 * need not make p99 significant in a short run, yet a 90× spread is measured all the same). Named in the
 * headline of a run that does not already block, an endpoint before the aggregate.
 */
function widerTail(comparison: Comparison): string {
  const worse = comparison.series
    .filter((s) => s.dispersion.flagged && (s.dispersion.ratio ?? 0) > 1)
    .map((series) => ({ series, p99: series.metrics.find((m) => m.metric === 'p99') }))
    .filter(({ p99 }) => (p99?.change ?? 0) > 0)
    .sort(
      (a, b) =>
        Number(a.series.key === ALL_REQUESTS) - Number(b.series.key === ALL_REQUESTS) ||
        b.series.dispersion.ratio! - a.series.dispersion.ratio!,
    )[0]
  if (!worse) return ''
  return `; but the latency spread of ${where(worse.series)} grew ${worse.series.dispersion.ratio!.toFixed(1)}× (p99 ${formatChange(worse.p99!.change!, false)})`
}

/** Why a run with nothing gated decides nothing: the headline, the status and the report say it. */
export const NOTHING_GATED_REASON =
  'no gated metric: every rule informs or matches no measured series, so this run decides nothing'

/** Why a head measured alone decides nothing: the headline, the status and the report say it. */
export const NO_BASE_REASON = 'no base to compare with: the head was measured alone'

/** The one line a reader gets in one second. Plain text: escape before rendering. */
export function describeHeadline(comparison: Comparison): string {
  const main = mainHeadline(comparison)
  return comparison.verdict === 'INVALID' || comparison.verdict === 'REGRESSION'
    ? main
    : `${main}${widerTail(comparison)}`
}

function mainHeadline(comparison: Comparison): string {
  const rounds = `${comparison.rounds} round${comparison.rounds === 1 ? '' : 's'}`
  switch (comparison.verdict) {
    case 'INVALID': {
      const reasons = comparison.invalid.map((r) => r.message)
      return `Invalid run — ${reasons[0] ?? 'the measurement cannot be trusted'}${reasons.length > 1 ? ` (+${reasons.length - 1} more)` : ''}`
    }
    case 'REGRESSION': {
      const found = gatedWith(comparison, 'REGRESSION').sort(
        (a, b) => beyondDelta(b.metric, b.metric.change) - beyondDelta(a.metric, a.metric.change),
      )
      const first = found[0]
      const prefix = comparison.blocking ? 'Blocked' : 'Regression'
      if (!first) return `${prefix} — a gated metric regressed`
      const { series, metric } = first
      return `${prefix} — ${label(metric)} of ${where(series)} ${formatChange(metric.change ?? 0, metric.absolute)}${interval(metric)}${alsoNamed('regressed', found.slice(1))}`
    }
    case 'TARGET_MISSED': {
      const found = gatedWith(comparison, 'TARGET_MISSED')
      const { series, metric } = found[0]!
      const t = metric.target!
      const prefix = comparison.blocking ? 'Blocked' : 'Target missed'
      const lowerIsGood = t.comparator === '<' || t.comparator === '<='
      const bound = lowerIsGood ? t.low : t.high
      const sure =
        bound == null ? '' : ` (${lowerIsGood ? 'at least' : 'at most'} ${formatValue(metric.unit, bound)})`
      const base = t.baseMisses ? '; the base misses it too' : ''
      return `${prefix} — ${label(metric)} of ${where(series)} is ${formatValue(metric.unit, t.actual)}${sure}, target ${t.source}${base}${alsoNamed('missed its target', found.slice(1))}`
    }
    case 'LIKELY_OVER_DELTA': {
      const first = gatedWith(comparison, 'LIKELY_OVER_DELTA').sort(
        (a, b) => beyondDelta(b.metric, b.metric.change) - beyondDelta(a.metric, a.metric.change),
      )[0]!
      const { series, metric } = first
      const prefix = comparison.blocking ? 'Blocked — likely over δ' : 'Inconclusive, likely over δ'
      const half = formatChange(((metric.direction === 'lower' ? 1 : -1) * metric.delta) / 2, metric.absolute)
      const more = metric.roundsToDecide ? `; ${metric.roundsToDecide} rounds or more would decide` : ''
      const corrected =
        metric.familyBound === undefined
          ? 'not once corrected for the other gated metrics'
          : `only past ${formatBound(metric.familyBound, metric.absolute)} corrected for the other gated metrics`
      return `${prefix} — ${label(metric)} of ${where(series)} ${formatChange(metric.change ?? 0, metric.absolute)}${interval(metric)} after ${rounds}: past ${half} (half its δ) by its own interval, ${corrected}${more}`
    }
    case 'INCONCLUSIVE': {
      const needed = minimumPairs(comparison.alpha)
      if (comparison.rounds < needed && comparison.kind === 'paired') {
        return `Inconclusive — ${rounds} can never be significant at α ${formatAlpha(comparison.alpha)}: at least ${needed} are needed`
      }
      const offset = gatedWith(comparison, 'INCONCLUSIVE').find((l) => isFewInstancesNote(l.metric.note))
      if (offset) return `Inconclusive — ${offset.metric.note!.split(';')[0]} (${rounds})`
      const found = gatedWith(comparison, 'INCONCLUSIVE')
        .map((l) => ({
          ...l,
          bound: l.metric.ci ? (l.metric.direction === 'lower' ? l.metric.ci.high : l.metric.ci.low) : null,
        }))
        .sort((a, b) => beyondDelta(b.metric, b.bound) - beyondDelta(a.metric, a.bound))
      const first = found[0]
      const target = first?.metric.target
      // A change ruled out, yet a target the trials cannot tell met from missed: that is what is open.
      if (
        first &&
        target &&
        target.pass === null &&
        target.actual !== null &&
        beyondDelta(first.metric, first.bound) < 1
      ) {
        const range = `[${formatValue(first.metric.unit, target.low ?? null)}, ${formatValue(first.metric.unit, target.high ?? null)}]`
        return `Inconclusive — can't tell whether ${label(first.metric)} of ${where(first.series)} meets its target ${target.source}: ${formatValue(first.metric.unit, target.actual)} ${range} after ${rounds}`
      }
      if (!first || first.bound === null) return `Inconclusive — not enough data in ${rounds}`
      return `Inconclusive — can't rule out ${formatChange(first.bound, first.metric.absolute)} on ${label(first.metric)} of ${where(first.series)} after ${rounds}`
    }
    case 'IMPROVEMENT': {
      const first = gatedWith(comparison, 'IMPROVEMENT').sort(
        (a, b) => beyondDelta(a.metric, a.metric.change) - beyondDelta(b.metric, b.metric.change),
      )[0]
      const prefix = comparison.blocking ? 'Blocked' : 'Approved'
      if (!first) return `${prefix} — improved`
      return `${prefix} — ${label(first.metric)} of ${where(first.series)} improved ${formatChange(first.metric.change ?? 0, first.metric.absolute)}${interval(first.metric)}`
    }
    case 'NO_BASE':
      return `Not compared — ${NO_BASE_REASON} (${rounds})`
    case 'NOTHING_GATED':
      return `No verdict — ${NOTHING_GATED_REASON} (${rounds})`
    case 'NO_CHANGE': {
      const prefix = comparison.blocking ? 'Blocked' : 'Approved'
      // A real change under δ (absolute metrics included) is what a reader must not miss.
      const worseUnderDelta = gatedWith(comparison, 'NO_CHANGE')
        .filter((l) => l.metric.note?.startsWith('worse by'))
        .sort((a, b) => beyondDelta(b.metric, b.metric.change) - beyondDelta(a.metric, a.metric.change))[0]
      if (worseUnderDelta) {
        const { series, metric } = worseUnderDelta
        return `${prefix} — every gated metric is within its δ, but ${label(metric)} of ${where(series)} is worse by ${formatChange(metric.change ?? 0, metric.absolute)}${interval(metric)} (${rounds})`
      }
      return `${prefix} — ${ruledOut(comparison)} (${rounds})`
    }
  }
}

/**
 * What an approval showed, as it is: each gated relative metric's own interval ruled out a change
 * (or a regression) of the largest bound among them, in percent; an error rate (points) within its δ.
 */
function ruledOut(comparison: Comparison): string {
  const all = comparison.series.flatMap((s) => s.metrics).filter((m) => m.gate && m.ci)
  const relative = all.filter((m) => !m.absolute)
  const absolute = [...new Set(all.filter((m) => m.absolute).map(label))]
  const points = absolute.length
    ? `; ${absolute.join(', ')} within ${absolute.length > 1 ? 'their' : 'its'} δ`
    : ''
  if (relative.length === 0) return `no change in any gated metric${points}`
  // Every interval inside ±δ (as the verdict judges it): no change either way. Otherwise some
  // interval still allows an improvement beyond δ, and what the run showed is that nothing regressed.
  const insideDelta = relative.every((m) => insideMinimumEffect(m.ci!, m))
  const reach = (m: MetricComparison) =>
    insideDelta
      ? Math.max(Math.abs(m.ci!.low), Math.abs(m.ci!.high))
      : m.direction === 'lower'
        ? m.ci!.high
        : -m.ci!.low
  const bound = Math.max(0, ...relative.map(reach))
  const kind = insideDelta ? 'change' : 'regression'
  const names = [...new Set(relative.map(label))]
  const which =
    names.length <= 4
      ? names.join(', ').replace(/, ([^,]+)$/, ' or $1')
      : `any of ${names.length} gated metrics`
  // Every interval at or below zero on the bad side: "≥ 0.0%" would read as a typo.
  if (bound < 0.0005) return `no ${kind} in ${which}, each by its own interval${points}`
  return `no ${kind} ≥ ${(bound * 100).toFixed(1)}% in ${which}, each by its own interval${points}`
}
