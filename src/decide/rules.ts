import type { MetricThreshold } from '../model/types'

type Rule = { delta: number; absolute: boolean; direction?: MetricThreshold['direction'] }

/**
 * The minimum effect on the scale the statistics work on, as a worsening (positive): δ itself for
 * absolute metrics; for relative ones a rise of δ, ln(1 + δ), when lower is better, and a drop of δ,
 * −ln(1 − δ), when higher is better (a throughput rule of −5% gates at −5%, not at −4.76%).
 */
export function analysisMargin(t: Rule, fraction = 1): number {
  const delta = t.delta * fraction
  if (t.absolute) return delta
  return t.direction === 'higher' ? -Math.log1p(-Math.min(delta, 1 - 1e-12)) : Math.log1p(delta)
}

/** Whether a reported interval (as changes) lies inside the minimum effect both ways. */
export function insideMinimumEffect(ci: { low: number; high: number }, t: Rule): boolean {
  const margin = analysisMargin(t)
  const scale = (change: number) => (t.absolute ? change : Math.log1p(change))
  return scale(ci.low) > -margin && scale(ci.high) < margin
}

/** `*` any run of characters, `?` one character; over the whole text, line breaks included. */
export function globMatches(glob: string, text: string): boolean {
  const pattern = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^(?:${pattern})$`, 's').test(text)
}

/** For one series, the rule of each metric whose glob matches most specifically (most literal characters). */
export function thresholdsForSeries(seriesKey: string, all: MetricThreshold[]): MetricThreshold[] {
  const best = new Map<string, MetricThreshold>()
  const specificity = (t: MetricThreshold) => t.series.replace(/[*?]/g, '').length
  for (const rule of all) {
    if (!globMatches(rule.series, seriesKey)) continue
    const current = best.get(rule.metric)
    if (!current || specificity(rule) >= specificity(current)) best.set(rule.metric, rule)
  }
  return [...best.values()]
}
