import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { calibrate } from '../../src/decide/calibration'
import { tailRelief } from '../../src/decide/calibration-tails'
import { renderCalibrationMarkdown, renderCalibrationText } from '../../src/report/calibration'
import { parseThresholdLines, resolveThresholds } from '../../src/settings/thresholds'
import { makeResults } from '../../testkit/results-factory'

const ALPHA = 0.0258
const QUIET = [-0.02, -0.01, 0, 0.01, 0.02, -0.02, -0.01, 0, 0.01, 0.02]
const LOUD = [-0.3, -0.15, 0, 0.15, 0.3, -0.3, -0.15, 0, 0.15, 0.3]

/**
 * A/A rounds of two endpoints under the default rules (p50 and p90 gate): every p50 and the p90 of
 * GET /a move by QUIET a round; the p90 of GET /b by LOUD, or its p50 too when `loudP50`.
 */
function aaResults(rules = '', loudP50 = false) {
  const results = makeResults({
    rounds: QUIET.length,
    minRounds: 10,
    maxRounds: 20,
    series: ['api GET /a', 'api GET /b'],
    base: () => ({ p50: 100, spread: 2 }),
    head: (round, series) => {
      const quiet = Math.exp(QUIET[round - 1]!)
      const loud = Math.exp(LOUD[round - 1]!)
      if (series !== 'api GET /b') return { p50: 100 * quiet, spread: 2 }
      // p90 = p50 · (1 + (spread − 1) / 2): a spread that moves p90 by `loud` over p50's own move.
      const p50 = 100 * (loudP50 ? loud : quiet)
      return { p50, spread: 1 + 2 * ((150 * (loudP50 ? quiet : loud)) / p50 - 1) }
    },
  })
  results.settings.thresholds = resolveThresholds(rules ? parseThresholdLines(rules, 'thresholds') : [])
  return results
}

describe('which tails to gate', () => {
  test('the costliest tail is made informational, and the rest then settle as a plan that gates them alone', () => {
    const calibration = calibrate(aaResults(), ALPHA)
    const loud = calibration.rows.findIndex((r) => r.key === 'api GET /b' && r.metric === 'p90')
    assert.ok(
      calibration.rows[loud]!.roundsNeeded > calibration.minRounds,
      'the loud p90 holds the plan back',
    )
    const relief = tailRelief(calibration)!
    assert.deepEqual(calibration.tailRelief, relief, 'a calibration carries it')
    assert.deepEqual(relief.informational, [loud])
    // The same A/A rounds calibrated with that rule written: the rounds its gated metrics need.
    const written = calibrate(aaResults('api GET /b: p90 inform'), ALPHA)
    assert.equal(written.rows.length, calibration.rows.length - 1)
    assert.equal(relief.roundsNeeded, Math.max(...written.rows.map((r) => r.roundsNeeded)))
    assert.ok(relief.roundsNeeded < calibration.rows[loud]!.roundsNeeded)
    assert.equal(relief.minRounds, Math.max(calibration.minRounds, relief.roundsNeeded))
    assert.equal(relief.maxRounds, Math.max(calibration.maxRounds, 2 * relief.minRounds))

    assert.ok(relief.roundsNeeded <= calibration.minRounds)
    assert.match(
      renderCalibrationText({ ...calibration, tailRelief: relief }),
      new RegExp(
        `or gate fewer tails: with p90 of api GET /b \\(noise floor ±\\d+%\\) informational ` +
          `\\(thresholds: api GET /b: p90 inform\\), the configured plan settles what stays gated ` +
          `\\(in 90% of runs by round ${relief.roundsNeeded}\\)`,
      ),
    )
    const longer = { ...relief, roundsNeeded: 14, minRounds: 14, maxRounds: 28 }
    const cost = { setup: 0, trialOverhead: 0, warmup: 0, renewal: 0, configured: [0, 0] as [number, number] }
    const priced = {
      ...cost,
      suggestedRounds: [0, 0] as [number, number],
      suggestedTrials: [0, 0] as [number, number],
      tailRelief: [180, 360] as [number, number],
    }
    assert.match(
      renderCalibrationText({ ...calibration, tailRelief: longer, cost: priced }),
      /\), what stays gated settles in 90% of runs by round 14: min-rounds 14, max-rounds 28 \(about 3–6 minutes a run\)/,
    )
    assert.match(
      renderCalibrationMarkdown({ ...calibration, tailRelief: relief }),
      /or gate fewer tails: with p90 of api GET \/b/,
    )
  })

  test('no offer where a p50 is what needs the most rounds, nor where the plan already settles', () => {
    assert.equal(tailRelief(calibrate(aaResults('', true), ALPHA)), null)
    const quiet = calibrate(aaResults('api GET /b: p90 inform'), ALPHA)
    assert.ok(quiet.suggestion.sufficient)
    assert.equal(tailRelief(quiet), null)
    assert.doesNotMatch(renderCalibrationText({ ...quiet, tailRelief: null }), /gate fewer tails/)
  })

  test('a stored calibration naming rows it does not have offers nothing', () => {
    const calibration = calibrate(aaResults(), ALPHA)
    const forged = {
      ...calibration,
      tailRelief: { informational: [99], roundsNeeded: 3, minRounds: 10, maxRounds: 20 },
    }
    assert.doesNotMatch(renderCalibrationText(forged), /gate fewer tails/)
  })
})
