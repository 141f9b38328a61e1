import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { runTiming } from '../../src/measure/time-share'
import { timingText } from '../../src/report/format'
import { renderComment } from '../../src/report/markdown'
import { renderTerminal } from '../../src/report/terminal'
import { compareResults } from '../../src/decide'
import { makeResults } from '../../testkit/results-factory'
import type { Arm, Phase, Trial } from '../../src/model/types'

const OPTIONS = { failOn: ['REGRESSION' as const, 'INVALID' as const] }
const T0 = Date.parse('2026-11-01T00:00:00Z')

/** A trial that starts `at` seconds after T0, runs k6 for `k6` seconds and measures its last `window`. */
function timed(arm: Arm, phase: Phase, at: number, k6: number, window: number): Trial {
  const [trial] = makeResults({ rounds: 1, base: () => ({ p50: 1 }), head: () => ({ p50: 1 }) }).trials
  return {
    ...trial!,
    arm,
    phase,
    startedAt: new Date(T0 + at * 1000).toISOString(),
    k6Seconds: k6,
    durationSeconds: window,
  }
}

describe("where a run's wall time went", () => {
  // Stacks start at T0; first warm-ups (side by side) at 20 s for 10 s; two measured trials of 8 s
  // windows in 9-s k6 runs; a renewal of 3 s; warm-ups again; two more trials.
  const trials = [
    timed('base', 'warmup', 20, 10, 10),
    timed('head', 'warmup', 20.5, 10, 10),
    timed('head', 'measure', 31, 9, 8),
    timed('base', 'measure', 40, 9, 8),
    timed('base', 'warmup', 52, 10, 10),
    timed('head', 'warmup', 52, 10, 10),
    timed('base', 'measure', 62, 9, 8),
    timed('head', 'measure', 71, 9, 8),
  ]

  test('counts side-by-side warm-ups once and splits the rest by step', () => {
    const timing = runTiming(trials, T0)!
    assert.equal(timing.wallSeconds, 80)
    assert.equal(timing.measuredSeconds, 32)
    assert.equal(timing.loadStartupSeconds, 4)
    assert.equal(timing.warmupSeconds, 20.5)
    assert.equal(timing.stacksStartSeconds, 20)
    // 80 − 32 − 4 − 20.5 − 20: the gaps between trials (the renewal, pauses).
    assert.equal(timing.otherSeconds, 3.5)
    assert.equal(timing.measuredShare, 0.4)
  })

  test('duet trials measured at once count their shared window once', () => {
    const duet = [timed('base', 'measure', 10, 9, 8), timed('head', 'measure', 10, 9, 8)]
    const timing = runTiming(duet, T0)!
    assert.equal(timing.measuredSeconds, 8)
    assert.equal(timing.measuredShare, 0.421)
  })

  test("alternating trials: each arm's slices spread over both windows, counted once", () => {
    const alternating = [timed('base', 'measure', 10, 9, 4), timed('head', 'measure', 10, 9, 4)].map((t) => ({
      ...t,
      sliceArms: 2,
    }))
    const timing = runTiming(alternating, T0)!
    assert.equal(timing.measuredSeconds, 8)
    assert.equal(timing.measuredShare, 0.421)
  })

  test('no trial, or a clock that does not run forward, gives no timing rather than a made-up one', () => {
    assert.equal(runTiming([], T0), null)
    assert.equal(runTiming(trials, T0 + 1000_000), null)
  })

  test('the comment and the terminal say the measured share and where the rest went', () => {
    const results = makeResults({ rounds: 10, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    results.meta.timing = runTiming(trials, T0)!
    const comparison = compareResults(results, OPTIONS)
    const line = timingText(results.meta.timing)
    assert.match(line, /^Measured 0\.5 of 1\.3 minutes \(40%\): warm-ups 0\.3, stacks' start 0\.3/)
    assert.ok(renderComment(comparison, {}).includes(line), 'the comment carries the timing line')
    assert.ok(renderTerminal(comparison, { color: false }).includes(line), 'so does the terminal')
    // pause-idle-arm auto is said only where it left the idle arm running: a pause is the usual case.
    const jit = { ...results.meta.timing, idleArmAuto: { pause: false, runtimes: ['JVM'] } }
    assert.match(
      timingText(jit),
      /\. Pause-idle-arm auto: the idle arm keeps running, for the JVM JIT compiler/,
    )
    assert.equal(timingText({ ...jit, idleArmAuto: { pause: true, runtimes: [] } }), line)
    delete results.meta.timing
    assert.ok(
      !renderComment(compareResults(results, OPTIONS), {}).includes('Measured '),
      'nothing when not recorded',
    )
  })
})
