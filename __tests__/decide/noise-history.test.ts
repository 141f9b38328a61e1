import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { calibrate } from '../../src/decide/calibration'
import { logSigmaVariance, planSigmas, PLAN_QUANTILE, sigmaUpperBound } from '../../src/decide/noise-history'
import { roundsForMargin, settlingPower } from '../../src/decide/settling'
import { chiSquareQuantile } from '../../src/decide/stats/chi-square'
import { studentTQuantile } from '../../src/decide/stats/student-t'
import type { NoiseSession } from '../../src/model/calibration'
import type { MetricThreshold } from '../../src/model/types'
import { farAboveLine, renderCalibrationMarkdown, renderCalibrationText } from '../../src/report/calibration'
import { makeResults } from '../../testkit/results-factory'

const P50: MetricThreshold = {
  metric: 'p50',
  series: '*',
  direction: 'lower',
  delta: 0.05,
  absolute: false,
  gate: true,
}
const KEY = 'api GET /items/:id'

/** 20 A/A rounds whose p50 log-ratios alternate ±`size` around a spread of sizes: a σ of about `size`. */
function aaResults(size: number, maxRounds = 20) {
  const shape = [-1.6, -1.1, -0.7, -0.4, -0.1, 0.1, 0.4, 0.7, 1.1, 1.6]
  const d = [...shape, ...shape.map((x) => -x * 0.9)].map((x) => x * size)
  const results = makeResults({
    rounds: d.length,
    minRounds: 10,
    maxRounds,
    base: () => ({ p50: 100 }),
    head: (round) => ({ p50: 100 * Math.exp(d[round - 1]!) }),
  })
  results.settings.thresholds = [P50]
  return results
}

function session(sigma: number, rounds = 20, day = 1): NoiseSession {
  return {
    measuredAt: `2026-11-${String(day).padStart(2, '0')}T00:00:00Z`,
    commit: 'c'.repeat(40),
    sigmas: [{ key: KEY, metric: 'p50', sigma, rounds }],
  }
}

const close = (actual: number, expected: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) < tolerance, `${actual} is not ${expected}`)

describe('the σ a plan is sized at', () => {
  test("the chi-square quantile is Wilson–Hilferty's, within 1% of the tables", () => {
    for (const [p, df, table] of [
      [0.05, 10, 3.94],
      [0.1, 19, 11.651],
      [0.95, 10, 18.307],
      [0.05, 20, 10.851],
      [0.9, 5, 9.236],
    ] as const)
      assert.ok(Math.abs(chiSquareQuantile(p, df) / table - 1) < 0.01, `χ²(${p}, ${df})`)
  })

  test("with fewer than 3 stored sessions: this σ, and its 85% upper confidence bound for the plan's last look", () => {
    const row = { sigma: 0.05, rounds: 20, sigmaMethod: 'signed-rank' as const }
    // The signed-rank σ of 20 rounds varies as a sample SD of 0.7 × 19 rounds.
    const df = 0.7 * 19
    const bound = 0.05 * Math.sqrt(df / chiSquareQuantile(1 - PLAN_QUANTILE, df))
    close(sigmaUpperBound(row), bound)
    assert.ok(bound > 0.062 && bound < 0.066, `${bound}`)
    const planned = planSigmas(row, [
      { sigma: 0.05, rounds: 20 },
      { sigma: 0.08, rounds: 20 },
    ])
    assert.deepEqual(planned, { typical: 0.05, plan: bound, sessions: 0 })

    // Calibrate plans the last look at that bound: here one look (10/10), so the last look is the bound's.
    const calibration = calibrate(aaResults(0.08, 10), 0.05)
    const r = calibration.rows[0]!
    assert.equal(r.sessions, 0)
    close(r.typicalSigma!, r.sigma)
    close(r.planSigma!, sigmaUpperBound(r))
    const power = settlingPower([r.sigma])
    assert.equal(r.planRounds, roundsForMargin(r.planSigma!, Math.log(1.05), 0.05, power))
    assert.ok(r.planRounds! > 1.5 * r.roundsNeeded, `${r.planRounds} against ${r.roundsNeeded}`)
    assert.equal(calibration.suggestion.minRounds, r.roundsNeeded)
    assert.equal(calibration.suggestion.maxRounds, Math.min(200, r.planRounds!))
  })

  test('with 3 stored sessions or more: the predictive median and 85% quantile over them and this one', () => {
    const stored = [0.04, 0.05, 0.07, 0.045].map((sigma) => ({ sigma, rounds: 20 }))
    const row = { sigma: 0.06, rounds: 20 }
    const planned = planSigmas(row, stored)
    const logs = [...stored, row].map((e) => Math.log(e.sigma))
    const mean = logs.reduce((a, b) => a + b) / 5
    const spread = logs.reduce((a, y) => a + (y - mean) ** 2, 0) / 4
    const within = logSigmaVariance(row)
    const between = Math.max(0, spread - within)
    const sd = Math.sqrt(between + within + (between + within) / 5)
    assert.equal(planned.sessions, 4)
    close(planned.typical, Math.exp(mean))
    close(planned.plan, Math.exp(mean + studentTQuantile(0.85, 4) * sd))
    assert.equal(planned.farAbove, undefined)

    // Sessions that agree leave no between-session variance; sessions that differ widen the plan.
    const steady = planSigmas(
      row,
      [0.06, 0.06, 0.06, 0.06].map((sigma) => ({ sigma, rounds: 20 })),
    )
    const moving = planSigmas(
      row,
      [0.03, 0.12, 0.04, 0.1].map((sigma) => ({ sigma, rounds: 20 })),
    )
    assert.ok(moving.plan > steady.plan * 1.3, `${moving.plan} against ${steady.plan}`)
    close(steady.typical, 0.06)

    // Through calibrate: the stored calibrations' and runs' sessions of the same series and metric.
    const results = aaResults(0.05)
    const sessions = {
      calibrations: [session(0.02, 20, 1)],
      runs: [session(0.021, 20, 2), session(0.019, 20, 3)],
    }
    const calibration = calibrate(results, 0.0258, sessions)
    const r = calibration.rows[0]!
    assert.equal(r.sessions, 3)
    const expected = planSigmas(
      { sigma: r.sigma, rounds: 20, sigmaMethod: 'signed-rank' },
      [0.02, 0.021, 0.019].map((sigma) => ({ sigma, rounds: 20 })),
    )
    close(r.typicalSigma!, expected.typical)
    close(r.planSigma!, expected.plan)
    // The typical line's median run rests on the predictive median, not on this noisier σ.
    const alone = calibrate(results, 0.0258)
    assert.ok(
      calibration.medianRounds! < alone.medianRounds!,
      `${calibration.medianRounds} against ${alone.medianRounds}`,
    )
    assert.ok(r.roundsNeeded < alone.rows[0]!.roundsNeeded)
    assert.match(
      renderCalibrationText(calibration),
      /in 90% by round \d+ at the predictive median σ over 3 stored sessions and this one; at σ's 85% predictive quantile, in 90% by round \d+ \(the plan's last look\)/,
    )
    // Another series' or metric's sessions say nothing of this one: the single-session bound.
    const other = {
      ...session(0.02),
      sigmas: [{ key: 'api GET /other', metric: 'p50' as const, sigma: 0.02, rounds: 20 }],
    }
    assert.equal(
      calibrate(results, 0.0258, { calibrations: [], runs: [other, other, other] }).rows[0]!.sessions,
      0,
    )
  })

  test('the calibration keeps its own session after the stored calibrations', () => {
    const earlier = [session(0.03, 20, 1), session(0.04, 20, 2)]
    const calibration = calibrate(aaResults(0.05), 0.0258, {
      calibrations: earlier,
      runs: [session(0.05, 20, 3)],
    })
    assert.equal(calibration.sessions!.length, 3)
    assert.deepEqual(calibration.sessions!.slice(0, 2), earlier, 'runs stay in their own files')
    const own = calibration.sessions![2]!
    assert.equal(own.measuredAt, calibration.measuredAt)
    assert.deepEqual(own.sigmas, [
      { key: KEY, metric: 'p50', sigma: calibration.rows[0]!.sigma, rounds: 20, sigmaMethod: 'signed-rank' },
    ])
    const many = Array.from({ length: 40 }, (_, i) => session(0.03, 20, (i % 28) + 1))
    assert.equal(calibrate(aaResults(0.05), 0.0258, { calibrations: many, runs: [] }).sessions!.length, 30)
  })

  test('a calibration far noisier than the stored runs says so, by how much and what to do', () => {
    const quiet = { calibrations: [], runs: [0.02, 0.022, 0.018, 0.021].map((s, i) => session(s, 20, i + 1)) }
    const busy = calibrate(aaResults(0.08), 0.0258, quiet)
    const row = busy.rows[0]!
    assert.ok(row.farAbove, 'above the stored sessions')
    const median = Math.exp([0.02, 0.022, 0.018, 0.021].reduce((a, s) => a + Math.log(s), 0) / 4)
    close(row.farAbove.factor, row.sigma / median)
    assert.ok(row.farAbove.bound < row.sigma && row.farAbove.bound > 0.02)
    const line = farAboveLine(busy)
    assert.match(
      line,
      new RegExp(
        `^noise: p50 of api GET /items/:id moved ${row.farAbove.factor.toFixed(1)}× what the stored runs show \\(±\\d+(\\.\\d)?% a round, their 95% bound ±\\d\\.\\d%\\): the runner was busier than usual — rerun the calibration, or run it on a quieter runner, before adopting its plan$`,
      ),
    )
    assert.ok(renderCalibrationText(busy).split('\n').includes(line))
    assert.match(renderCalibrationMarkdown(busy), /⚠️ noise: p50 of api GET \/items\/:id moved/)
    // As noisy as the stored runs: nothing said.
    const usual = calibrate(aaResults(0.02), 0.0258, quiet)
    assert.equal(usual.rows[0]!.farAbove, undefined)
    assert.equal(farAboveLine(usual), '')
    assert.doesNotMatch(renderCalibrationText(usual), /^noise:/m)
  })
})
