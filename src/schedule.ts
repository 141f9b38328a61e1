import type { Arm } from './types'

/** Mulberry32: a small seeded PRNG, so a run's round order can be reproduced from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Randomized Multiple Interleaved Trials: each round runs every arm once, in an order drawn
 * from the seeded PRNG, so slow drift of the machine hits both arms alike.
 */
export function roundOrders(arms: Arm[], rounds: number, random: () => number): Arm[][] {
  const orders: Arm[][] = []
  for (let r = 0; r < rounds; r++) {
    const order = [...arms]
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[order[i], order[j]] = [order[j]!, order[i]!]
    }
    orders.push(order)
  }
  return orders
}
