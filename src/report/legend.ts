import { NOTHING_GATED_REASON } from '../decide/headline'
import { metricLabel } from '../model/format'
import type { Comparison, MetricComparison } from '../model/types'
import { escapeMarkdown } from './escape'

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A rule as the legend names it: `p90 +10%`, `throughput −5%`, `error_rate +0.5pp`. */
function ruleText(m: MetricComparison): string {
  const sign = m.direction === 'lower' ? '+' : '−'
  const size = m.absolute
    ? `${Number((m.delta * 100).toFixed(2))}pp`
    : `${Number((m.delta * 100).toFixed(2))}%`
  return `${metricLabel(m)} ${sign}${size}`
}

/**
 * Under the gated table: which rules gate (this run's, from its comparison), which metrics only
 * inform, and why the medians and the change need not agree (the change is the rounds', what the
 * test judges; a median of each arm's trials is a level, not a pairing).
 */
export function legend(comparison: Comparison): string {
  const metrics = comparison.series.flatMap((s) => s.metrics)
  const gated = [...new Set(metrics.filter((m) => m.gate).map(ruleText))]
  const gatedNames = new Set(metrics.filter((m) => m.gate).map((m) => m.metric))
  const inform = [...new Set(metrics.filter((m) => !m.gate && !gatedNames.has(m.metric)).map(metricLabel))]
  const informs = inform.length ? `; ${inform.map(escapeMarkdown).join(', ')} only inform` : ''
  // The default: p90 carries the tail's signal; p95's rests on fewer requests and moves more a round.
  const tail =
    gatedNames.has('p90') && !gatedNames.has('p95')
      ? ' The gated tail is p90: `p95 +10%` gates p95 too, where the traffic gives it enough requests.'
      : ''
  return (
    `<sub>Gated: ${gated.map(escapeMarkdown).join(', ')}${informs} (\`thresholds\` sets them).${tail} ` +
    "Base and head: each arm's median over its trials. Typical round's change: the rounds' median " +
    "head/base ratio (Hodges–Lehmann) and its own interval, what the test judges; it pairs each round's " +
    'two trials, so it need not equal the ratio of the two medians, nor share its sign. The interval is ' +
    'each metric on its own; a regression must also hold corrected over every gated metric, and a ' +
    'likely over δ row shows beside it the bound corrected over them that its verdict used. The run ' +
    'stops at the look that decides, so its intervals are repeated ones: each look at its own level, ' +
    'all of them together at the level shown.</sub>'
  )
}

/** What each mark of the tables means, in the words of docs/statistics.md; one line. */
export const MARKS_LEGEND =
  "<sub>δ: the rule's tolerance · ❌ regressed beyond δ/2, or missed its target · ❗ likely over δ " +
  '(beyond δ/2 on its own, not once corrected) · ❔ inconclusive · ➖ no change (δ ruled out) · ' +
  '✅ improved, or better within δ · ↑ ↓ an informational metric moved (corrected over the ' +
  'informational metrics; never blocks)</sub>'

/** In place of the gated table when nothing is gated: the run decides nothing, and what to do. */
export function nothingGatedText(): string {
  return (
    `**${upperFirst(NOTHING_GATED_REASON)}.** No change is approved or blocked: the run fails and ` +
    'its status is `error`, so a required check does not pass. Gate a metric in `thresholds` ' +
    '(e.g. `p50 +5%`); what was measured is in the details.'
  )
}
