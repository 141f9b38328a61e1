import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareWithStored } from '../../src/decide'
import { makeResults } from '../../testkit/results-factory'
import type { Comparison, RunRecord } from '../../src/model/types'

const KEY = 'api GET /items/:id'
const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }

/** mulberry32: a small seeded generator, so every run of the test sees the same numbers. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

interface Noise {
  /** Standard deviation of a run's own offset (log scale): what its trials cannot show. */
  runSd: number
  /** Standard deviation of one trial around its run's level (log scale). */
  trialSd: number
  trials: number
}

/** One run's p50 per trial: 10 ms × its change × its own offset × trial noise. */
function runValues(random: () => number, noise: Noise, change = 1): number[] {
  const offset = noise.runSd * normal(random)
  return Array.from(
    { length: noise.trials },
    () => 10 * change * Math.exp(offset + noise.trialSd * normal(random)),
  )
}

function record(values: number[], index: number): RunRecord {
  const base = makeResults({ rounds: 1, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
  const sha = (index + 1).toString(16).padStart(7, '0')
  return {
    schemaVersion: 2,
    benchmark: 'api',
    branch: 'main',
    verdict: 'NO_CHANGE',
    meta: {
      ...base.meta,
      runId: String(index + 1),
      head: { ...base.meta.head, sha },
      startedAt: new Date(Date.UTC(2026, 9, 1 + index)).toISOString(),
    },
    series: [],
    trials: { [KEY]: { p50: values } },
  }
}

/** The head run against the newest of `runs` stored runs of main, the others measuring the spread. */
function crossRun(random: () => number, noise: Noise, runs: number, change = 1): Comparison {
  const history = Array.from({ length: runs }, (_, i) => record(runValues(random, noise), i))
  const head = runValues(random, noise, change)
  const results = makeResults({
    rounds: noise.trials,
    thresholds: [
      { metric: 'p50', series: '*', delta: 0.05, gate: true, direction: 'lower', absolute: false },
    ],
    base: () => ({ p50: 10 }),
    head: (r) => ({ p50: head[r - 1]! }),
  })
  results.baseline = 'stored'
  results.trials = results.trials.filter((t) => t.arm === 'head')
  return compareWithStored(results, history.at(-1)!, opts, history)
}

function p50(c: Comparison) {
  return c.series.find((s) => s.key === KEY)!.metrics.find((m) => m.metric === 'p50')!
}

describe('stored baseline: a cross-run comparison', () => {
  test('no-op changes between runs with their own offsets are significant about α of the time, not always', () => {
    // Runs differ by ~8% (their own offset), trials within a run by ~3%: a within-run test
    // calls almost every run-to-run difference significant.
    const random = seeded(19)
    const noise: Noise = { runSd: 0.08, trialSd: 0.03, trials: 10 }
    const simulations = 600
    let significant = 0
    let blocked = 0
    for (let i = 0; i < simulations; i++) {
      const c = crossRun(random, noise, 8)
      const m = p50(c)
      // The metric's own p of "worse" (pAdjusted tests "worse by more than δ/2", which is rarer still).
      if (m.p !== null && m.p <= c.alpha) significant++
      if (c.blocking) blocked++
    }
    const rate = significant / simulations
    assert.ok(rate > 0.02 && rate < 0.08, `false-significant rate ${rate} on no-op changes, α 0.05`)
    assert.ok(blocked / simulations <= rate, `blocked ${blocked} of ${simulations}`)
  })

  test('a real change well beyond the run-to-run spread is still found', () => {
    const random = seeded(7)
    const noise: Noise = { runSd: 0.03, trialSd: 0.03, trials: 10 }
    let found = 0
    for (let i = 0; i < 50; i++) {
      const c = crossRun(random, noise, 10, 1.5)
      if (p50(c).verdict === 'REGRESSION') found++
    }
    assert.ok(found >= 45, `+50% found ${found} of 50 times`)
  })

  test('the headline says it is cross-run and which stored run it was judged against', () => {
    const c = crossRun(seeded(3), { runSd: 0.03, trialSd: 0.03, trials: 10 }, 8, 1.5)
    assert.equal(c.verdict, 'REGRESSION')
    assert.match(
      c.headline,
      /^Blocked — p50 of .* — cross-run against the stored run of 0000008 on main, allowing for the spread of 8 stored runs$/,
    )
  })

  test('too little history: it says so, and neither blocks nor approves on a −58% it cannot establish', () => {
    for (const runs of [1, 2, 4]) {
      const c = crossRun(seeded(runs), { runSd: 0.01, trialSd: 0.01, trials: 10 }, runs, 0.42)
      const m = p50(c)
      assert.equal(c.verdict, 'INCONCLUSIVE', c.headline)
      assert.equal(c.blocking, false)
      assert.equal(m.verdict, 'INCONCLUSIVE')
      assert.equal(m.ci, null, 'no interval that would read as within-run confidence')
      assert.equal(m.p, null)
      assert.ok(m.change! < -0.5, 'the estimate is still shown')
      assert.match(
        m.note ?? '',
        new RegExp(`only ${runs} stored runs? of main to measure run-to-run variance: 5 are needed`),
      )
      assert.match(
        c.headline,
        new RegExp(
          `^Inconclusive — cross-run against the stored run of \\w{7} on main: ${runs} stored runs? of main cannot tell run-to-run variance from a change \\(5 needed\\)`,
        ),
      )
    }
  })

  test('runs of other branches, invalid runs and runs after the baseline do not measure the spread', () => {
    const random = seeded(11)
    const noise: Noise = { runSd: 0.01, trialSd: 0.01, trials: 10 }
    const history = Array.from({ length: 9 }, (_, i) => record(runValues(random, noise), i))
    history[0]!.branch = 'feature'
    history[1]!.verdict = 'INVALID'
    const results = makeResults({ rounds: 10, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    results.trials = results.trials.filter((t) => t.arm === 'head')
    // Baseline is the 7th run: runs 3–7 of main count (5), run 8 and 9 came later.
    const c = compareWithStored(results, history[6]!, opts, history)
    assert.match(c.headline, /allowing for the spread of 5 stored runs$/)
    const fewer = compareWithStored(results, history[5]!, opts, history)
    assert.match(fewer.headline, /^Inconclusive — cross-run .*: 4 stored runs of main cannot tell/)
  })
})
