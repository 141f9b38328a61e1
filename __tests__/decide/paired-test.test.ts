import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { familyScores, pairedInterval } from '../../src/decide/paired-test'
import { maxTAdjusted } from '../../src/decide/stats/max-t'
import { makeResults, wobble } from '../../testkit/results-factory'

const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }

describe('the paired test of each metric', () => {
  test('a relative metric gets the typical round, an absolute one the mean', () => {
    const d = [0.01, 0.02, -0.01, 0.0, 0.015, 0.4]
    assert.ok(pairedInterval(d, false, 0.05).estimate < 0.03, 'Hodges–Lehmann: the typical round')
    assert.ok(Math.abs(pairedInterval(d, true, 0.05).estimate - 0.0725) < 1e-12, 'the mean')
  })

  test('family scores clip a relative metric at twice its median size, flip-invariant; absolute ones stay', () => {
    const d = [0.01, -0.02, 0.03, null, -0.02, 0.5]
    // sizes 0.01 0.02 0.02 0.03 0.5 → median 0.02 → limit 0.04
    assert.deepEqual(familyScores(d, false), [0.01, -0.02, 0.03, null, -0.02, 0.04])
    assert.deepEqual(familyScores(d, true), d)
    const flipped = d.map((x, i) => (x === null ? null : i % 2 ? -x : x))
    assert.deepEqual(
      familyScores(flipped, false),
      familyScores(d, false).map((x, i) => (x === null ? null : i % 2 ? -x : x)),
      'clipping commutes with flipping: the test stays exact',
    )
    assert.deepEqual(familyScores([0, 0, 0, 0.1], false), [0, 0, 0, 0.1], 'no typical size: nothing clipped')
  })

  test('one metric that stands out reaches 2⁻ⁿ among nine in six rounds', () => {
    const noise = (salt: number) => Array.from({ length: 6 }, (_, r) => wobble(r + 1, 0.05, salt))
    const family = [Array.from({ length: 6 }, (_, r) => 0.3 + wobble(r + 1, 0.02, 99))]
    for (let k = 0; k < 8; k++) family.push(noise(k))
    const adjusted = maxTAdjusted(family.map((values) => familyScores(values, false)))
    assert.equal(adjusted[0], 2 ** -6)
  })

  test('a few far-out rounds on the head side do not block an unchanged head', () => {
    // 20 rounds within ±1.5%, three of them with the head's whole trial 40% slower.
    const results = makeResults({
      rounds: 20,
      minRounds: 20,
      maxRounds: 20,
      base: () => ({ p50: 10 }),
      head: (r) => ({ p50: 10 * Math.exp(wobble(r, 0.015, 5) + (r % 7 === 3 ? Math.log(1.4) : 0)) }),
    })
    const c = compareResults(results, opts)
    const m = c.series.find((s) => s.key === 'api GET /items/:id')!.metrics.find((x) => x.metric === 'p50')!
    assert.ok(m.change! < 0.02, `typical round ${m.change}`)
    assert.notEqual(m.verdict, 'REGRESSION')
    assert.notEqual(m.verdict, 'LIKELY_OVER_DELTA')
    assert.notEqual(c.verdict, 'REGRESSION')
  })
})
