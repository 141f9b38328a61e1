import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { betterWithinDelta, formatAlpha, formatChange, metricMark } from '../../src/model/format'
import type { MetricComparison } from '../../src/model/types'
import { parseThresholdLines } from '../../src/settings/thresholds'
import { verdictWord } from '../../src/report/format'
import { renderComment, renderSummary } from '../../src/report/markdown'
import { renderTerminal } from '../../src/report/terminal'
import { comparisons } from '../../testkit/comparisons'
import { makeResults, wobble } from '../../testkit/results-factory'

function nothingGatedResults() {
  return makeResults({
    rounds: 10,
    thresholds: parseThresholdLines(
      'p50 inform; p90 inform; throughput inform; all requests: throughput inform; error_rate inform',
      'thresholds',
    ),
    base: () => ({ p50: 10 }),
    head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
  })
}

const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }

describe('figures as printed', () => {
  test('a change rounds before its digits are chosen: 9.96% is +10%, like a δ of 10%', () => {
    assert.equal(formatChange(0.0996, false), '+10%')
    assert.equal(formatChange(-0.0996, false), '−10%')
    assert.equal(formatChange(0.0994, false), '+9.9%')
    assert.equal(formatChange(0.1, false), '+10%')
  })

  test('the level per look prints with three digits wherever it is shown', () => {
    const results = makeResults({
      rounds: 10,
      minRounds: 10,
      maxRounds: 20,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
    })
    const c = compareResults(results, opts)
    assert.ok(String(c.alpha).length > 10, `α ${c.alpha} has more digits than a reader needs`)
    assert.equal(formatAlpha(c.alpha), '0.0258')
    const terminal = renderTerminal(c, { color: false })
    assert.match(terminal, /α 0\.0258 per look/)
    assert.ok(!terminal.includes(String(c.alpha)))
    assert.ok(!renderComment(c, {}).includes(String(c.alpha)))
  })

  test('a run with nothing gated is its own outcome: no verdict, never an approval, wherever it is shown', () => {
    const c = comparisons.nothingGated()
    assert.ok(c.series.every((s) => s.metrics.every((m) => !m.gate)))
    assert.equal(c.verdict, 'NOTHING_GATED')
    assert.equal(c.blocking, true, 'it fails the run, whatever fail-on names')
    assert.equal(compareResults(nothingGatedResults(), { failOn: [] }).blocking, true)
    assert.match(
      c.headline,
      /^No verdict — no gated metric: every rule informs or matches no measured series, so this run decides nothing \(10 rounds\)$/,
    )
    for (const text of [renderComment(c, {}), renderSummary(c, {})]) {
      assert.doesNotMatch(text, /Approved|no change in any gated metric/)
      assert.match(text, /^(<!--.*-->\n)?### ⛔ loadgate · api — No verdict — no gated metric/)
      assert.match(text, /the run fails and its status is `error`/)
    }
    const terminal = renderTerminal(c, { color: false })
    assert.match(terminal, /^NOTHING GATED: No verdict — no gated metric/)
    assert.doesNotMatch(terminal, /Approved/)
  })

  test("the comment's legend names the rules that gated, and why medians and the change differ", () => {
    const byDefault = renderComment(comparisons.noChange(), {})
    assert.match(
      byDefault,
      /<sub>Gated: p50 \\\+5%, p90 \\\+10%, error rate \\\+0\\\.5pp; p95, throughput, p99, max only inform/,
    )
    assert.match(byDefault, /The gated tail is p90: `p95 \+10%` gates p95 too/)
    assert.match(
      byDefault,
      /it pairs each round's two trials, so it need not equal the ratio of the two medians/,
    )
    const results = makeResults({
      rounds: 10,
      thresholds: parseThresholdLines('p95 +10%', 'thresholds'),
      base: () => ({ p50: 10 }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
    })
    const p95Gated = renderComment(compareResults(results, opts), {})
    assert.match(p95Gated, /<sub>Gated: p50 \\\+5%, p90 \\\+10%, p95 \\\+10%/)
    assert.doesNotMatch(p95Gated, /The gated tail is p90/)
  })

  test('NO CHANGE whose interval is all on the good side is marked better, not "no change"', () => {
    const m: MetricComparison = {
      metric: 'p50',
      unit: 'ms',
      direction: 'lower',
      gate: true,
      base: 1,
      head: 0.87,
      change: -0.13,
      ci: { low: -0.21, high: -0.029, level: 0.95 },
      p: 0.99,
      pAdjusted: 1,
      pairs: 10,
      delta: 0.05,
      absolute: false,
      verdict: 'NO_CHANGE',
      noiseFloor: 0.09,
    }
    assert.equal(betterWithinDelta(m), true)
    assert.equal(metricMark(m), '✅')
    assert.equal(verdictWord(m), 'better, no regression')
    const straddles = { ...m, ci: { low: -0.21, high: 0.01, level: 0.95 } }
    assert.equal(metricMark(straddles), '➖')
    assert.equal(verdictWord(straddles), 'no change')
    const throughput = { ...m, direction: 'higher' as const, ci: { low: 0.029, high: 0.21, level: 0.95 } }
    assert.equal(verdictWord(throughput), 'better, no regression')
  })

  test('an A/A run\'s informational throughput that moved reads "higher", with an arrow: its interval is not corrected for the family', () => {
    const throughput: MetricComparison = {
      metric: 'throughput',
      unit: 'req/s',
      direction: 'higher',
      gate: false,
      base: 40,
      head: 42.5,
      change: 0.062,
      ci: { low: 0.005, high: 0.12, level: 0.9 },
      p: 0.04,
      pAdjusted: null,
      pairs: 10,
      delta: 0.05,
      absolute: false,
      verdict: 'IMPROVEMENT',
      noiseFloor: null,
    }
    assert.equal(verdictWord(throughput), 'higher')
    assert.equal(metricMark(throughput), '↑')
    const slower = {
      ...throughput,
      change: -0.062,
      ci: { low: -0.12, high: -0.005, level: 0.9 },
      verdict: 'REGRESSION' as const,
    }
    assert.equal(verdictWord(slower), 'lower')
    assert.equal(metricMark(slower), '↓')
    // Gated, the same figures are the gate's verdict.
    assert.equal(verdictWord({ ...throughput, gate: true }), 'improved')
    assert.equal(metricMark({ ...throughput, gate: true }), '✅')
  })

  test('a latency over endpoints of different speeds says what it is; over one endpoint it needs no word', () => {
    const mixed = (series: string[]) =>
      compareResults(
        makeResults({
          rounds: 10,
          series,
          base: (r, key) => ({ p50: key.includes('slow') ? 50 : 5 }),
          head: (r, key) => ({ p50: (key.includes('slow') ? 50 : 5) * (1 + wobble(r, 0.01, 2)) }),
        }),
        opts,
      ).series.find((s) => s.key === 'all requests')!
    const two = mixed(['all requests', 'api GET /fast', 'api GET /slow'])
    for (const metric of ['p50', 'p95'])
      assert.match(
        two.metrics.find((m) => m.metric === metric)!.note ?? '',
        /over endpoints of different speeds: moves with the request mix/,
      )
    assert.doesNotMatch(two.metrics.find((m) => m.metric === 'throughput')!.note ?? '', /request mix/)
    const one = mixed(['all requests', 'api GET /fast'])
    assert.doesNotMatch(one.metrics.find((m) => m.metric === 'p50')!.note ?? '', /request mix/)
  })
})
