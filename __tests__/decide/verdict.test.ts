import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults, compareWithStored, needsMoreRounds } from '../../src/decide'
import { insideMinimumEffect } from '../../src/decide/rules'
import { parseThresholdLines } from '../../src/settings/thresholds'
import { makeResults, wobble } from '../../testkit/results-factory'
import type { RunRecord } from '../../src/model/types'

const failOn = ['REGRESSION', 'INVALID'] as const
const opts = { failOn: [...failOn] }

function metric(comparison: ReturnType<typeof compareResults>, name: string, key = 'api GET /items/:id') {
  const found = comparison.series.find((s) => s.key === key)?.metrics.find((m) => m.metric === name)
  assert.ok(found, `metric ${name} of ${key}`)
  return found
}

describe('verdict', () => {
  test('a 30% slower head with 9% noise is a REGRESSION that blocks', () => {
    const results = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.09, 1)) }),
      head: (r) => ({ p50: 13 * (1 + wobble(r, 0.09, 2)) }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'REGRESSION')
    assert.equal(c.blocking, true)
    const p50 = metric(c, 'p50')
    assert.equal(p50.verdict, 'REGRESSION')
    assert.ok(p50.change! > 0.2 && p50.change! < 0.4, `change ${p50.change}`)
    assert.ok(p50.ci!.low > 0.05)
    assert.match(c.headline, /^Blocked — p(50|95) of api GET \/items\/:id \+\d+%/)
  })

  test('identical arms within noise are NO CHANGE and say what could be ruled out', () => {
    const results = makeResults({
      rounds: 12,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'NO_CHANGE')
    assert.equal(c.blocking, false)
    // What it is: each relative metric's own interval; the error rate's δ is in points, not in the %.
    assert.match(
      c.headline,
      /^Approved — no change ≥ \d+\.\d% in p50 or p90, each by its own interval; error_rate within its δ \(12 rounds\)$/,
    )
    assert.ok(metric(c, 'p50').noiseFloor! < 0.05)
  })

  test('an improvement is the mirror image', () => {
    const results = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.03, 1)) }),
      head: (r) => ({ p50: 7 * (1 + wobble(r, 0.03, 2)) }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'IMPROVEMENT')
    assert.match(c.headline, /^Approved — p\d+ of .* improved −\d+%/)
  })

  test('large noise and a small shift are INCONCLUSIVE, naming the change that cannot be ruled out', () => {
    const results = makeResults({
      rounds: 8,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.3, 1)) }),
      head: (r) => ({ p50: 10.3 * (1 + wobble(r, 0.3, 2)) }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'INCONCLUSIVE')
    assert.match(c.headline, /^Inconclusive — can't rule out \+\d+% on p\d+ of/)
    assert.match(metric(c, 'p50').note ?? '', /can't rule out/)
  })

  test('a head a little faster within noise: a regression is ruled out, so NO CHANGE, and better says so', () => {
    // Noisy trials and a head about 4% faster: the interval reaches beyond −5% (an improvement
    // larger than δ cannot be ruled out) but stays below +5%, which is what the gate asks.
    const results = makeResults({
      rounds: 12,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.06, 1)) }),
      head: (r) => ({ p50: 9.6 * (1 + wobble(r, 0.06, 2)) }),
    })
    const c = compareResults(results, opts)
    const p50 = metric(c, 'p50')
    assert.match(
      c.headline,
      /^Approved — no regression (≥ \d\.\d% )?in p50 or p90, each by its own interval; error_rate within its δ \(12 rounds\)$/,
    )
    assert.ok(p50.ci!.low < -0.05 && p50.ci!.high < 0.05, `CI [${p50.ci!.low}, ${p50.ci!.high}]`)
    assert.equal(p50.verdict, 'NO_CHANGE')
    assert.match(p50.note ?? '', /^better by 3\.\d%: no regression$/)
  })

  test('the headline and the verdict agree on "inside ±δ": relative changes on the log scale', () => {
    const p10 = { delta: 0.1, absolute: false }
    // On the log scale ±δ is −9.09% … +10% as a change: −9.5% reaches past it, −9% does not.
    assert.equal(insideMinimumEffect({ low: -0.095, high: 0.05 }, p10), false)
    assert.equal(insideMinimumEffect({ low: -0.09, high: 0.05 }, p10), true)
    assert.equal(insideMinimumEffect({ low: -0.05, high: 0.1 }, p10), false)
    const points = { delta: 0.005, absolute: true }
    assert.equal(insideMinimumEffect({ low: -0.0049, high: 0.0049 }, points), true)
    // Every NO CHANGE with a one-sided note gets the one-sided headline, and only those.
    for (const shift of [0.9, 0.93, 0.96, 0.98, 1]) {
      const c = compareResults(
        makeResults({
          rounds: 12,
          base: (r) => ({ p50: 10 * (1 + wobble(r, 0.06, 1)) }),
          head: (r) => ({ p50: 10 * shift * (1 + wobble(r, 0.06, 2)) }),
        }),
        opts,
      )
      if (c.verdict !== 'NO_CHANGE') continue
      const oneSided = c.series.some((s) =>
        s.metrics.some((m) => m.gate && !m.absolute && m.ci && !insideMinimumEffect(m.ci, m)),
      )
      assert.equal(/no regression /.test(c.headline), oneSided, `${shift}: ${c.headline}`)
    }
  })

  test('fewer than 5 pairs can never be significant, and the report says so', () => {
    const results = makeResults({ rounds: 4, base: () => ({ p50: 10 }), head: () => ({ p50: 20 }) })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'INCONCLUSIVE')
    assert.match(c.headline, /4 rounds can never be significant at α 0.05: at least 5 are needed/)
    assert.match(metric(c, 'p50').note ?? '', /never be significant/)
  })

  test('the fewest rounds follow from the looks\' level: 5 pairs at 0.0247 can never be significant, never "+Infinity%"', () => {
    const results = makeResults({
      rounds: 5,
      minRounds: 5,
      maxRounds: 12,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.05, 1)) }),
      head: (r) => ({ p50: 13 * (1 + wobble(r, 0.05, 2)) }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.alpha.toFixed(4), '0.0247')
    assert.equal(c.verdict, 'INCONCLUSIVE')
    assert.equal(
      c.headline,
      'Inconclusive — 5 rounds can never be significant at α 0.0247: at least 6 are needed',
    )
    for (const s of c.series) {
      for (const m of s.metrics)
        assert.doesNotMatch(m.note ?? '', /Infinity/, `${s.key} ${m.metric}: ${m.note}`)
    }
    assert.match(
      metric(c, 'p50').note ?? '',
      /5 pairs can never be significant at α 0.0247: at least 6 are needed/,
    )
  })

  test('zero variance and ties: identical constant values are NO CHANGE', () => {
    const results = makeResults({ rounds: 8, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'NO_CHANGE')
    assert.equal(metric(c, 'p50').change, 0)
    assert.equal(
      c.headline,
      'Approved — no change in p50 or p90, each by its own interval; error_rate within its δ (8 rounds)',
      'never "≥ 0.0%"',
    )
  })

  test('head failing every request is INVALID with the error rate and status codes, never a latency verdict', () => {
    const results = makeResults({
      rounds: 8,
      base: () => ({ p50: 10 }),
      head: () => ({ p50: 5, errorRate: 1, statusCode: '503' }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'INVALID')
    assert.equal(c.blocking, true)
    assert.match(c.headline, /^Invalid run — head returned 100\.0% errors \(HTTP 503 ×\d+\)/)
    assert.equal(metric(c, 'p50').head, null)
  })

  test('errors in the base arm, a failed trial, a restarted container and dropped iterations are INVALID too', () => {
    const cases = [
      { base: { errorRate: 0.05 }, kind: 'error-rate' },
      { head: { valid: false }, kind: 'trial-failed' },
      { head: { disrupted: true }, kind: 'container' },
      { head: { droppedIterations: 200 }, kind: 'dropped-iterations' },
    ]
    for (const c of cases) {
      const results = makeResults({
        rounds: 6,
        base: () => ({ p50: 10, ...(c.base ?? {}) }),
        head: (r) => ({ p50: 10, ...(r === 3 ? (c.head ?? {}) : {}) }),
      })
      const comparison = compareResults(results, opts)
      assert.equal(comparison.verdict, 'INVALID', c.kind)
      assert.ok(
        comparison.invalid.some((i) => i.kind === c.kind),
        `${c.kind}: ${JSON.stringify(comparison.invalid)}`,
      )
    }
  })

  test('a target missed beyond doubt is its own verdict, with a bound on the head, and says the base misses it too', () => {
    const results = makeResults({
      rounds: 8,
      thresholds: parseThresholdLines('p95 < 15ms', 'thresholds'),
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
    })
    const c = compareResults(results, opts)
    const m = metric(c, 'p95')
    assert.equal(m.verdict, 'TARGET_MISSED', 'no change between the arms: not a regression')
    assert.equal(c.verdict, 'TARGET_MISSED')
    assert.equal(c.blocking, true, 'fail-on REGRESSION blocks a missed target, as it always did')
    assert.ok(m.target!.low! > 15, `the head's median is at least ${m.target!.low} beyond doubt`)
    assert.equal(m.target!.baseMisses, true)
    assert.match(
      c.headline,
      /^Blocked — p95 of .* is 17\.\d ms \(at least 1\d\.\d ms\), target < 15ms; the base misses it too$/,
    )
    assert.match(
      m.note ?? '',
      /misses the target < 15ms: head 17\.\d ms, at least 1\d\.\d ms beyond doubt; the base misses it too/,
    )
    const lenient = compareResults(results, { failOn: ['INVALID'] })
    assert.equal(lenient.blocking, false)
    assert.match(lenient.headline, /^Target missed — p95 of /)
  })

  test('a head whose trials straddle its target is inconclusive, not a regression read from its median', () => {
    const shape = (thresholds: string) =>
      makeResults({
        rounds: 10,
        thresholds: parseThresholdLines(thresholds, 'thresholds'),
        base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
        head: (r) => ({ p50: 10 * (1 + wobble(r, 0.06, 2)) }),
      })
    const median = metric(compareResults(shape('p95 < 100ms'), opts), 'p95').head!
    const target = (median - 0.05).toFixed(2)
    const c = compareResults(shape(`p95 < ${target}ms`), opts)
    const m = metric(c, 'p95')
    assert.equal(m.target!.actual, median)
    assert.ok(median > Number(target), 'the median misses the target')
    assert.equal(m.target!.pass, null, `[${m.target!.low}, ${m.target!.high}] straddles ${target}`)
    assert.equal(m.verdict, 'INCONCLUSIVE')
    assert.equal(c.blocking, false)
    assert.match(
      c.headline,
      new RegExp(`^Inconclusive — can't tell whether p95 of .* meets its target < ${target}ms`),
    )
  })

  test('a tenfold wider tail is flagged even when the median improves', () => {
    const shapes = {
      base: (r: number) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)), spread: 2 }),
      head: (r: number) => ({ p50: 9.5 * (1 + wobble(r, 0.01, 2)), spread: 20 }),
    }
    const c = compareResults(makeResults({ rounds: 10, ...shapes }), opts)
    const series = c.series[0]!
    assert.equal(series.dispersion.flagged, true)
    assert.ok(series.dispersion.ratio! > 5)
    assert.equal(metric(c, 'p99').verdict, 'REGRESSION')
    assert.equal(c.verdict, 'REGRESSION', 'the gated tail (p90) grew with the spread and blocks')
    assert.doesNotMatch(c.headline, /spread/, 'a block is reason enough: the headline names the block')

    // With the tail informational (only the median gates), the run is approved — and the headline says
    // what the tail did instead of reading as "all targets met".
    const thresholds = parseThresholdLines('p90 inform', 'thresholds')
    const medianOnly = compareResults(makeResults({ rounds: 10, thresholds, ...shapes }), opts)
    assert.notEqual(medianOnly.verdict, 'REGRESSION')
    assert.match(
      medianOnly.headline,
      /^Approved — .*; but the latency spread of api GET \/items\/:id grew 10\.\d× \(p99 \+[\d.]+%\)$/,
    )
  })

  test('fail-on decides what blocks', () => {
    const results = makeResults({ rounds: 4, base: () => ({ p50: 10 }), head: () => ({ p50: 20 }) })
    assert.equal(compareResults(results, { failOn: ['INCONCLUSIVE'] }).blocking, true)
    assert.equal(compareResults(results, { failOn: [] }).blocking, false)
  })

  test("looks: inconclusive at the first look asks for more, at Pocock's level for three looks", () => {
    const results = makeResults({
      rounds: 6,
      minRounds: 6,
      maxRounds: 12,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.2, 1)) }),
      head: (r) => ({ p50: 10.5 * (1 + wobble(r, 0.2, 2)) }),
    })
    assert.equal(needsMoreRounds(results, opts), true)
    assert.equal(compareResults(results, opts).alpha.toFixed(4), '0.0258')
    const clear = makeResults({
      rounds: 10,
      minRounds: 10,
      maxRounds: 20,
      base: () => ({ p50: 10 }),
      head: (r) => ({ p50: 10 + r * 1e-9 }),
    })
    assert.equal(needsMoreRounds(clear, opts), false)
  })

  test('stored baseline without history: labelled as cross-run, and a +40% it cannot tell from run-to-run variance is not a regression', () => {
    const results = makeResults({
      rounds: 10,
      base: () => ({ p50: 10 }),
      head: (r) => ({ p50: 14 * (1 + wobble(r, 0.05, 2)) }),
    })
    results.trials = results.trials.filter((t) => t.arm === 'head')
    const stored: RunRecord = {
      schemaVersion: 2,
      benchmark: 'api',
      branch: 'main',
      verdict: null,
      meta: results.meta,
      series: [],
      trials: {
        'api GET /items/:id': { p50: Array.from({ length: 10 }, (_, r) => 10 * (1 + wobble(r, 0.05, 1))) },
      },
    }
    const c = compareWithStored(results, stored, opts)
    assert.equal(c.kind, 'stored')
    assert.equal(metric(c, 'p50').verdict, 'INCONCLUSIVE')
    assert.equal(c.verdict, 'INCONCLUSIVE')
    assert.match(c.headline, /cross-run/)
  })
})

describe('the defects of the old procedure, each pinned', () => {
  test('a round whose base value is 0 is not dropped silently: the metric says how many were left out', () => {
    const results = makeResults({
      rounds: 10,
      base: (r) => ({ p50: r === 3 ? 0 : 10 * (1 + wobble(r, 0.01, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
    })
    const p50 = metric(compareResults(results, opts), 'p50')
    assert.match(p50.note ?? '', /1 round left out: a value of 0 has no ratio/)
    assert.equal(p50.pairs, 9)
  })

  test('a certain error-rate rise under δ is named in the NO CHANGE headline, never "no change ≥ x%"', () => {
    // 10,000 requests a trial: enough that the counts themselves rule out +0.5 pp.
    const results = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)), errorRate: 0.001, throughput: 1000 }),
      head: (r) => ({
        p50: 10 * (1 + wobble(r, 0.01, 2)),
        errorRate: 0.005 + (r % 3) * 0.0002,
        throughput: 1000,
      }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'NO_CHANGE')
    assert.match(
      c.headline,
      /^Approved — every gated metric is within its δ, but error_rate of .* is worse by \+0\.4\d? pp/,
    )
  })

  test('benchmarks gated by one job share α, so the job keeps its 5%', () => {
    const one = makeResults({ rounds: 10, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    const two = { ...one, settings: { ...one.settings, benchmarks: 2 } }
    assert.equal(compareResults(one, opts).alpha, 0.05)
    assert.equal(compareResults(two, opts).alpha, 0.025)
  })

  test('a real but negligible change is not named: the headline names only what reaches half of δ', () => {
    const results = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)), throughput: 200 }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)), throughput: 199.9 - (r % 2) * 0.02 }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'NO_CHANGE')
    assert.doesNotMatch(c.headline, /worse by/)
  })

  test('six equal differences never give a p below what six pairs can reach', () => {
    const results = makeResults({ rounds: 6, base: () => ({ p50: 10 }), head: () => ({ p50: 10.2 }) })
    const p50 = metric(compareResults(results, opts), 'p50')
    assert.equal(p50.p, 1 / 64, 'exactly one of the 64 sign patterns reaches it')
  })

  test('many endpoints do not defeat the gate: +50% on one of eight is a REGRESSION at the first look of 10', () => {
    const series = Array.from({ length: 8 }, (_, i) => `api GET /e${i}`)
    const results = makeResults({
      rounds: 10,
      minRounds: 10,
      maxRounds: 20,
      series,
      base: (r, key) => ({ p50: 10 * (1 + wobble(r + key.length, 0.05, 1)) }),
      head: (r, key) => ({ p50: (key.endsWith('e5') ? 15 : 10) * (1 + wobble(r + key.length, 0.05, 2)) }),
    })
    const c = compareResults(results, opts, false)
    assert.equal(c.verdict, 'REGRESSION')
    assert.equal(metric(c, 'p50', 'api GET /e5').verdict, 'REGRESSION')
  })
})
