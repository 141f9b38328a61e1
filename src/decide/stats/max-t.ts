import { signVectors } from './sign-flip'

/**
 * Westfall & Young's step-down maxT over sign flips of whole rounds: family-wise adjusted one-sided
 * p-values for "greater" of every metric measured in the same rounds. Because rounds are flipped
 * jointly, the correlation between metrics (endpoints that move together) is kept, and since the
 * statistic is a studentized mean rather than a rank, one clearly shifted metric is not diluted by
 * the size of the family: its adjusted p can reach 1/2ⁿ however many metrics are gated.
 *
 * `byRound[j][r]` is metric j's difference in round r, or null where that round has none. Metrics
 * with fewer than two values cannot be tested and get p = 1. A metric whose differences are all
 * equal leaves the family: its t would be infinite (or ±√n·10⁶ with a floor on the variance) and its
 * flips would crowd the maximum of the others; its own sign-flip p is exact — 2⁻ⁿ above 0, else 1.
 */
export function maxTAdjusted(byRound: readonly (readonly (number | null)[])[]): number[] {
  const rounds = Math.max(0, ...byRound.map((m) => m.length))
  const all = byRound.map((values, index) => ({ index, ...moments(values) })).filter((m) => m.n >= 2)
  const constant = (m: { sum: number; squares: number; n: number }) =>
    m.squares - (m.sum * m.sum) / m.n <= 1e-12 * m.squares
  const testable = all.filter((m) => !constant(m))
  const adjusted = byRound.map(() => 1)
  for (const m of all) if (constant(m) && m.sum > 0) adjusted[m.index] = 2 ** -m.n
  if (testable.length === 0 || rounds === 0) return adjusted
  const observed = testable.map((m) => studentized(m.sum, m.squares, m.n))
  const order = testable.map((_, i) => i).sort((a, b) => observed[b]! - observed[a]!)
  const vectors = signVectors(rounds)
  // Row-major values in the order of the observed statistics; a missing round contributes 0.
  const k = order.length
  const rows = new Float64Array(k * rounds)
  order.forEach((metric, position) => {
    testable[metric]!.values.forEach((x, r) => {
      if (x !== null) rows[position * rounds + r] = x
    })
  })
  const targets = Float64Array.from(order, (metric) => observed[metric]! - 1e-9 * Math.abs(observed[metric]!))
  const squares = Float64Array.from(order, (metric) => testable[metric]!.squares)
  const counts = Float64Array.from(order, (metric) => testable[metric]!.n)
  const exceed = new Float64Array(k)
  const flipped = new Float64Array(k)
  const signs = vectors.signs
  for (let v = 0; v < vectors.count; v++) {
    const offset = v * rounds
    for (let position = 0; position < k; position++) {
      let sum = 0
      const row = position * rounds
      for (let r = 0; r < rounds; r++) sum += signs[offset + r]! * rows[row + r]!
      flipped[position] = studentized(sum, squares[position]!, counts[position]!)
    }
    let suffixMax = -Infinity
    for (let position = k - 1; position >= 0; position--) {
      if (flipped[position]! > suffixMax) suffixMax = flipped[position]!
      // The tolerance lets the identity count as reaching its own statistic.
      if (suffixMax >= targets[position]!) exceed[position]!++
    }
  }
  let running = 0
  order.forEach((metric, position) => {
    running = Math.max(running, exceed[position]! / vectors.count)
    adjusted[testable[metric]!.index] = running
  })
  return adjusted
}

function moments(values: readonly (number | null)[]) {
  let n = 0
  let sum = 0
  let squares = 0
  for (const x of values) {
    if (x === null) continue
    n++
    sum += x
    squares += x * x
  }
  return { values, n, sum, squares }
}

/** The one-sample t statistic of n values with this sum and sum of squares (both invariant but the sum). */
function studentized(sum: number, squares: number, n: number): number {
  const mean = sum / n
  const variance = Math.max((squares - sum * mean) / (n - 1), squares * 1e-12)
  return mean / Math.sqrt(variance / n)
}
