import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { holm, median, normalCdf, normalQuantile } from '../../../src/decide/stats/basic'
import { signedRankInterval, signedRankP } from '../../../src/decide/stats/signed-rank'
import { rankSumInterval } from '../../../src/decide/stats/rank-sum'
import { seededRandom } from '../../../src/measure/schedule'

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** P-value by enumerating all 2^n sign flips: the definition the exact test must match. */
function bruteForceP(d: number[]): number {
  const abs = d.map(Math.abs)
  const order = [...abs].sort((a, b) => a - b)
  const rank = abs.map((a) => order.indexOf(a) + 1)
  const observed = d.reduce((s, v, i) => (v > 0 ? s + rank[i]! : s), 0)
  let low = 0
  let high = 0
  const total = 2 ** d.length
  for (let mask = 0; mask < total; mask++) {
    let t = 0
    for (let i = 0; i < d.length; i++) if (mask & (1 << i)) t += rank[i]!
    if (t <= observed) low++
    if (t >= observed) high++
  }
  return Math.min(1, (2 * Math.min(low, high)) / total)
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

describe('Wilcoxon signed-rank with Hodges–Lehmann', () => {
  test('exact p-values equal full enumeration', () => {
    const random = seededRandom(1)
    for (let trial = 0; trial < 40; trial++) {
      const n = 3 + Math.floor(random() * 10)
      const d = Array.from({ length: n }, () => normal(random) + 0.4)
      assert.ok(Math.abs(signedRankP(d) - bruteForceP(d)) < 1e-12, `n=${n}`)
    }
  })

  test('all ten differences positive: p = 2/1024', () => {
    const d = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((x) => x / 10)
    assert.ok(Math.abs(signedRankP(d) - 2 / 1024) < 1e-12)
  })

  test('fewer than 6 pairs can never be significant: the interval is unbounded', () => {
    const five = signedRankInterval([1, 2, 3, 4, 5])
    assert.equal(five.low, -Infinity)
    assert.equal(five.high, Infinity)
    assert.ok(five.p > 0.05)
    const six = signedRankInterval([1, 2, 3, 4, 5, 6])
    assert.equal(six.low, 1)
    assert.equal(six.high, 6)
    assert.ok(Math.abs(six.level - (1 - 2 / 64)) < 1e-12)
  })

  test('Hodges–Lehmann is the median of the Walsh averages', () => {
    const d = [0.2, -0.1, 0.5, 0.3]
    const walsh: number[] = []
    for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) walsh.push((d[i]! + d[j]!) / 2)
    assert.equal(signedRankInterval(d).estimate, median(walsh))
  })

  test('zero variance: the interval collapses on the common value', () => {
    const r = signedRankInterval([0, 0, 0, 0, 0, 0, 0, 0])
    assert.equal(r.estimate, 0)
    assert.equal(r.low, 0)
    assert.equal(r.high, 0)
    assert.equal(r.p, 1)
  })

  test('ties use the normal approximation with tie correction and stay in [0, 1]', () => {
    const p = signedRankP([1, 1, 1, -1, 2, 2, 3, 3, 3, 3])
    assert.ok(p > 0 && p < 0.2)
  })

  test('coverage of the exact 95% interval is about 95% (simulation)', () => {
    const random = seededRandom(42)
    let covered = 0
    const reps = 2000
    let level = 0
    for (let r = 0; r < reps; r++) {
      const d = Array.from({ length: 12 }, () => 0.3 + normal(random))
      const ci = signedRankInterval(d)
      level = ci.level
      if (ci.low <= 0.3 && 0.3 <= ci.high) covered++
    }
    const coverage = covered / reps
    assert.ok(Math.abs(coverage - level) < 0.025, `coverage ${coverage} vs achieved level ${level}`)
  })

  test('normal approximation above 50 pairs agrees with the data', () => {
    const random = seededRandom(7)
    const d = Array.from({ length: 80 }, () => 0.5 + normal(random))
    const r = signedRankInterval(d)
    assert.ok(r.low < 0.5 && 0.5 < r.high)
    assert.ok(r.p < 0.001)
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

  test('identical samples: no shift', () => {
    const r = rankSumInterval([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6])
    assert.equal(r.estimate, 0)
    assert.ok(r.low < 0 && r.high > 0)
  })
})
