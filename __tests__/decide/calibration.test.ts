import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  calibrate,
  detectableShift,
  fewestSignificantRounds,
  planAlpha,
  robustSigma,
  roundsForMargin,
  testLevel,
} from '../../src/decide/calibration'
import type { MetricThreshold } from '../../src/model/types'
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

describe('calibration', () => {
  test('σ is 1.4826 × MAD of the per-round differences', () => {
    const spread = robustSigma([-0.2, -0.1, 0, 0.1, 0.2, -0.2, -0.1, 0, 0.1, 0.2])
    assert.equal(spread.method, 'mad')
    close(spread.sigma, 0.14826)
  })

  test('a known σ gives the normal-approximation MDE and the rounds that bring it under δ', () => {
    // z.95 + z.9 = 1.644854 + 1.281552 = 2.926406
    const test10 = testLevel(0.05, 1, 10)
    close(detectableShift(0.14826, test10), (2.926406 * 0.14826) / Math.sqrt(10))
    // ((2.926406 · 0.14826) / ln 1.05)² = 79.08 → 80 rounds
    assert.equal(roundsForMargin(0.14826, Math.log(1.05), 0.05), 80)
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
    close(row.noiseFloor, Math.expm1(0.14826))
    const z = 1.88901 + 1.281552 // z(1 − 0.0294) + z(0.9)
    close(row.detectable, Math.expm1((z * 0.14826) / Math.sqrt(10)), 1e-3)
    const needed = Math.ceil(((z * 0.14826) / Math.log(1.05)) ** 2)
    assert.equal(row.roundsNeeded, needed)
    assert.equal(calibration.suggestion.sufficient, false)
    assert.equal(calibration.suggestion.minRounds, needed)
    // The plan keeps its two looks in the same ratio, and with them its α per look.
    assert.equal(calibration.suggestion.maxRounds, Math.min(200, needed * 2))
    close(calibration.suggestion.scale, ((z * 0.14826) / Math.log(1.05)) ** 2 / 10, 1e-2)
    assert.equal(calibration.trialSeconds, 10)
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
})
