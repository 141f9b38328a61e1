import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { helpText } from '../../src/cli/help'
import {
  defaultGatesShort,
  defaultPhrases,
  defaultRulesText,
  gatedLatencyMetrics,
  watchedMetricsText,
  withDefaultPhrases,
} from '../../src/settings/default-gates'
import { describeInput } from '../../src/settings/input-lookup'
import { INPUTS } from '../../src/settings/inputs'
import { defaultThresholds } from '../../src/settings/thresholds'

// Every place a user reads the default rules names the same gated metrics, from defaultThresholds():
// a default changed there and not here (or a page edited by hand) fails one of these.

const oneLine = (text: string) => text.replace(/\s+/g, ' ')

test('the phrases follow the default rules: p50 and p90 gate per endpoint, p95 informs', () => {
  const gated = defaultThresholds().filter((rule) => rule.gate)
  assert.deepEqual(gatedLatencyMetrics(), ['p50', 'p90'])
  for (const rule of gated) assert.match(defaultGatesShort(), new RegExp(`\\b${rule.metric} [+-]`))
  assert.equal(
    defaultRulesText(),
    'p50 +5%, p90 +10% and error_rate +0.5pp per endpoint and throughput -5% of all requests gate; p95, p99 and max inform',
  )
  assert.equal(watchedMetricsText(), 'p50 and p90 per endpoint and throughput of all requests')
})

test('the README and docs/ name the defaults between markers, each holding what the rules say today', () => {
  const expected: Record<string, string[]> = {
    'README.md': ['default-rules', 'gated-tail'],
    'docs/configuration.md': ['default-rules'],
    'docs/history.md': ['banded-metrics', 'watched-metrics'],
  }
  for (const [page, names] of Object.entries(expected)) {
    const text = readFileSync(page, 'utf8')
    for (const name of names) {
      const marked = new RegExp(`<!-- ${name} -->([^<]*)<!-- /${name} -->`).exec(text)
      assert.ok(marked, `${page} names the defaults between <!-- ${name} --> markers`)
      assert.equal(marked[1], defaultPhrases()[name], `${page} ${name}: run npm run docs`)
    }
    assert.equal(withDefaultPhrases(text), text, `${page}: run npm run docs`)
  }
  // A page with a stale phrase is rewritten: the check above is not vacuous.
  const stale = 'by default <!-- default-rules -->p50 +5%, p95 +10% gate<!-- /default-rules -->.'
  assert.equal(
    withDefaultPhrases(stale),
    `by default <!-- default-rules -->${defaultRulesText()}<!-- /default-rules -->.`,
  )
})

test('`compare --help`, `history --help` and the thresholds input name the same defaults', () => {
  assert.match(
    oneLine(helpText('compare')),
    new RegExp(`\\(default gates: ${escape(defaultGatesShort())}\\)`),
  )
  assert.match(oneLine(helpText('history')), new RegExp(escape(watchedMetricsText())))
  const thresholds = INPUTS.find((input) => input.name === 'thresholds')!
  assert.match(describeInput(thresholds), new RegExp(`Default: ${escape(defaultRulesText())}`))
  for (const text of [helpText('compare'), describeInput(thresholds)])
    assert.doesNotMatch(oneLine(text), /default[^.]*p95 \+10%,/i, 'p95 is not among the default gates')
})

test('the dashboard bands the percentiles that gate by default, in its legend, lines and colours', () => {
  const app = readFileSync('site/app.js', 'utf8')
  const legend = app.slice(app.indexOf('latency: ['), app.indexOf('traffic: ['))
  const banded = [...legend.matchAll(/name: '(p\d+)', color: '--(p\d+)', series: \[\d+, \d+, \d+\]/g)]
  assert.deepEqual(
    banded.map((m) => m[1]),
    gatedLatencyMetrics(),
  )
  const css = readFileSync('site/app.css', 'utf8')
  for (const metric of gatedLatencyMetrics()) {
    assert.match(app, new RegExp(`label: '${metric} low'`), `${metric}'s band is drawn`)
    assert.match(app, new RegExp(`col\\('${metric}', 'high'\\)`), `${metric}'s band is read`)
    assert.match(css, new RegExp(`--${metric}:`), `${metric} has a colour`)
  }
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
