import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { classify } from '../../src/decide/classify'
import { formatBound } from '../../src/model/format'
import { renderHtmlReport } from '../../src/report/html'
import { renderComment, renderSummary } from '../../src/report/markdown'
import { analysisMargin } from '../../src/decide/rules'
import type { FailOn, MetricThreshold } from '../../src/model/types'
import { parseThresholdLines } from '../../src/settings/thresholds'
import { makeResults, wobble } from '../../testkit/results-factory'

const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }
const KEY = 'api GET /items/:id'

/**
 * Deterministic noise of SD about 1 for rounds 1…n (the salt picks the pattern), symmetric about 0
 * (each value is followed by its opposite), so its mean and its typical value are both 0.
 */
function noise(rounds: number, salt: number): (round: number) => number {
  const raw = Array.from({ length: rounds }, (_, i) => (i % 2 ? -1 : 1) * wobble((i >> 1) + 1, 1.7, salt))
  if (rounds % 2) raw[rounds - 1] = 0
  return (round) => raw[round - 1]!
}

/** A head whose per-round log-ratio to the base is `mean` plus noise of about `sd` (fixed, deterministic). */
function shifted(
  rounds: number,
  mean: number,
  sd: number,
  extra: Partial<Parameters<typeof makeResults>[0]> = {},
) {
  return makeResults({
    rounds,
    base: () => ({ p50: 10 }),
    head: (r) => ({ p50: 10 * Math.exp(mean + sd * noise(rounds, 3)(r)) }),
    ...extra,
  })
}

function p50(c: ReturnType<typeof compareResults>, key = KEY) {
  return c.series.find((s) => s.key === key)!.metrics.find((m) => m.metric === 'p50')!
}

describe('δ means the tolerance', () => {
  test('a real +3% under a δ of 5%, worse beyond doubt but not beyond δ/2, does not block', () => {
    const c = compareResults(shifted(20, Math.log(1.03), 0.05), opts)
    const m = p50(c)
    assert.ok(m.ci!.low > 0 && m.ci!.high > 0.05, `[${m.ci!.low}, ${m.ci!.high}]: worse, δ not ruled out`)
    assert.notEqual(m.verdict, 'REGRESSION')
    assert.notEqual(c.verdict, 'REGRESSION')
  })

  /** One endpoint's p50 `shift` times the base, among `endpoints` whose others are unchanged; SD `sd` a round. */
  function family(endpoints: number, shift: number, sd: number, failOn: FailOn[] = opts.failOn) {
    const keys = Array.from({ length: endpoints }, (_, i) => `api GET /e${i}`)
    const c = compareResults(
      makeResults({
        rounds: 20,
        series: keys,
        base: () => ({ p50: 10 }),
        head: (r, key) => ({
          p50:
            10 *
            Math.exp(
              key === keys[0]
                ? Math.log(shift) + sd * noise(20, 3)(r)
                : sd * noise(20, 11 + keys.indexOf(key))(r),
            ),
        }),
      }),
      { failOn },
    )
    return { c, m: p50(c, keys[0]) }
  }

  test('beyond δ/2 on its own but not once corrected for the family is likely over δ, its rounds a floor', () => {
    const { c, m } = family(4, 1.05, 0.04)
    assert.ok(m.ci!.low > 0.025, `[${m.ci!.low}, ${m.ci!.high}]: beyond δ/2 by its own interval`)
    assert.ok(m.pAdjusted! > c.alpha, `family-wise p ${m.pAdjusted}: not a regression`)
    assert.equal(m.verdict, 'LIKELY_OVER_DELTA')
    assert.ok(m.roundsToDecide! > 20, `rounds ${m.roundsToDecide}`)
    assert.match(
      m.note ?? '',
      /likely over δ: \+5\.0% as estimated, beyond δ\/2 on its own, not once corrected for 12 gated metrics/,
    )
    assert.match(
      m.note ?? '',
      /\d+ rounds or more would show it \(from this estimate, which its selection overstates\)/,
    )
    assert.equal(c.verdict, 'LIKELY_OVER_DELTA')
    assert.equal(c.blocking, false, 'fail-on does not name it')
    assert.match(c.headline, /^Inconclusive, likely over δ — p50 of api GET \/e0 \+5\.0%/)
    assert.match(c.headline, /\d+ rounds or more would decide$/)
    assert.equal(family(4, 1.05, 0.04, ['LIKELY_OVER_DELTA']).c.blocking, true)
    assert.match(family(4, 1.05, 0.04, ['LIKELY_OVER_DELTA']).c.headline, /^Blocked — likely over δ/)
    const inconclusive = family(4, 1.05, 0.04, ['INCONCLUSIVE']).c
    assert.equal(inconclusive.blocking, true, 'fail-on INCONCLUSIVE fails every inconclusive verdict')
  })

  test('likely over δ shows the family-wise bound its verdict used beside its own interval, never one beyond δ/2', () => {
    const { c, m } = family(4, 1.05, 0.04)
    assert.equal(m.verdict, 'LIKELY_OVER_DELTA')
    assert.ok(m.ci!.low > 0.025, `own interval [${m.ci!.low}, ${m.ci!.high}] beyond δ/2`)
    assert.ok(
      m.familyBound! > 0 && m.familyBound! < 0.025,
      `family-wise bound ${m.familyBound}: worse, not beyond δ/2`,
    )
    const bound = formatBound(m.familyBound!, false).replace('+', '\\+')
    assert.match(
      c.headline,
      new RegExp(`past \\+2\\.5% \\(half its δ\\) by its own interval, only past ${bound} corrected`),
    )
    const row = renderSummary(c, {})
      .split('\n')
      .find((line) => line.includes('| p50 |') && line.includes('❗'))!
    assert.match(row, new RegExp(`\\] on its own, > ${bound} corrected over the gated metrics`))
    assert.match(
      renderHtmlReport(c, {}),
      new RegExp(`on its own, &gt; ${bound} corrected over the gated metrics`),
    )
    assert.match(renderComment(c, {}), new RegExp(`on its own, > ${bound} corrected over the gated metrics`))
    // A bound just short of δ/2 never prints as δ/2 itself.
    assert.equal(formatBound(0.02499, false), '+2.4%')
    assert.equal(formatBound(-0.02499, false), '−2.4%')
    // Any metric that is not likely over δ keeps its own interval alone.
    const other = c.series.flatMap((s) => s.metrics).filter((x) => x !== m)
    assert.ok(other.every((x) => x.familyBound === undefined))
  })

  test('worse beyond doubt past ¾δ but not shown beyond δ/2 is inconclusive: likely over δ tests δ/2, not no change', () => {
    // A true change of δ/2 shows an estimate this large and an interval above 0 in one run in ten.
    const c = compareResults(shifted(20, Math.log(1.045), 0.06), opts)
    const m = p50(c)
    assert.ok(
      m.ci!.low > 0 && m.ci!.low < 0.025 && m.change! >= 0.0375,
      `${m.change} [${m.ci!.low}, ${m.ci!.high}]`,
    )
    assert.equal(m.verdict, 'INCONCLUSIVE')
    assert.equal(c.verdict, 'INCONCLUSIVE')
  })

  test('classify: likely over δ needs its own interval beyond δ/2 and the family-wise "worse"', () => {
    const stats = (low: number) => ({
      estimate: Math.log(1.045),
      low: Math.log(low),
      high: Math.log(1.08),
      level: 0.95,
      pGreater: 0.01,
      pLess: 1,
      p: 0.02,
      n: 20,
    })
    const rule = parseThresholdLines('p50 +5%', 'thresholds')[0]!
    const verdict = (low: number, worse: number) =>
      classify(rule, stats(low), { bad: 1, worse, good: 1 }, 16, 0.0258, true).verdict
    assert.equal(
      verdict(1.03, 0.2),
      'INCONCLUSIVE',
      'not worse family-wise: what unchanged code shows somewhere',
    )
    assert.equal(verdict(1.03, 0.01), 'LIKELY_OVER_DELTA')
    assert.equal(verdict(1.01, 0.01), 'INCONCLUSIVE', 'worse beyond doubt, but δ/2 not ruled out')
  })

  test('an estimate past ¾δ whose interval still spans no change is inconclusive, not likely over δ', () => {
    // The wide p95 of an unchanged head on a noisy runner: +4% as estimated, yet not worse beyond doubt.
    const c = compareResults(shifted(20, Math.log(1.04), 0.3), opts)
    const m = p50(c)
    assert.ok(m.change! >= 0.0375 && m.ci!.low < 0, `${m.change} in [${m.ci!.low}, ${m.ci!.high}]`)
    assert.equal(m.verdict, 'INCONCLUSIVE')
    assert.equal(c.verdict, 'INCONCLUSIVE')
  })

  test('after an early stop, a metric worse but not beyond δ/2 is not counted among those that regressed', () => {
    const results = makeResults({
      rounds: 10,
      minRounds: 10,
      maxRounds: 20,
      series: [KEY, 'api GET /cart'],
      base: () => ({ p50: 10 }),
      head: (r, key) => ({
        p50:
          10 * Math.exp(key === KEY ? 0.3 + 0.02 * noise(10, 1)(r) : Math.log(1.03) + 0.03 * noise(10, 2)(r)),
      }),
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'REGRESSION')
    const cart = p50(c, 'api GET /cart')
    assert.ok(cart.ci!.low > 0, 'the cart is worse beyond doubt')
    assert.notEqual(cart.verdict, 'REGRESSION')
    // Only the endpoint's p95, which moves with its p50, is counted besides it.
    assert.match(
      c.headline,
      /; also regressed: p90 of api GET \/items\/:id$/,
      'the other regression is named',
    )
  })

  test('δ = 0: an error rate that stays 0 is never NO CHANGE from a failure to reject; one that rises is a REGRESSION', () => {
    const thresholds = parseThresholdLines('error_rate +0pp', 'thresholds')
    const same = compareResults(shifted(10, 0, 0.01, { thresholds }), opts)
    const errorRate = same.series[0]!.metrics.find((m) => m.metric === 'error_rate')!
    assert.equal(errorRate.delta, 0)
    // 0 errors in 10,000 requests an arm still allow a rise of about 0.04 pp.
    assert.equal(errorRate.verdict, 'INCONCLUSIVE')
    assert.match(errorRate.note ?? '', /^δ 0: not worse beyond doubt, yet can't rule out \+0\.0\d+ pp/)
    assert.equal(same.verdict, 'INCONCLUSIVE')
    const rising = makeResults({
      rounds: 10,
      thresholds,
      maxErrorRate: 0.5,
      base: () => ({ p50: 10, errorRate: 0.001 }),
      head: (r) => ({ p50: 10, errorRate: 0.004 + 0.002 * wobble(r, 1, 5) }),
    })
    const worse = compareResults(rising, opts)
    assert.equal(worse.series[0]!.metrics.find((m) => m.metric === 'error_rate')!.verdict, 'REGRESSION')
  })

  test('a higher-is-better δ is a drop of δ: throughput -5% gates at −5%, not at −4.76%', () => {
    const rule = { delta: 0.05, absolute: false, direction: 'higher' as const }
    assert.ok(Math.abs(analysisMargin(rule) + Math.log(0.95)) < 1e-12)
    assert.ok(Math.abs(analysisMargin({ ...rule, direction: 'lower' }) - Math.log(1.05)) < 1e-12)
    // A drop of 4.9%, measured to ±0.1%: within a tolerance of 5%.
    const results = makeResults({
      rounds: 10,
      series: ['all requests', KEY],
      base: () => ({ p50: 10, throughput: 100 }),
      head: (r) => ({ p50: 10, throughput: 95.1 * (1 + 0.001 * wobble(r, 1, 4)) }),
    })
    const c = compareResults(results, opts)
    const throughput = c.series
      .find((s) => s.key === 'all requests')!
      .metrics.find((m) => m.metric === 'throughput')!
    assert.equal(throughput.gate, true)
    assert.equal(
      throughput.verdict,
      'NO_CHANGE',
      `${throughput.change} [${throughput.ci?.low}, ${throughput.ci?.high}]`,
    )
  })

  test('a drop of 100% or more is refused, naming the input', () => {
    assert.throws(
      () => parseThresholdLines('throughput -100%', 'thresholds'),
      /^SettingsError: Input 'thresholds' rule 1: 'throughput -100%' — expected a drop under 100% \(such as -5%\)$/,
    )
    assert.throws(() => parseThresholdLines('throughput -150%', 'thresholds'), /a drop under 100%/)
    assert.equal(parseThresholdLines('p50 +150%', 'thresholds')[0]!.delta, 1.5, 'a rise may be any size')
  })

  test('the split of α across benchmarks narrows REGRESSION only: NO CHANGE and the interval are the same', () => {
    const one = shifted(12, 0.01, 0.04)
    const three = { ...one, settings: { ...one.settings, benchmarks: 3 } }
    const a = compareResults(one, opts)
    const b = compareResults(three, opts)
    assert.ok(b.alpha < a.alpha, 'REGRESSION is tested at the split level')
    assert.deepEqual(p50(b).ci, p50(a).ci)
    assert.equal(p50(b).verdict, p50(a).verdict)
  })
})

describe('verdict words on the good side', () => {
  const P50: MetricThreshold = {
    metric: 'p50',
    series: '*',
    direction: 'lower',
    delta: 0.05,
    absolute: false,
    gate: true,
  }
  test('−13% [−21%, −2.9%], not an improvement once corrected, is NO CHANGE that says it is better', () => {
    const stats = {
      estimate: Math.log(0.87),
      low: Math.log(0.79),
      high: Math.log(0.971),
      level: 0.9,
      pGreater: 1,
      pLess: 0.01,
      p: 0.02,
      n: 10,
    }
    const result = classify(P50, stats, { bad: 1, worse: 1, good: 0.2 }, 8, 0.05, true)
    assert.equal(result.verdict, 'NO_CHANGE')
    assert.equal(result.note, 'better by 13%: no regression')
  })

  test('better family-wise, but its own interval reaches no change: not an improvement', () => {
    // What bench/detection/improvement-interval.ts found: maxT's "better" and the rank interval
    // disagree near the edge, and the row read "improved" beside −9.1% [−15%, +1.2%].
    const stats = (high: number) => ({
      estimate: Math.log(0.909),
      low: Math.log(0.85),
      high: Math.log(high),
      level: 0.95,
      pGreater: 1,
      pLess: 0.004,
      p: 0.008,
      n: 10,
    })
    const verdict = (high: number) =>
      classify(P50, stats(high), { bad: 1, worse: 1, good: 0.01 }, 1, 0.0258, true)
    assert.equal(verdict(0.99).verdict, 'IMPROVEMENT')
    const edge = verdict(1.012)
    assert.equal(edge.verdict, 'NO_CHANGE')
    assert.equal(edge.note, undefined, 'nor "better": its interval reaches no change')
  })
})
