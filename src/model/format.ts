import type { MetricComparison, SeriesComparison } from './types'

/** +12.3% / −4.0% (relative) or +0.50 pp (absolute, for rates); digits chosen after rounding, so 9.96% is +10%. */
export function formatChange(value: number, absolute: boolean): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±'
  const magnitude = Math.abs(value) * 100
  if (absolute) return `${sign}${magnitude.toFixed(2)} pp`
  return `${sign}${magnitude.toFixed(Number(magnitude.toFixed(1)) < 10 ? 1 : 0)}%`
}

/** A test level as printed: three significant digits (0.0258), never a float's seventeen. */
export function formatAlpha(alpha: number): string {
  return String(Number(alpha.toPrecision(3)))
}

export function formatInterval(m: Pick<MetricComparison, 'ci' | 'absolute'>): string {
  return m.ci ? `[${formatChange(m.ci.low, m.absolute)}, ${formatChange(m.ci.high, m.absolute)}]` : ''
}

/**
 * A metric's interval as its verdict used it. Likely over δ rests on two: its own interval, beyond
 * δ/2, and the family-wise bound, short of it (worse at all, not beyond δ/2, once corrected over the
 * gated metrics): both are shown, labelled, so that neither reads as contradicting the verdict.
 */
export function formatDecisionInterval(
  m: Pick<MetricComparison, 'ci' | 'absolute' | 'direction' | 'familyBound'>,
): string {
  const own = formatInterval(m)
  if (m.familyBound === undefined || !own) return own
  const side = m.direction === 'lower' ? '>' : '<'
  return `${own} on its own, ${side} ${formatBound(m.familyBound, m.absolute)} corrected over the gated metrics`
}

/**
 * A bound as formatChange prints it, cut toward no change rather than rounded: a bound just short of
 * δ/2 must not print as δ/2 itself (0.1% steps relative, 0.01 pp absolute).
 */
export function formatBound(value: number, absolute: boolean): string {
  const step = absolute ? 1e4 : 1e3
  return formatChange(Math.trunc(value * step + (value > 0 ? 1e-9 : -1e-9)) / step, absolute)
}

/** A measured value in its unit; null is "not measured", never 0. */
export function formatValue(unit: MetricComparison['unit'], value: number | null): string {
  if (value === null) return 'not measured'
  if (unit === 'ms') return `${value.toFixed(value < 10 ? 2 : 1)} ms`
  if (unit === 'ratio') return `${(value * 100).toFixed(2)}%`
  if (unit === 'req/s') return `${value.toFixed(1)}/s`
  return String(Number(value.toPrecision(4)))
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'not measured'
  if (bytes >= 1 << 30) return `${(bytes / (1 << 30)).toFixed(2)} GiB`
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MiB`
  return `${(bytes / 1024).toFixed(0)} KiB`
}

export function metricLabel(m: Pick<MetricComparison, 'metric'>): string {
  return m.metric.replace(/^custom:/, '').replace(/_/g, ' ')
}

/**
 * A series as it is written everywhere — comments, terminal, dashboard, and the globs of
 * `thresholds` and `erratic` that match it: its key, `<scenario> <METHOD> <name>`.
 */
export function seriesLabel(series: Pick<SeriesComparison, 'key'>): string {
  return series.key
}

const VERDICT_MARK: Record<string, string> = {
  REGRESSION: '❌',
  TARGET_MISSED: '❌',
  IMPROVEMENT: '✅',
  NO_CHANGE: '➖',
  INCONCLUSIVE: '❔',
  LIKELY_OVER_DELTA: '❗',
  INVALID: '⛔',
}

type Marked = Pick<MetricComparison, 'gate' | 'verdict' | 'direction' | 'ci' | 'absolute'>

/** NO CHANGE whose whole interval is on the good side: no regression, and better (not by δ, or not family-wise). */
export function betterWithinDelta(m: Marked): boolean {
  if (m.verdict !== 'NO_CHANGE' || !m.ci) return false
  return m.direction === 'lower' ? m.ci.high < 0 : m.ci.low > 0
}

/** A metric's mark: ❌ means "blocks"; an informational metric that moved gets ↑ or ↓, never better or worse. */
export function metricMark(m: Marked & Pick<MetricComparison, 'change'>): string {
  if (!m.gate)
    return informMoved(m) ? (m.change! > 0 ? '↑' : '↓') : m.verdict === 'INCONCLUSIVE' ? '❔' : '➖'
  return betterWithinDelta(m) ? '✅' : (VERDICT_MARK[m.verdict] ?? '')
}

/**
 * An informational metric that moved: its verdict, had it gated, would be a change — tested over the
 * informational metrics as a family (the same maxT as the gated ones), so that over a dozen series
 * an unchanged head rarely shows one. It says which way the metric moved, never better or worse.
 */
export function informMoved(m: Pick<MetricComparison, 'gate' | 'verdict' | 'change'>): boolean {
  return (
    !m.gate &&
    m.change !== null &&
    m.change !== 0 &&
    (m.verdict === 'REGRESSION' || m.verdict === 'IMPROVEMENT' || m.verdict === 'LIKELY_OVER_DELTA')
  )
}

/**
 * The column title of a comparison's intervals. Each look's interval has the look's nominal level
 * (94.8% at 10/15/20 rounds), but a run that stops at the look that decides needs the coverage over
 * every look: each side misses at some look in at most the plan's α, so the interval is a repeated
 * one, ≥ 1 − 2α over all looks (90% at the plan's α 0.05). One look only: its own level.
 */
export function intervalTitle(
  comparison: { series: { metrics: { ci: { level: number } | null }[] }[] },
  planAlpha = 0.05,
): string {
  const level = comparison.series.flatMap((s) => s.metrics).find((m) => m.ci && m.ci.level > 0)?.ci?.level
  const overLooks = Number((100 * (1 - 2 * planAlpha)).toPrecision(3))
  const nominal = level ? Number((level * 100).toPrecision(3)) : 95
  return nominal > overLooks ? `interval ≥ ${overLooks}% over all looks` : `${nominal}% interval`
}
