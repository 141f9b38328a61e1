import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { p95RankUncertainty, rankUncertainty, thinSeriesSoFar } from '../../src/decide/sample-size'
import { parseThresholdLines, resolveThresholds } from '../../src/settings/thresholds'
import { median } from '../../src/decide/stats/basic'
import { renderComment } from '../../src/report/markdown'
import { thinSeriesProgressNotes, thinSeriesText } from '../../src/report/sample-size'
import { renderTerminal } from '../../src/report/terminal'
import { latencyShapes, robustSd, simulatedTrial } from '../../testkit/latency-shapes'
import { makeResults, wobble } from '../../testkit/results-factory'

const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }

/** Two series at the same latency: one with 1,000 requests per 10 s trial, one with 10·thinThroughput. */
function results(thinThroughput: number, rounds = 10) {
  const shape = (r: number, key: string, seed: number) => ({
    p50: 10 * (1 + wobble(r, 0.01, seed)),
    throughput: key.endsWith('/thin') ? thinThroughput : 100,
  })
  return makeResults({
    rounds,
    // The plan, whatever has been measured of it so far.
    minRounds: 10,
    maxRounds: 10,
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

  test("a p95's rank noise read from the quantiles around it tracks how much the p95 moves; the p90–p99 slope overstates it", () => {
    // Seeded samples of 150 and 600 requests: a smooth log-normal, and a fast bulk with 1% or 3% of
    // requests five times slower (the bundled example's shape: p99 far beyond p95). The truth is
    // how much one round's p95 log-ratio moves, robustly (over √2): ranks, as the signed-rank test
    // reads rounds, so a rare jump into the slow mode counts as one round.
    const shapes = latencyShapes()
    for (const shape of ['log-normal, σ 0.4', '1% of requests 5× slower', '3% of requests 5× slower'])
      for (const n of [150, 600]) {
        const trials = Array.from({ length: 2000 }, () => simulatedTrial(shapes[shape]!, n))
        const rounds = trials.slice(0, 1000).map((t, i) => t.logP95 - trials[1000 + i]!.logP95)
        const truth = robustSd(rounds) / Math.SQRT2
        const quantiles = median(trials.map((t) => t.quantiles))! / truth
        const slope = median(trials.map((t) => t.slope))! / truth
        const where = `${shape}, ${n} requests`
        assert.ok(
          quantiles > 0.75 && quantiles < 1.6,
          `${where}: the quantiles read ${quantiles.toFixed(2)}× the truth`,
        )
        if (shape.includes('slower') && n === 600)
          assert.ok(slope > 1.8, `${where}: the slope reads ${slope.toFixed(2)}×`)
      }
  })

  test('the gated tail (p90 by default) on 50 requests per trial is told so, with the requests, rate and window that settle δ', () => {
    const c = compareResults(results(5), opts)
    const thin = c.series.find((s) => s.key === 'api GET /thin')!.sampleSize!
    const busy = c.series.find((s) => s.key === 'api GET /busy')!.sampleSize!
    assert.equal(thin.requestsPerTrial, 50)
    assert.equal(busy.requestsPerTrial, 1000)
    assert.equal(thin.metric, 'p90')
    assert.equal(thin.delta, 0.1, 'the default p90 rule')
    // Factory shape: p90 = 1.5·p50, p95 = 1.7·p50, p99 = 2·p50; no rank noise recorded, so the
    // slope from p90 to p95 turns p90's ranks into milliseconds.
    const u = (Math.sqrt(0.09 / 50) * (0.2 / 0.05)) / 1.5
    assert.ok(Math.abs(thin.rankUncertainty - u) < 1e-9)
    // One look at 10 rounds (α 5%); four gated latency metrics that vary (p50 and p90 of two
    // series), each to settle with 97.5% so that the run settles in 90%: z 1.645 + 1.960.
    const settles = (Math.log1p(0.1) * Math.sqrt(10)) / (1.6449 + 1.96)
    const needed = Math.ceil(50 * ((Math.SQRT2 * u) / settles) ** 2)
    assert.ok(Math.abs(thin.requestsNeeded! - needed) <= 1, `${thin.requestsNeeded} against ${needed}`)
    assert.equal(busy.requestsNeeded, null, '1,000 requests settle a 10% δ at this spread')
    // With the needed requests per trial, the series is no longer thin.
    const enough = compareResults(results(Math.ceil(thin.requestsNeeded! / 10)), opts)
    assert.equal(enough.series.find((s) => s.key === 'api GET /thin')!.sampleSize!.requestsNeeded, null)

    const comment = renderComment(c, {})
    const factor = (thin.requestsNeeded! / 50).toFixed(1)
    assert.ok(thin.requestsNeeded! / 50 >= 2, 'a factor of 2 or more is printed to one decimal')
    // The series' name is escaped for markdown like every other cell of the comment.
    const window = (10 * thin.requestsNeeded!) / 50
    // One short sentence says what to do; the figures are behind a <details>.
    assert.ok(
      comment.includes(
        `ℹ️ p90 of api GET /thin rests on too few requests to settle ±10%: lengthen trials to about ${Math.ceil(window)} s (measured windows now 10 s), or set \`trial-length: auto\`.\n\n<details><summary>Requests per trial, by series</summary>\n\n- p90 of api GET /thin rests on 50 requests per trial`,
      ),
      comment,
    )
    assert.ok(comment.includes(`settling its δ of 10% by the last look (10 rounds) takes at least about`))
    assert.ok(comment.includes(` ${thin.requestsNeeded} per trial: ${factor}× the rate`))
    assert.ok(
      comment.includes(
        `or ${window >= 100 ? window.toFixed(0) : window.toPrecision(2)} s measured windows at this rate.`,
      ),
    )
    assert.doesNotMatch(comment, /p90 of api GET \/busy/)
    assert.match(
      renderTerminal(c, { color: false }),
      /i p90 of api GET \/thin rests on too few requests to settle ±10%: lengthen trials to about \d+ s/,
    )
  })

  test('the trial length it advises adds the seconds each trial discards before its measured window', () => {
    const r = results(5)
    r.settings.discardSeconds = 5
    const c = compareResults(r, opts)
    const thin = c.series.find((s) => s.key === 'api GET /thin')!.sampleSize!
    assert.equal(thin.discardSeconds, 5)
    const window = (10 * thin.requestsNeeded!) / 50
    const sentence = `lengthen trials to about ${Math.ceil(window + 5)} s (measured windows now 10 s)`
    assert.ok(renderComment(c, {}).includes(sentence), renderComment(c, {}))
    assert.ok(renderTerminal(c, { color: false }).includes(sentence))
    // The details name the measured window itself.
    assert.ok(renderComment(c, {}).includes(`or ${window.toPrecision(2)} s measured windows at this rate`))
    // A comparison stored before the discard was kept reads as none.
    delete thin.discardSeconds
    assert.ok(renderComment(c, {}).includes(`lengthen trials to about ${Math.ceil(window)} s`))
  })

  test("two thin series make one sentence, with the longer window, and each series' figures in the details", () => {
    const c = compareResults(results(5), opts)
    const thin = c.series.find((s) => s.key === 'api GET /thin')!
    const busy = c.series.find((s) => s.key === 'api GET /busy')!
    busy.sampleSize = { ...thin.sampleSize!, requestsPerTrial: 25, trialSeconds: 4 }
    const comment = renderComment(c, {})
    const windows = [busy, thin].map(
      ({ sampleSize: z }) => (z!.trialSeconds * z!.requestsNeeded!) / z!.requestsPerTrial,
    )
    const sentences = comment.match(/rests on too few requests/g) ?? []
    assert.equal(sentences.length, 1, comment)
    assert.ok(
      comment.includes(
        `ℹ️ p90 of 2 series rests on too few requests to settle ±10%: lengthen trials to about ${Math.ceil(Math.max(...windows))} s (measured windows now 10 s)`,
      ),
      comment,
    )
    const details = comment
      .split('<summary>Requests per trial, by series</summary>')[1]!
      .split('</details>')[0]!
    assert.match(details, /^- p90 of api GET \/busy rests on 25 requests per trial/m)
    assert.match(details, /^- p90 of api GET \/thin rests on 50 requests per trial/m)
    const terminal = renderTerminal(c, { color: false })
    assert.equal(terminal.match(/^ {2}i p90 of 2 series rests on too few requests/gm)?.length, 1, terminal)
  })

  test('the advice follows the tail the rules gate: p95 where a team gates it, the thinner of two', () => {
    const gate = (lines: string) => {
      const r = results(5)
      r.settings.thresholds = resolveThresholds(parseThresholdLines(lines, 'thresholds'))
      return compareResults(r, opts).series.find((s) => s.key === 'api GET /thin')!.sampleSize!
    }
    const p95 = gate('p90 inform; p95 +10%')
    assert.equal(p95.metric, 'p95')
    assert.ok(Math.abs(p95.rankUncertainty - (Math.sqrt(0.0475 / 50) * (0.5 / 0.09)) / 1.7) < 1e-9)
    // Gating both: the one that needs more requests (on the factory's shape, p90's ranks are wider).
    const p90 = gate('')
    const both = gate('p95 +10%')
    assert.ok(p90.requestsNeeded! > p95.requestsNeeded!)
    assert.equal(both.metric, 'p90')
    // (more gated metrics must each settle more surely for the run to settle: a little more)
    assert.ok(both.requestsNeeded! >= p90.requestsNeeded!)
    assert.equal(gate('p90 +30%; p95 +10%').metric, 'p95', 'a wider δ on p90 leaves p95 the thinner')
  })

  test('rank noise recorded for the tail is read before any slope', () => {
    const latency = { count: 400, p90: 15, p95: 17, p99: 24, p90RankNoise: 0.3, p95RankNoise: 0.6 }
    assert.equal(rankUncertainty(latency, 'p90'), 0.3 / 15)
    assert.equal(rankUncertainty(latency, 'p95'), 0.6 / 17)
    assert.ok(
      Math.abs(rankUncertainty(latency, 'p99')! - (Math.sqrt(0.0099 / 400) * (7 / 0.04)) / 24) < 1e-12,
    )
  })

  test('one round already tells which tail is thin, and what the report will say of it', () => {
    const early = thinSeriesSoFar(results(5, 1))
    assert.deepEqual(
      early.map((t) => t.key),
      ['api GET /thin'],
    )
    const final = compareResults(results(5), opts).series.find((s) => s.key === 'api GET /thin')!
    assert.equal(early[0]!.size.requestsNeeded, final.sampleSize!.requestsNeeded)
    // One round's two trials enclose the figure of every round in half of runs only: the note waits.
    assert.deepEqual(thinSeriesProgressNotes(results(5, 1)), [])
    assert.deepEqual(thinSeriesProgressNotes(results(5, 2)), [])
    const [note, ...more] = thinSeriesProgressNotes(results(5, 3))
    assert.equal(more.length, 0)
    assert.match(
      note!,
      /^after round 3 \(6 trials: from [\d,]+ to [\d,]+ requests per trial at the least and the most rank noise they showed; the report's figure, from every round, is the one to act on\), p90 of api GET \/thin rests on 50 requests per trial .*INCONCLUSIVE$/,
    )
    assert.deepEqual(thinSeriesSoFar(results(Math.ceil(final.sampleSize!.requestsNeeded! / 10), 1)), [])
  })

  test("the note's range is what the least and the most noisy trial ask, and it holds the figure", () => {
    const r = results(5, 3)
    // Trials as uneven as a JVM service's: their tail's rank noise from 0.5× to 2× the middle one's.
    const factors = [0.5, 1, 1, 1, 1.5, 2]
    const thin = r.trials.filter((t) => t.phase === 'measure')
    thin.forEach((trial, i) => {
      const latency = trial.series.find((s) => s.key === 'api GET /thin')!.latency!
      latency.p90RankNoise = latency.p90 * 0.1 * factors[i % factors.length]!
    })
    const [early] = thinSeriesSoFar(r)
    const needed = early!.size.requestsNeeded!
    const [low, high] = early!.neededRange
    // Needed requests go as the noise squared: the median trial's 1×, the extremes 0.25× and 4×.
    assert.ok(Math.abs(high / needed - (2 / 1) ** 2) < 0.01, `${high} / ${needed}`)
    assert.equal(low, Math.max(early!.size.requestsPerTrial, Math.ceil(needed * 0.25)))
    assert.ok(low <= needed && needed <= high)
    const [note] = thinSeriesProgressNotes(r)
    assert.match(
      note!,
      new RegExp(`from ${low.toLocaleString('en-US')} to ${high.toLocaleString('en-US')} requests`),
    )
  })

  test("each trial's figure rests on its own requests: a trial three times as long, as noisy per request, asks the same", () => {
    const r = results(5, 3)
    // Rounds 2 and 3 lengthened threefold: three times the requests, rank noise 1/√3 of round 1's.
    for (const trial of r.trials.filter((t) => t.phase === 'measure' && t.round >= 2)) {
      const latency = trial.series.find((s) => s.key === 'api GET /thin')!.latency!
      latency.p90RankNoise = (rankUncertainty(latency, 'p90')! * latency.p90) / Math.sqrt(3)
      latency.count *= 3
    }
    const [early] = thinSeriesSoFar(r)
    const [low, high] = early!.neededRange
    assert.ok(high / low < 1.01, `${low}–${high}: the same need, whatever each trial's length`)
  })

  test('the sentence says the look it is stated for, and what the first look would take', () => {
    const size = {
      metric: 'p95' as const,
      requestsPerTrial: 190,
      trialSeconds: 5,
      rankUncertainty: 0.18,
      delta: 0.1,
      requestsNeeded: 1140,
    }
    const text = thinSeriesText('GET /stock/:id', { ...size, firstLook: 10, lastLook: 20 })
    assert.match(
      text,
      /settling its δ of 10% by the last look \(20 rounds\) takes at least about 1,140 per trial: 6\.0× the rate/,
    )
    assert.match(text, /or 30 s measured windows at this rate \(twice that by the first look, 10 rounds\)$/)
    assert.match(
      thinSeriesText('x', { ...size, firstLook: 10, lastLook: 15 }),
      /\(1\.5× that by the first look, 10 rounds\)$/,
    )
    assert.doesNotMatch(thinSeriesText('x', { ...size, firstLook: 10, lastLook: 10 }), /first look/)
    // Just short of enough: a factor under 2 keeps two decimals, so it never reads "1.0×".
    assert.match(
      thinSeriesText('x', { ...size, requestsNeeded: 194 }),
      /about 194 per trial: 1\.02× the rate/,
    )
    // A comparison stored before the rule named its look still reads.
    assert.match(thinSeriesText('x', size), /resolving its δ of 10% takes at least about 1,140 per trial/)
  })

  test('a series without a gated relative tail rule gets no request-count note', () => {
    const r = results(5)
    r.settings.thresholds = r.settings.thresholds.filter((t) => t.metric !== 'p90')
    const c = compareResults(r, opts)
    assert.ok(c.series.every((s) => s.sampleSize === undefined))
    assert.doesNotMatch(renderComment(c, {}), /rests on/)
  })
})
