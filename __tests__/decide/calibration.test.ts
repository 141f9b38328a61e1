import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  calibrate,
  detectableShift,
  planAlpha,
  noiseSigma,
  robustSigma,
  testLevel,
} from '../../src/decide/calibration'
import { fewestSignificantRounds, roundsForMargin, settlingPower } from '../../src/decide/settling'
import { signedRankSigma } from '../../src/decide/stats/signed-rank'
import { fitBudget, settlingChange } from '../../src/decide/calibration-budget'
import { normalQuantile } from '../../src/decide/stats/basic'
import { studentTQuantile } from '../../src/decide/stats/student-t'
import type { MetricThreshold } from '../../src/model/types'
import { renderCalibrationMarkdown, renderCalibrationText } from '../../src/report/calibration'
import { makeResults } from '../../testkit/results-factory'

const P50: MetricThreshold = {
  metric: 'p50',
  series: '*',
  direction: 'lower',
  delta: 0.05,
  absolute: false,
  gate: true,
}

/** A/A rounds whose head/base log-ratio of p50 is `differences[round - 1]`. */
function aaResults(differences: number[], minRounds = differences.length, maxRounds = minRounds) {
  const results = makeResults({
    rounds: differences.length,
    minRounds,
    maxRounds,
    base: () => ({ p50: 100 }),
    head: (round) => ({ p50: 100 * Math.exp(differences[round - 1]!) }),
  })
  results.settings.thresholds = [P50]
  return results
}

const close = (actual: number, expected: number, tolerance = 1e-4) =>
  assert.ok(Math.abs(actual - expected) < tolerance, `${actual} is not ${expected}`)

/** (t₁₋ₐ + t_power) / √n with n − 1 degrees of freedom: the one-sided test's detectable shift per σ. */
const tShift = (rounds: number, level: number, power = 0.9) =>
  (studentTQuantile(1 - level, rounds - 1) + studentTQuantile(power, rounds - 1)) / Math.sqrt(rounds)

/** The fewest rounds (from 2) whose t-sized bound settles the margin, counted one by one. */
function tRounds(sigma: number, margin: number, level: number, power = 0.9): number {
  let rounds = 2
  while (tShift(rounds, level, power) * sigma > margin) rounds++
  return Math.max(fewestSignificantRounds(level), rounds)
}

describe('calibration', () => {
  test('σ is 1.4826 × MAD of the per-round differences', () => {
    const spread = robustSigma([-0.2, -0.1, 0, 0.1, 0.2, -0.2, -0.1, 0, 0.1, 0.2])
    assert.equal(spread.method, 'mad')
    close(spread.sigma, 0.14826)
  })

  test('a known σ gives the MDE and the rounds that bring it under δ, sized with t, not z', () => {
    // t.95 + t.9 with 9 degrees of freedom = 1.833113 + 1.383029 = 3.216142 (z: 2.926406)
    const test10 = testLevel(0.05, 1, 10)
    close(detectableShift(0.14826, test10), (3.216142 * 0.14826) / Math.sqrt(10))
    // The normal formula: ((2.926406 · 0.14826) / ln 1.05)² = 79.08 → 80 rounds; t asks a few more.
    const rounds = roundsForMargin(0.14826, Math.log(1.05), 0.05)
    assert.equal(rounds, tRounds(0.14826, Math.log(1.05), 0.05))
    assert.ok(rounds > 80, `${rounds} rounds`)
    // Where it matters: a σ the normal formula settles in 12 rounds needs 15 with t.
    const sigma = (Math.log(1.05) * Math.sqrt(12)) / (normalQuantile(1 - 0.0258) + normalQuantile(0.9))
    assert.equal(roundsForMargin(sigma, Math.log(1.05), 0.0258), 15)
  })

  test('the family correction divides α among the gated metrics', () => {
    const level = testLevel(0.0294, 6, 10)
    close(level.level, 0.0049, 1e-9)
    assert.equal(level.rounds, 10)
    assert.ok(detectableShift(0.05, level) > detectableShift(0.05, testLevel(0.0294, 1, 10)))
    close(planAlpha({ minRounds: 10, maxRounds: 20, benchmarks: [1] }), 0.025844)
    assert.equal(planAlpha({ minRounds: 10, maxRounds: 10, benchmarks: [1] }), 0.05)
    assert.equal(planAlpha({ minRounds: 10, maxRounds: 10, benchmarks: [1, 2] }), 0.025)
  })

  test('a calibration of A/A rounds reports noise floor, detectable change and suggestion', () => {
    const d = [-0.2, -0.1, 0, 0.1, 0.2, -0.2, -0.1, 0, 0.1, 0.2]
    const calibration = calibrate(aaResults(d, 10, 20), 0.0294)
    assert.equal(calibration.family, 1)
    const row = calibration.rows[0]!
    assert.equal(row.metric, 'p50')
    assert.equal(row.rounds, 10)
    // A relative metric's σ is what its signed-rank interval faces.
    const sigma = signedRankSigma(d)!
    assert.equal(row.sigmaMethod, 'signed-rank')
    close(row.sigma, sigma, 1e-12)
    close(row.noiseFloor, Math.expm1(sigma))
    close(row.detectable, Math.expm1(tShift(10, 0.0294) * sigma), 1e-6)
    const needed = tRounds(sigma, Math.log(1.05), 0.0294)
    assert.equal(row.roundsNeeded, needed)
    assert.equal(calibration.suggestion.sufficient, false)
    assert.equal(calibration.suggestion.minRounds, needed)
    // The last look settles at the planning σ: at least the plan's ratio of looks.
    assert.equal(row.planRounds, tRounds(row.planSigma!, Math.log(1.05), 0.0294))
    assert.equal(calibration.suggestion.maxRounds, Math.min(200, Math.max(needed * 2, row.planRounds!)))
    close(calibration.suggestion.scale, ((tShift(10, 0.0294) * sigma) / Math.log(1.05)) ** 2, 1e-6)
    assert.equal(calibration.trialSeconds, 10)
  })

  test('the median run of unchanged code: the rounds at which half the runs settle, fewer than 90% need', () => {
    const d = [-0.1, -0.05, 0, 0.05, 0.1, -0.1, -0.05, 0, 0.05, 0.1]
    const calibration = calibrate(aaResults(d, 10, 20), 0.0294)
    const sigma = signedRankSigma(d)!
    // t(1 − 0.0294) + t(0.5): the bound falls under δ in half the runs.
    assert.equal(calibration.medianRounds, tRounds(sigma, Math.log(1.05), 0.0294, 0.5))
    assert.ok(calibration.medianRounds! < calibration.rows[0]!.roundsNeeded)
    const line = (median: { look: number; seconds: number } | null) =>
      renderCalibrationText({
        ...calibration,
        cost: {
          setup: 0,
          trialOverhead: 0,
          warmup: 0,
          renewal: 0,
          configured: [0, 0],
          suggestedRounds: [0, 0],
          suggestedTrials: [0, 0],
          median,
        },
      })
    assert.match(
      line({ look: 15, seconds: 250 }),
      new RegExp(
        `typical: unchanged code settles in half the runs by round ${calibration.medianRounds}, in 90% by round ` +
          `${calibration.rows[0]!.roundsNeeded} at this calibration's σ \\(fewer than 3 stored sessions\\); ` +
          `at σ's 85% upper confidence bound, in 90% by round ${calibration.rows[0]!.planRounds} \\(the plan's last look\\); ` +
          `the median run of this plan stops at its 15-round look, about 5 minutes`,
      ),
    )
    assert.match(line(null), /half the runs of this plan go past its last look \(20 rounds\)/)
    const { medianRounds: _older, ...older } = calibration
    assert.doesNotMatch(
      renderCalibrationText(older),
      /typical:/,
      'a calibration from before says nothing of it',
    )
  })

  test('zero variance: nothing to detect, the fewest rounds that can reach significance', () => {
    const calibration = calibrate(aaResults(new Array(10).fill(0)), 0.05)
    const row = calibration.rows[0]!
    assert.equal(row.sigma, 0)
    assert.equal(row.detectable, 0)
    assert.equal(row.roundsNeeded, fewestSignificantRounds(0.05))
    assert.equal(row.roundsNeeded, 5)
    assert.equal(calibration.suggestion.sufficient, true)
    assert.equal(calibration.suggestion.scale, 1)
  })

  test('never fewer rounds than the calibrated plan; trial length from the configured one', () => {
    // Quiet metrics need only a few rounds by the approximation: the plan is kept, not cut.
    const quiet = calibrate(aaResults(new Array(20).fill(0), 10, 20), 0.0258)
    assert.equal(quiet.suggestion.sufficient, true)
    assert.deepEqual([quiet.suggestion.minRounds, quiet.suggestion.maxRounds], [10, 20])
    // A trial that ran 10.04 s (k6 starting and stopping) is a 10 s trial, not 11 s.
    const results = aaResults(new Array(20).fill(0), 10, 20)
    for (const trial of results.trials) trial.durationSeconds = 10.04
    assert.equal(calibrate(results, 0.0258).suggestion.trialSeconds, 10)
  })

  test('the noise each test faces: signed-rank σ for a relative metric, MAD for an absolute one', () => {
    // A third of the rounds far out on either side, the rest within 2%: 1.4826 × MAD sees the bulk,
    // the signed-rank interval is wider by what those rounds cost it.
    const d = [0.01, -0.02, 0.3, 0.015, -0.01, -0.25, 0.005, 0.02, 0.4, -0.015, 0.0, -0.35]
    const relative = noiseSigma(d, false)
    const absolute = noiseSigma(d, true)
    assert.equal(relative.method, 'signed-rank')
    assert.deepEqual(absolute, robustSigma(d))
    assert.ok(relative.sigma > 2 * absolute.sigma, `${relative.sigma} against ${absolute.sigma}`)
    // Below the rounds the interval needs (4 at its level), the robust SD.
    assert.equal(noiseSigma([0.01, -0.02, 0.03], false).method, 'mad')
  })

  test('MAD of 0 over differences that are not all equal falls back to the sample SD', () => {
    const spread = robustSigma([0, 0, 0, 0, 0.1])
    assert.equal(spread.method, 'sd')
    close(spread.sigma, Math.sqrt((4 * 0.02 ** 2 + 0.08 ** 2) / 4))
  })

  test('too few rounds: one clear message naming the metric and the minimum', () => {
    assert.throws(
      () => calibrate(aaResults([0.01, -0.01]), 0.05),
      /'GET \/items\/:id p50' was measured in 2 paired rounds: calibration needs at least 3 \(raise max-rounds/,
    )
    assert.throws(() => robustSigma([0.1]), /calibration needs at least 3/)
    assert.throws(() => testLevel(0.05, 0, 10), /at least one gated metric/)
  })

  test('a budget buys rounds at the calibrated trials: the suggested rounds, the most that fit, or none', () => {
    const d = [-0.2, -0.1, 0, 0.1, 0.2, -0.2, -0.1, 0, 0.1, 0.2]
    const calibration = calibrate(aaResults(d, 10, 20), 0.0258)
    const row = calibration.rows[0]!
    // One gated metric: at the calibrated plan it settles under what the plan detects.
    close(settlingChange(calibration, row), row.detectable, 1e-12)
    const suggested = {
      minRounds: calibration.suggestion.minRounds,
      maxRounds: calibration.suggestion.maxRounds,
    }
    assert.equal(suggested.maxRounds, Math.max(2 * suggested.minRounds, row.planRounds!))
    // A run: 60 s of setup, then 2 trials of (trial + 2) s a round.
    const run = (rounds: { minRounds: number; maxRounds: number }, trial: number) =>
      [60 + rounds.minRounds * 2 * (trial + 2), 60 + rounds.maxRounds * 2 * (trial + 2)] as const

    const roomy = fitBudget(calibration, run(suggested, 10)[1], run)
    assert.deepEqual(
      [roomy.fits, roomy.minRounds, roomy.maxRounds, roomy.trialSeconds, roomy.runSeconds],
      [true, suggested.minRounds, suggested.maxRounds, 10, [...run(suggested, 10)]],
    )
    assert.ok(roomy.settles[0]! <= 0.05, `settles under δ: ${roomy.settles[0]}`)

    const tight = fitBudget(calibration, run(suggested, 10)[1] - 1, run)
    // Short of the suggested plan: the most rounds that fit, looks in its ratio.
    const fewer = suggested.minRounds - 1
    const fewerLast = Math.ceil((fewer * suggested.maxRounds) / suggested.minRounds - 1e-9)
    assert.deepEqual([tight.fits, tight.minRounds, tight.maxRounds], [false, fewer, fewerLast])
    close(tight.settles[0]!, settlingChange(calibration, row, fewer), 1e-12)
    assert.ok(tight.settles[0]! > 0.05)

    const none = fitBudget(calibration, run({ minRounds: 10, maxRounds: 20 }, 10)[1] - 1, run)
    assert.deepEqual([none.fits, none.trialSeconds], [false, 0])

    const text = renderCalibrationText({ ...calibration, budget: tight })
    assert.match(
      text,
      new RegExp(`within ${Math.round(tight.seconds)} s: ${fewer}–${fewerLast} rounds of 10s trials`),
    )
    assert.match(text, /GET \/items\/:id p50: settles under 5\.\d%, δ is 5\.0%/)
    assert.match(text, /raise its δ to what it settles under, let it inform \(thresholds\)/)
    assert.match(
      renderCalibrationText({ ...calibration, budget: { ...roomy, seconds: 600 } }),
      /within 10 minutes: .* settle every gated metric/,
    )
    assert.match(renderCalibrationMarkdown({ ...calibration, budget: none }), /within \d+ s: nothing fits/)
  })

  test('unchanged code settles in 90% of runs only when every varying metric settles: the misses are split', () => {
    assert.equal(settlingPower([0.1]), 0.9)
    close(settlingPower([0.1, 0.2, 0, 0]), 0.95, 1e-12)
    close(settlingPower([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]), 1 - 0.1 / 8, 1e-12)
    // Two noisy metrics of equal σ: each must settle with 95%, so each needs more rounds than alone.
    const d = [-0.2, -0.1, 0, 0.1, 0.2, -0.2, -0.1, 0, 0.1, 0.2]
    const results = makeResults({
      rounds: 10,
      minRounds: 10,
      maxRounds: 20,
      series: ['api GET /items/:id', 'api GET /other'],
      base: () => ({ p50: 100 }),
      head: (round) => ({ p50: 100 * Math.exp(d[round - 1]!) }),
    })
    results.settings.thresholds = [P50]
    const two = calibrate(results, 0.0258)
    const alone = calibrate(aaResults(d, 10, 20), 0.0258)
    assert.equal(two.rows[0]!.roundsNeeded, tRounds(signedRankSigma(d)!, Math.log(1.05), 0.0258, 0.95))
    assert.ok(two.rows[0]!.roundsNeeded > alone.rows[0]!.roundsNeeded)
    assert.ok(settlingChange(two, two.rows[0]!) > settlingChange(alone, alone.rows[0]!))
    // Detecting a change in one metric still asks 90% of that metric alone.
    assert.ok(
      two.rows[0]!.detectable > alone.rows[0]!.detectable,
      'the family correction of the level, not power',
    )
  })

  test('a budget never plans fewer rounds than can reach significance: 2⁻³ is no p under 0.05', () => {
    const calibration = calibrate(aaResults([0.001, -0.001, 0.0005], 3, 3), 0.05)
    const run = (rounds: { minRounds: number; maxRounds: number }, trial: number) =>
      [rounds.minRounds * 2 * (trial + 2), rounds.maxRounds * 2 * (trial + 2)] as const
    const budget = fitBudget(calibration, 3600, run)
    assert.deepEqual([budget.minRounds, budget.maxRounds, budget.fits], [5, 5, true])
    assert.deepEqual(budget.runSeconds, [5 * 2 * 12, 5 * 2 * 12])
  })

  test('a higher-is-better metric settles under a drop, as its δ is written', () => {
    const calibration = calibrate(aaResults([-0.2, -0.1, 0, 0.1, 0.2, -0.2, -0.1, 0, 0.1, 0.2]), 0.05)
    const row = { ...calibration.rows[0]!, direction: 'higher' as const }
    const change = settlingChange(calibration, row)
    const shift = detectableShift(row.sigma, testLevel(0.05, 1, 10))
    // −ln(1 − δ) is the margin a throughput rule of −δ gates at (analysisMargin).
    close(-Math.log1p(-change), shift, 1e-12)
  })
})
