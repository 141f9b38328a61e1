import { seededRandom } from '../../util/random'

/**
 * Paired inference by sign flipping. Within a round the arms' order is randomized and (with fresh
 * instances) so is the instance each arm gets, so under "no difference" a round's head − base
 * difference is as likely to be −d as d. Flipping the signs of whole rounds therefore gives the exact
 * null distribution of any statistic, jointly for every metric measured in the same rounds.
 */

/** Up to this many rounds every one of the 2ⁿ sign vectors is used: the distribution is exact. */
export const EXACT_ROUNDS = 15
/** Beyond EXACT_ROUNDS, this many vectors: the identity and seeded random ones. */
const SAMPLED_VECTORS = 2 ** EXACT_ROUNDS
const SAMPLE_SEED = 0x5eed

export interface OneSampleResult {
  /** The mean difference: what the test is about. */
  estimate: number
  /** Lower and upper confidence bounds, each one-sided at `1 − alpha`. */
  low: number
  high: number
  /** Two-sided coverage of [low, high]: 1 − 2α. */
  level: number
  /** One-sided p-values of "centred on 0" against "greater" and "less"; `p` is twice the smaller. */
  pGreater: number
  pLess: number
  p: number
  n: number
}

/**
 * The sign vectors for `rounds` rounds, as ±1 per round, vector after vector; the identity first.
 * Exact (all 2ⁿ) up to EXACT_ROUNDS, else a fixed seeded sample: the same data always gives the same answer.
 */
export interface SignVectors {
  rounds: number
  count: number
  signs: Int8Array
}

const vectorCache = new Map<number, SignVectors>()

export function signVectors(rounds: number): SignVectors {
  const cached = vectorCache.get(rounds)
  if (cached) return cached
  const exact = rounds <= EXACT_ROUNDS
  const count = exact ? 2 ** rounds : SAMPLED_VECTORS
  const signs = new Int8Array(count * rounds)
  const random = seededRandom(SAMPLE_SEED + rounds)
  for (let v = 0; v < count; v++) {
    for (let r = 0; r < rounds; r++) {
      const flip = v === 0 ? false : exact ? ((v >>> r) & 1) === 1 : random() < 0.5
      signs[v * rounds + r] = flip ? -1 : 1
    }
  }
  const vectors = { rounds, count, signs }
  vectorCache.set(rounds, vectors)
  return vectors
}

/**
 * For every sign vector, the mean of the differences it flips (NaN when it flips none). Test
 * inversion rests on these: shifted by θ, a vector's flipped sum reaches the observed one exactly
 * when the mean of what it flips is on the far side of θ (Hartigan's typical values).
 */
function flippedMeans(values: readonly number[], vectors: SignVectors): Float64Array {
  const means = new Float64Array(vectors.count)
  const n = values.length
  for (let v = 0; v < vectors.count; v++) {
    let sum = 0
    let flipped = 0
    for (let r = 0; r < n; r++) {
      if (vectors.signs[v * vectors.rounds + r] === -1) {
        sum += values[r]!
        flipped++
      }
    }
    means[v] = flipped === 0 ? Number.NaN : sum / flipped
  }
  return means
}

/**
 * Mean difference with its sign-flip test and the interval that inverts the same test, so p and
 * interval agree: pGreater ≤ α exactly when low > 0, pLess ≤ α exactly when high < 0 (up to ties
 * within rounding). A flip that leaves the sum unchanged counts against rejection.
 */
export function signFlipInterval(differences: readonly number[], alpha: number): OneSampleResult {
  const n = differences.length
  if (n === 0) {
    return {
      estimate: Number.NaN,
      low: -Infinity,
      high: Infinity,
      level: 1 - 2 * alpha,
      pGreater: 1,
      pLess: 1,
      p: 1,
      n,
    }
  }
  const vectors = signVectors(n)
  const means = flippedMeans(differences, vectors)
  // A flip whose mean is 0 leaves the sum unchanged: a tie, which counts against rejection as in
  // maxT. Rounding can leave 1e-17 where the sum is unchanged, hence the tolerance.
  const tie = 1e-9 * Math.max(0, ...differences.map(Math.abs))
  // Vectors that flip nothing leave the sum unchanged; the rest are the typical values.
  let unchanged = 0
  let atMostZero = 0
  let atLeastZero = 0
  let size = 0
  for (let v = 0; v < means.length; v++) {
    const m = means[v]!
    if (Number.isNaN(m)) {
      unchanged++
      continue
    }
    if (m <= tie) atMostZero++
    if (m >= -tie) atLeastZero++
    means[size++] = m
  }
  const typical = means.subarray(0, size)
  const count = vectors.count
  // p(θ) = (unchanged + #{typical ≤ θ}) / count for "greater"; mirrored for "less".
  const pGreater = (unchanged + atMostZero) / count
  const pLess = (unchanged + atLeastZero) / count
  const allowed = Math.floor(alpha * count + 1e-9) - unchanged
  const bounded = allowed >= 0 && allowed < size
  const low = bounded ? select(typical, allowed) : -Infinity
  const high = bounded ? select(typical, size - 1 - allowed) : Infinity
  const estimate = differences.reduce((s, d) => s + d, 0) / n
  return {
    estimate,
    low,
    high,
    level: 1 - 2 * alpha,
    pGreater,
    pLess,
    p: Math.min(1, 2 * Math.min(pGreater, pLess)),
    n,
  }
}

/** The k-th smallest value (0-based), by quickselect; reorders `values`. */
function select(values: Float64Array, k: number): number {
  let lo = 0
  let hi = values.length - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const t = values[i]!
        values[i] = values[j]!
        values[j] = t
        i++
        j--
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return values[k]!
  }
  return values[k]!
}
