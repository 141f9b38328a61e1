import { ALL_REQUESTS, CUSTOM_SERIES, DEFAULT_CUSTOM_STAT, metricDefaults } from '../model/metrics'
import type { CustomMetricType, MetricId, MetricThreshold, ResultsFile } from '../model/types'
import { globMatches, thresholdsForSeries } from './rules'
import { measured } from './samples'

/** Reported for every request series, gated or not. */
const REPORTED: MetricId[] = ['p50', 'p95', 'p99', 'throughput', 'error_rate']

export interface SeriesIdentity {
  key: string
  scenario: string
  method: string
  name: string
  /** Marked erratic in the settings: the reason; its metrics inform only. */
  erratic?: string
}

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

/** Why the settings mark a series erratic (the first matching entry), or undefined. */
export function erraticReason(key: string, results: ResultsFile): string | undefined {
  return results.settings.erratic?.find((e) => globMatches(e.series, key))?.reason
}

/**
 * Thresholds of a series: its matching rules plus the always-reported metrics (inform only); every
 * rule only informs for an erratic series.
 */
export function rulesFor(key: string, results: ResultsFile): MetricThreshold[] {
  const rules = matchingRules(key, results)
  return erraticReason(key, results) === undefined ? rules : rules.map((r) => ({ ...r, gate: false }))
}

function matchingRules(key: string, results: ResultsFile): MetricThreshold[] {
  const custom = key === CUSTOM_SERIES
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

/** Every measured series, sorted by key, then the custom-metrics series when there are any. */
export function seriesKeys(results: ResultsFile): SeriesIdentity[] {
  const keys = new Map<string, SeriesIdentity>()
  for (const trial of measured(results)) {
    for (const s of trial.series)
      keys.set(s.key, { key: s.key, scenario: s.scenario, method: s.method, name: s.name })
  }
  for (const identity of keys.values()) {
    const reason = erraticReason(identity.key, results)
    if (reason !== undefined) identity.erratic = reason
  }
  const list = [...keys.values()].sort((a, b) => a.key.localeCompare(b.key))
  if (measured(results).some((t) => t.custom.length > 0))
    list.push({ key: CUSTOM_SERIES, scenario: '', method: '', name: CUSTOM_SERIES })
  return list
}

/**
 * A line for every `thresholds` or `erratic` glob that matches none of the measured series (a typo
 * or a series named differently than it is written), naming the series that exist. A glob of `*`
 * or `all requests` (the aggregate every run has, which the built-in throughput rule names) never warns.
 */
export function unmatchedGlobs(results: ResultsFile): string[] {
  const keys = seriesKeys(results).map((s) => s.key)
  if (keys.length === 0) return []
  const globs = [
    ...results.settings.thresholds.map((t) => ({ input: 'thresholds', glob: t.series })),
    ...(results.settings.erratic ?? []).map((e) => ({ input: 'erratic', glob: e.series })),
  ]
  const seen = new Set<string>()
  const lines: string[] = []
  for (const { input, glob } of globs) {
    if (
      glob === '*' ||
      glob === ALL_REQUESTS ||
      seen.has(`${input} ${glob}`) ||
      keys.some((key) => globMatches(glob, key))
    )
      continue
    seen.add(`${input} ${glob}`)
    const shown = keys
      .slice(0, 12)
      .map((k) => `'${k}'`)
      .join(', ')
    const more = keys.length > 12 ? ` and ${keys.length - 12} more` : ''
    lines.push(
      `Input '${input}': '${glob}' matches no measured series, so it applies to nothing; ` +
        `the series are ${shown}${more} (a glob matches the whole name: '*GET /search' for any scenario)`,
    )
  }
  return lines
}
