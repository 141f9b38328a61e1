import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { holm, median, normalCdf, normalQuantile } from '../../../src/decide/stats/basic'
import { maxTAdjusted } from '../../../src/decide/stats/max-t'
import { signFlipInterval } from '../../../src/decide/stats/sign-flip'
import { rankSumInterval } from '../../../src/decide/stats/rank-sum'
import { seededRandom } from '../../../src/measure/schedule'

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** One-sided p of "greater" by enumerating all 2^n sign flips of the mean: the definition. */
function bruteForceGreater(d: number[]): number {
  const observed = d.reduce((a, b) => a + b, 0)
  const total = 2 ** d.length
  let atLeast = 0
  for (let mask = 0; mask < total; mask++) {
    let sum = 0
    for (let i = 0; i < d.length; i++) sum += mask & (1 << i) ? -d[i]! : d[i]!
    if (sum >= observed - 1e-12) atLeast++
  }
  return atLeast / total
}

describe('basic statistics', () => {
  test('median, normal quantile and CDF', () => {
    assert.equal(median([3, 1, 2]), 2)
    assert.equal(median([4, 1, 2, 3]), 2.5)
    assert.equal(median([]), null)
    assert.ok(Math.abs(normalQuantile(0.975) - 1.959964) < 1e-6)
    assert.ok(Math.abs(normalCdf(1.959964) - 0.975) < 1e-6)
  })

  test('Holm adjustment (textbook example)', () => {
    assert.deepEqual(
      holm([0.01, 0.04, 0.03]).map((p) => +p.toFixed(6)),
      [0.03, 0.06, 0.06],
    )
    assert.deepEqual(holm([0.5]), [0.5])
  })
})

describe('sign-flip test of the mean, with the interval that inverts it', () => {
  test('exact p-values equal full enumeration', () => {
    const random = seededRandom(11)
    for (const n of [3, 6, 10, 12]) {
      const d = Array.from({ length: n }, () => 0.2 + normal(random))
      assert.ok(Math.abs(signFlipInterval(d, 0.05).pGreater - bruteForceGreater(d)) < 1e-12, `n=${n}`)
    }
  })

  test('all ten differences positive: one-sided p = 1/1024', () => {
    const d = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => v / 100)
    assert.equal(signFlipInterval(d, 0.05).pGreater, 1 / 1024)
  })

  test('six equal differences: p is 1/64, never below the exact minimum, and the interval agrees', () => {
    const r = signFlipInterval([0.02, 0.02, 0.02, 0.02, 0.02, 0.02], 0.015)
    assert.equal(r.pGreater, 1 / 64)
    assert.ok(r.low <= 0, `p ${r.pGreater}, low ${r.low}`)
    const loose = signFlipInterval([0.02, 0.02, 0.02, 0.02, 0.02, 0.02], 0.05)
    assert.ok(loose.pGreater <= 0.05 && loose.low > 0)
  })

  test('p and interval always agree, with ties and zeros', () => {
    const random = seededRandom(5)
    for (let i = 0; i < 300; i++) {
      const n = 4 + (i % 10)
      const d = Array.from({ length: n }, () => Math.round((0.3 + normal(random)) * 2) / 2)
      for (const alpha of [0.01, 0.0258, 0.05]) {
        const r = signFlipInterval(d, alpha)
        assert.equal(r.pGreater <= alpha, r.low > 0, `greater ${JSON.stringify(d)} α ${alpha}`)
        assert.equal(r.pLess <= alpha, r.high < 0, `less ${JSON.stringify(d)} α ${alpha}`)
      }
    }
  })

  test('too few pairs can never be significant: the interval is unbounded', () => {
    const four = signFlipInterval([1, 2, 3, 4], 0.05)
    assert.equal(four.low, -Infinity)
    assert.equal(four.high, Infinity)
    const five = signFlipInterval([1, 2, 3, 4, 5], 0.05)
    assert.ok(Number.isFinite(five.low) && five.low > 0)
  })

  test('coverage of each one-sided bound is about 1 − α (simulation)', () => {
    const random = seededRandom(9)
    let lowMissed = 0
    let highMissed = 0
    const runs = 2000
    for (let i = 0; i < runs; i++) {
      const d = Array.from({ length: 10 }, () => 0.3 + normal(random))
      const r = signFlipInterval(d, 0.05)
      if (r.low > 0.3) lowMissed++
      if (r.high < 0.3) highMissed++
    }
    for (const missed of [lowMissed, highMissed])
      assert.ok(missed / runs < 0.065 && missed / runs > 0.03, `${missed}`)
  })

  test('beyond 16 rounds a fixed sample of sign vectors: deterministic, and p and interval still agree', () => {
    const random = seededRandom(2)
    const d = Array.from({ length: 20 }, () => 0.5 + normal(random))
    const a = signFlipInterval(d, 0.03)
    assert.deepEqual(signFlipInterval(d, 0.03), a)
    assert.equal(a.pGreater <= 0.03, a.low > 0)
    assert.ok(a.pGreater > 0 && a.pGreater < 0.03)
  })
})

describe('step-down maxT over jointly flipped rounds', () => {
  test('one clearly shifted metric among thirty reaches 2⁻ⁿ, whatever the family size', () => {
    const random = seededRandom(4)
    const family = Array.from({ length: 30 }, (_, j) =>
      Array.from({ length: 10 }, () => (j === 7 ? 0.2 : 0) + 0.05 * normal(random)),
    )
    const adjusted = maxTAdjusted(family)
    assert.equal(adjusted[7], 1 / 1024)
    assert.ok(adjusted.every((p, j) => j === 7 || p > 0.05))
  })

  test('family-wise false-positive rate under no change stays under α, correlated metrics included', () => {
    const random = seededRandom(8)
    let anyFalse = 0
    const runs = 400
    for (let i = 0; i < runs; i++) {
      const shared = Array.from({ length: 10 }, () => normal(random))
      const family = Array.from({ length: 12 }, () => shared.map((s) => 0.7 * s + 0.7 * normal(random)))
      if (maxTAdjusted(family).some((p) => p <= 0.05)) anyFalse++
    }
    assert.ok(anyFalse / runs <= 0.07, `${anyFalse}/${runs}`)
  })

  test('metrics without variation or with missing rounds', () => {
    const adjusted = maxTAdjusted([
      [0, 0, 0, 0, 0, 0],
      [0.1, null, 0.2, 0.15, 0.12, 0.11],
      [null, null, null, null, null, 0.3],
    ])
    assert.equal(adjusted[0], 1)
    assert.equal(adjusted[2], 1)
    assert.ok(adjusted[1]! < 0.1)
  })
})

describe('Mann–Whitney with two-sample Hodges–Lehmann', () => {
  test('detects a shift and brackets it', () => {
    const random = seededRandom(3)
    const x = Array.from({ length: 12 }, () => normal(random))
    const y = Array.from({ length: 12 }, () => 1.5 + normal(random))
    // exact for 12×12 (144 ≤ 400)
    const r = rankSumInterval(x, y)
    assert.ok(r.low > 0 && r.low < 1.5 && 1.5 < r.high, JSON.stringify(r))
    assert.ok(r.p < 0.05)
  })

  test('ties between the samples: p stays exact and agrees with the interval', () => {
    const x = [1, 2, 2, 3, 3, 3, 4, 5]
    const y = [3, 3, 4, 4, 5, 5, 6, 7]
    for (const confidence of [0.9, 0.95, 0.99]) {
      const r = rankSumInterval(x, y, confidence)
      const alpha = (1 - confidence) / 2
      assert.equal(r.pGreater <= alpha + 1e-12, r.low > 0, `confidence ${confidence}: ${JSON.stringify(r)}`)
    }
  })

  test('identical samples: no shift', () => {
    const r = rankSumInterval([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6])
    assert.equal(r.estimate, 0)
    assert.ok(r.low < 0 && r.high > 0)
  })
})
