import { ALL_REQUESTS } from '../model/metrics'
import type { MetricId, MetricThreshold } from '../model/types'
import { defaultThresholds } from './thresholds'

/**
 * The default rules in words, for everything a user reads about them: the inputs table (action.yml,
 * docs/configuration.md), `compare --help`, the README and docs/ (`npm run docs` writes them between
 * `<!-- NAME -->` markers) and the dashboard's banded lines. One source: defaultThresholds().
 */

/** `+10%`, `-5%`, `+0.5pp`: a rule's minimum effect as a rule line writes it. */
export function ruleEffect(rule: MetricThreshold): string {
  const sign = rule.direction === 'lower' ? '+' : '-'
  return `${sign}${Number((rule.delta * 100).toPrecision(6))}${rule.absolute ? 'pp' : '%'}`
}

const gatedRules = () => defaultThresholds().filter((rule) => rule.gate)

function listed(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** Rules in words grouped by where they apply: "p50 and p90 per endpoint and throughput of all requests". */
function byScope(rules: MetricThreshold[], word: (rule: MetricThreshold) => string): string {
  const perEndpoint = rules.filter((rule) => rule.series !== ALL_REQUESTS).map(word)
  const together = rules.filter((rule) => rule.series === ALL_REQUESTS).map(word)
  const groups = [
    perEndpoint.length > 0 ? `${listed(perEndpoint)} per endpoint` : '',
    together.length > 0 ? `${listed(together)} of all requests` : '',
  ]
  return groups.filter(Boolean).join(' and ')
}

/** The metrics of the default rules that never gate: they only inform. */
function informingMetrics(): MetricId[] {
  const gated = new Set(gatedRules().map((rule) => rule.metric))
  const all = defaultThresholds().map((rule) => rule.metric)
  return [...new Set(all)].filter((metric) => !gated.has(metric))
}

/** "p50 +5%, p90 +10%, throughput -5%, error_rate +0.5pp": the gating defaults, as rules. */
export function defaultGatesShort(): string {
  return gatedRules()
    .map((rule) => `${rule.metric} ${ruleEffect(rule)}`)
    .join(', ')
}

/** The default rules in one sentence: what gates, where, and what informs. */
export function defaultRulesText(): string {
  const gates = byScope(gatedRules(), (rule) => `${rule.metric} ${ruleEffect(rule)}`)
  return `${gates} gate; ${listed(informingMetrics())} inform`
}

/** What change points watch by default: the gated relative metrics. */
export function watchedMetricsText(): string {
  const watched = gatedRules().filter((rule) => !rule.absolute)
  return byScope(watched, (rule) => rule.metric)
}

/** The latency percentiles that gate by default (p50 and the gated tail): the dashboard bands them. */
export function gatedLatencyMetrics(): MetricId[] {
  const latency = (metric: MetricId) => /^p\d+$/.test(metric)
  return [...new Set(gatedRules().map((rule) => rule.metric))].filter(latency)
}

/** The gated tail: the highest latency percentile that gates by default. */
export function gatedTail(): MetricId {
  return gatedLatencyMetrics().at(-1)!
}

/** The phrases docs name between `<!-- NAME -->` and `<!-- /NAME -->`, by NAME. */
export function defaultPhrases(): Record<string, string> {
  return {
    'default-rules': defaultRulesText(),
    'default-gates': defaultGatesShort(),
    'watched-metrics': watchedMetricsText(),
    'gated-tail': gatedTail(),
    'banded-metrics': listed(gatedLatencyMetrics()),
  }
}

/** `text` with every `<!-- NAME -->…<!-- /NAME -->` of defaultPhrases() holding today's phrase. */
export function withDefaultPhrases(text: string): string {
  let updated = text
  for (const [name, phrase] of Object.entries(defaultPhrases())) {
    const marked = new RegExp(`(<!-- ${name} -->)[^<]*(<!-- /${name} -->)`, 'g')
    updated = updated.replace(marked, (_, open: string, close: string) => `${open}${phrase}${close}`)
  }
  return updated
}
