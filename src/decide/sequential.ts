import { normalCdf, normalQuantile } from './stats/basic'

/**
 * The group-sequential plan: the rounds at which the run looks at its data. From min-rounds to
 * max-rounds in at most three looks (the middle one halfway), so a clear regression or a clear
 * no-change stops at the first look and a borderline one gets the rounds.
 */
export function planLooks(minRounds: number, maxRounds: number): number[] {
  if (maxRounds <= minRounds) return [minRounds]
  if (maxRounds - minRounds < 4) return [minRounds, maxRounds]
  return [minRounds, Math.round((minRounds + maxRounds) / 2), maxRounds]
}

const levelCache = new Map<string, number>()

/**
 * Pocock's constant nominal level for one-sided tests at these looks: the level a such that a
 * statistic whose increments are independent, tested at a after each look, crosses at least once with
 * probability α when there is no change. Computed by numerical integration over the looks
 * (Armitage, McPherson & Rowe), so unequal spacing is exact, not a table's approximation.
 */
export function pocockLevel(looks: readonly number[], alpha: number): number {
  if (looks.length <= 1) return alpha
  const key = `${looks.join(',')}@${alpha}`
  const cached = levelCache.get(key)
  if (cached !== undefined) return cached
  let lo = normalQuantile(1 - alpha)
  let hi = normalQuantile(1 - alpha / looks.length) + 0.5
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2
    if (crossingProbability(looks, mid) > alpha) lo = mid
    else hi = mid
  }
  const level = 1 - normalCdf((lo + hi) / 2)
  levelCache.set(key, level)
  return level
}

/** P(S_k > c·√n_k at some look k) for a standard random walk observed at the looks. */
function crossingProbability(looks: readonly number[], c: number): number {
  const last = looks[looks.length - 1]!
  const step = Math.sqrt(looks[0]!) / 40
  const bottom = -8 * Math.sqrt(last)
  let grid = gridUpTo(bottom, c * Math.sqrt(looks[0]!), step)
  let density = grid.map((s) => normalDensity(s, looks[0]!))
  let crossed = 1 - normalCdf(c)
  for (let k = 1; k < looks.length; k++) {
    const variance = looks[k]! - looks[k - 1]!
    const sd = Math.sqrt(variance)
    const bound = c * Math.sqrt(looks[k]!)
    for (let i = 0; i < grid.length; i++)
      crossed += density[i]! * step * (1 - normalCdf((bound - grid[i]!) / sd))
    if (k === looks.length - 1) break
    const next = gridUpTo(bottom, bound, step)
    density = next.map((s) => {
      let sum = 0
      for (let i = 0; i < grid.length; i++) sum += density[i]! * normalDensity(s - grid[i]!, variance)
      return sum * step
    })
    grid = next
  }
  return crossed
}

function gridUpTo(from: number, to: number, step: number): number[] {
  const points: number[] = []
  for (let s = from + step / 2; s < to; s += step) points.push(s)
  return points
}

function normalDensity(x: number, variance: number): number {
  return Math.exp((-x * x) / (2 * variance)) / Math.sqrt(2 * Math.PI * variance)
}
