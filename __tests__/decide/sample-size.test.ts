import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { p95RankUncertainty, thinSeriesSoFar } from '../../src/decide/sample-size'
import { renderComment } from '../../src/report/markdown'
import { thinSeriesProgressNotes } from '../../src/report/sample-size'
import { renderTerminal } from '../../src/report/terminal'
import { makeResults, wobble } from '../../testkit/results-factory'

const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }

/** Two series at the same latency: one with 1,000 requests per 10 s trial, one with 200. */
function results(thinThroughput: number, rounds = 10) {
  const shape = (r: number, key: string, seed: number) => ({
    p50: 10 * (1 + wobble(r, 0.01, seed)),
    throughput: key.endsWith('/thin') ? thinThroughput : 100,
  })
  return makeResults({
    rounds,
    series: ['api GET /busy', 'api GET /thin'],
    base: (r, key) => shape(r, key, 1),
    head: (r, key) => shape(r, key, 2),
  })
}

describe('requests per series', () => {
  test('rank uncertainty of p95: √(0.95·0.05/n) in probability times the slope between p90 and p99', () => {
    const u = p95RankUncertainty({ count: 1900, p90: 15, p95: 17, p99: 24 })!
    assert.ok(Math.abs(u - (0.005 * 100) / 17) < 1e-12, String(u))
    assert.ok(Math.abs(p95RankUncertainty({ count: 475, p90: 15, p95: 17, p99: 24 })! - 2 * u) < 1e-12)
    assert.equal(p95RankUncertainty({ count: 1, p90: 1, p95: 1, p99: 1 }), null)
  })

  test('a p95 on 200 requests per trial is told so, with the requests, rate and window that resolve δ', () => {
    const c = compareResults(results(20), opts)
    const thin = c.series.find((s) => s.key === 'api GET /thin')!.sampleSize!
    const busy = c.series.find((s) => s.key === 'api GET /busy')!.sampleSize!
    assert.equal(thin.requestsPerTrial, 200)
    assert.equal(busy.requestsPerTrial, 1000)
    assert.equal(thin.delta, 0.1, 'the default p95 rule')
    // Factory shape: p90 = 1.5·p50, p95 = 1.7·p50, p99 = 2·p50.
    const u = (Math.sqrt(0.0475 / 200) * (0.5 / 0.09)) / 1.7
    assert.ok(Math.abs(thin.p95Uncertainty - u) < 1e-9)
    const needed = Math.ceil(200 * ((Math.SQRT2 * u) / (Math.log1p(0.1) / 2)) ** 2)
    assert.equal(thin.requestsNeeded, needed)
    assert.equal(busy.requestsNeeded, null, '1,000 requests resolve a 10% δ at this spread')
    // With the needed requests per trial, the series is no longer thin.
    const enough = compareResults(results(Math.ceil(needed / 10)), opts)
    assert.equal(enough.series.find((s) => s.key === 'api GET /thin')!.sampleSize!.requestsNeeded, null)

    const comment = renderComment(c, {})
    const factor = (needed / 200).toFixed(1)
    // The series' name is escaped for markdown like every other cell of the comment.
    assert.ok(comment.includes('ℹ️ p95 of api GET /thin rests on 200 requests per trial'), comment)
    assert.ok(comment.includes(`about ${needed} per trial: ${factor}× the rate`))
    assert.ok(comment.includes(`or ${Math.round((10 * needed) / 200)} s measured windows at this rate`))
    assert.doesNotMatch(comment, /p95 of api GET \/busy/)
    assert.match(
      renderTerminal(c, { color: false }),
      /i p95 of api GET \/thin rests on 200 requests per trial/,
    )
  })

  test('one round already tells which p95 is thin, and what the report will say of it', () => {
    const early = thinSeriesSoFar(results(20, 1))
    assert.deepEqual(
      early.map((t) => t.key),
      ['api GET /thin'],
    )
    const final = compareResults(results(20), opts).series.find((s) => s.key === 'api GET /thin')!
    assert.equal(early[0]!.size.requestsNeeded, final.sampleSize!.requestsNeeded)
    const [note, ...more] = thinSeriesProgressNotes(results(20, 1))
    assert.equal(more.length, 0)
    assert.match(
      note!,
      /^after round 1, p95 of api GET \/thin rests on 200 requests per trial .*INCONCLUSIVE$/,
    )
    assert.deepEqual(thinSeriesSoFar(results(Math.ceil(final.sampleSize!.requestsNeeded! / 10), 1)), [])
  })

  test('a series without a gated relative p95 rule gets no request-count note', () => {
    const r = results(20)
    r.settings.thresholds = r.settings.thresholds.filter((t) => t.metric !== 'p95')
    const c = compareResults(r, opts)
    assert.ok(c.series.every((s) => s.sampleSize === undefined))
    assert.doesNotMatch(renderComment(c, {}), /rests on/)
  })
})
