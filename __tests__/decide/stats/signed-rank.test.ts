import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { signFlipInterval } from '../../../src/decide/stats/sign-flip'
import { signedRankCdf, signedRankInterval, signedRankSigma } from '../../../src/decide/stats/signed-rank'
import { seededRandom } from '../../../src/util/random'

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** One-sided p of "greater" by enumerating all 2ⁿ sign patterns of the ranks: the definition. */
function bruteForceGreater(d: number[]): number {
  const order = d.map((_, i) => i).sort((a, b) => Math.abs(d[a]!) - Math.abs(d[b]!))
  const rank = new Array<number>(d.length)
  order.forEach((index, position) => (rank[index] = position + 1))
  const observed = d.reduce((sum, x, i) => sum + (x > 0 ? rank[i]! : 0), 0)
  const total = 2 ** d.length
  let atLeast = 0
  for (let mask = 0; mask < total; mask++) {
    let w = 0
    for (let i = 0; i < d.length; i++) if (mask & (1 << i)) w += rank[i]!
    if (w >= observed) atLeast++
  }
  return atLeast / total
}

function walshMedian(d: number[]): number {
  const averages: number[] = []
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) averages.push((d[i]! + d[j]!) / 2)
  averages.sort((a, b) => a - b)
  const m = averages.length >> 1
  return averages.length % 2 ? averages[m]! : (averages[m - 1]! + averages[m]!) / 2
}

describe('Wilcoxon signed-rank test with the Hodges–Lehmann interval', () => {
  test('the null distribution sums to one and is symmetric', () => {
    for (const n of [1, 5, 12, 40]) {
      const cdf = signedRankCdf(n)
      const total = (n * (n + 1)) / 2
      assert.ok(Math.abs(cdf[total]! - 1) < 1e-12, `n=${n}`)
      // P(W⁺ ≤ w) = P(W⁺ ≥ total − w)
      for (const w of [0, 1, Math.floor(total / 3)])
        assert.ok(Math.abs(cdf[w]! - (1 - (cdf[total - w - 1] ?? 0))) < 1e-12, `n=${n} w=${w}`)
    }
    assert.equal(signedRankCdf(5)[0], 1 / 32)
  })

  test('exact p-values equal full enumeration, and the estimate is the median of the Walsh averages', () => {
    const random = seededRandom(7)
    for (const n of [3, 6, 10, 13]) {
      const d = Array.from({ length: n }, () => 0.3 + normal(random))
      const r = signedRankInterval(d, 0.05)
      assert.ok(Math.abs(r.pGreater - bruteForceGreater(d)) < 1e-12, `n=${n}`)
      assert.ok(Math.abs(r.pLess - bruteForceGreater(d.map((x) => -x))) < 1e-12, `n=${n}`)
      assert.equal(r.estimate, walshMedian(d))
    }
  })

  test('the interval inverts the test: a shift is inside exactly when the test of it does not reject', () => {
    const random = seededRandom(3)
    for (const alpha of [0.01, 0.025, 0.05]) {
      const d = Array.from({ length: 25 }, () => 0.05 + 0.1 * normal(random))
      const r = signedRankInterval(d, alpha)
      const eps = 1e-9
      assert.ok(
        signedRankInterval(
          d.map((x) => x - (r.low - eps)),
          alpha,
        ).pGreater <= alpha,
      )
      assert.ok(
        signedRankInterval(
          d.map((x) => x - (r.low + eps)),
          alpha,
        ).pGreater > alpha,
      )
      assert.ok(
        signedRankInterval(
          d.map((x) => x - (r.high + eps)),
          alpha,
        ).pLess <= alpha,
      )
      assert.ok(
        signedRankInterval(
          d.map((x) => x - (r.high - eps)),
          alpha,
        ).pLess > alpha,
      )
      assert.equal(r.pGreater <= alpha, r.low > 0)
    }
  })

  test('covers the true shift in 1 − 2α of runs, as the normal-theory interval would', () => {
    const random = seededRandom(19)
    let covered = 0
    const runs = 2000
    for (let i = 0; i < runs; i++) {
      const d = Array.from({ length: 20 }, () => 0.03 + 0.05 * normal(random))
      const r = signedRankInterval(d, 0.05)
      if (r.low <= 0.03 && 0.03 <= r.high) covered++
    }
    // Exact level at n = 20 is a little above 90% (the distribution is discrete); 2000 runs: ±1.4%.
    assert.ok(covered / runs >= 0.88 && covered / runs <= 0.94, `${covered / runs}`)
  })

  test('below 2⁻ⁿ ≤ α no interval is bounded, and five positive rounds give p = 1/32', () => {
    assert.equal(signedRankInterval([0.1, 0.2, 0.3, 0.4], 0.05).low, -Infinity)
    const five = signedRankInterval([0.1, 0.2, 0.3, 0.4, 0.5], 0.05)
    assert.equal(five.pGreater, 1 / 32)
    assert.equal(five.low, 0.1)
    assert.equal(five.high, 0.5)
  })

  test('a far-out round moves the estimate by little, the mean by its size over n', () => {
    const random = seededRandom(5)
    const d = Array.from({ length: 20 }, () => 0.02 * normal(random))
    const far = [...d.slice(0, 19), Math.log(1.48)]
    const shiftOf = (f: (x: number[]) => number) => f(far) - f(d.slice(0, 19).concat(d[19]!))
    const meanShift = shiftOf((x) => signFlipInterval(x, 0.05).estimate)
    const rankShift = shiftOf((x) => signedRankInterval(x, 0.05).estimate)
    assert.ok(meanShift > 0.015, `mean moved ${meanShift}`)
    assert.ok(rankShift < 0.006, `estimate moved ${rankShift}`)
  })

  test('zeros count against rejection; all zeros give [0, 0] and p = 1', () => {
    const zeros = signedRankInterval([0, 0, 0, 0, 0, 0], 0.05)
    assert.deepEqual([zeros.estimate, zeros.low, zeros.high, zeros.pGreater, zeros.pLess], [0, 0, 0, 1, 1])
    const withZero = signedRankInterval([0, 0.1, 0.2, 0.3, 0.4, 0.5], 0.05)
    assert.ok(withZero.low >= 0 && withZero.pGreater > 1 / 64)
  })

  test('σ the interval implies: about σ·√(π/3) for normal noise, far more than 1.48·MAD with far-out rounds', () => {
    const random = seededRandom(29)
    const ratios: number[] = []
    for (let i = 0; i < 200; i++) {
      const d = Array.from({ length: 30 }, () => 0.05 * normal(random))
      ratios.push(signedRankSigma(d)! / 0.05)
    }
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length
    assert.ok(Math.abs(mean - Math.sqrt(Math.PI / 3)) < 0.06, `mean σ ratio ${mean}`)
    assert.equal(signedRankSigma([0.1, 0.2, 0.3]), null)
    // A third of the rounds 10–50% off on either side, the rest 2%: the test faces about twice the bulk.
    const mixed = Array.from({ length: 36 }, (_, i) =>
      i % 3 === 0 ? (i % 2 ? 1 : -1) * Math.log(1.1 + random() * 0.4) : 0.02 * normal(random),
    )
    assert.ok(signedRankSigma(mixed)! > 0.03, `σ ${signedRankSigma(mixed)}`)
  })
})
