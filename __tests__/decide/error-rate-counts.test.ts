import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults, needsMoreRounds } from '../../src/decide'
import { rateBounds, rateChangeBounds } from '../../src/decide/stats/binomial'
import { parseThresholdLines } from '../../src/settings/thresholds'
import { seededRandom } from '../../src/util/random'
import { makeResults } from '../../testkit/results-factory'

const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }
const ONLY_ERRORS = parseThresholdLines('p50 inform\np90 inform\nthroughput inform', 'thresholds')

/** Failed requests out of `requests`, each failing with `rate`. */
function binomial(requests: number, rate: number, random: () => number): number {
  let failed = 0
  for (let i = 0; i < requests; i++) if (random() < rate) failed++
  return failed
}

/** A run of the gate's plan (looks at 10, 15, 20) on 50 requests a trial; its error rate's verdict. */
function simulatedRun(baseRate: number, headRate: number, random: () => number): string {
  const requests = 50
  const draws = Array.from({ length: 20 }, () => ({
    base: binomial(requests, baseRate, random) / requests,
    head: binomial(requests, headRate, random) / requests,
  }))
  for (const look of [10, 15, 20]) {
    const results = makeResults({
      rounds: look,
      minRounds: 10,
      maxRounds: 20,
      thresholds: ONLY_ERRORS,
      maxErrorRate: 0.5,
      base: (r) => ({ p50: 10, throughput: requests / 10, errorRate: draws[r - 1]!.base }),
      head: (r) => ({ p50: 10, throughput: requests / 10, errorRate: draws[r - 1]!.head }),
    })
    if (look === 20 || !needsMoreRounds(results, opts)) {
      const c = compareResults(results, opts)
      return c.series[0]!.metrics.find((m) => m.metric === 'error_rate')!.verdict
    }
  }
  throw new Error('unreachable')
}

describe('error rates on few requests', () => {
  test('Clopper–Pearson: 0 of n allows about 3/n; the change bound splits α between the arms', () => {
    const zero = rateBounds({ failed: 0, requests: 1000 }, 0.05)
    assert.equal(zero.low, 0)
    assert.ok(Math.abs(zero.high - (1 - 0.05 ** (1 / 1000))) < 1e-9, `${zero.high}`)
    const some = rateBounds({ failed: 5, requests: 100 }, 0.025)
    // Known exact 95% two-sided interval of 5/100: [0.0164, 0.1128].
    assert.ok(Math.abs(some.low - 0.0164) < 5e-4 && Math.abs(some.high - 0.1128) < 5e-4, JSON.stringify(some))
    const change = rateChangeBounds({ failed: 0, requests: 500 }, { failed: 0, requests: 500 }, 0.05)
    assert.ok(change.high > 0.005, 'rounds without errors do not rule out +0.5 pp on 500 requests')
  })

  test('a true +0.5 pp at 50 requests a trial reads NO CHANGE in at most 5% of runs', () => {
    const random = seededRandom(0xe770)
    const runs = 200
    let noChange = 0
    for (let i = 0; i < runs; i++) if (simulatedRun(0, 0.005, random) === 'NO_CHANGE') noChange++
    assert.ok(noChange / runs <= 0.05, `${noChange} of ${runs} runs NO CHANGE`)
  })
})
