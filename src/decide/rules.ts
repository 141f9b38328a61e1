import type { MetricThreshold } from '../model/types'

/**
 * The minimum effect on the scale the statistics work on: as it is for absolute metrics, ln(1 + δ)
 * for relative ones (changes are log-ratios there, so the band is −δ/(1+δ) … +δ as a change).
 */
export function analysisMargin(t: { delta: number; absolute: boolean }): number {
  return t.absolute ? t.delta : Math.log1p(t.delta)
}

/** Whether a reported interval (as changes) lies inside the minimum effect both ways. */
export function insideMinimumEffect(
  ci: { low: number; high: number },
  t: { delta: number; absolute: boolean },
): boolean {
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
