import type { Arm, Phase } from '../model/types'

import { seededRandom } from '../util/random'

export { seededRandom }

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

export interface ScheduledTrial {
  arm: Arm
  phase: Phase
  /** 0 for warm-up, else 1-based. */
  round: number
}

export interface ScheduleOptions {
  arms: Arm[]
  /** The rounds after which the data is looked at, ascending; the last is the most the run may take. */
  looks: number[]
  /** One warm-up trial per arm before the rounds. */
  warmup: boolean
  seed: number
  /** Runs one trial; awaited before the next starts, so only one arm is ever under load. */
  runTrial: (trial: ScheduledTrial) => Promise<void>
  /** Called with each round's drawn order before its trials run. */
  onRound?: (order: Arm[]) => void
  /** Asked at each look but the last: true runs on to the next look (planned looks, not "until significant"). */
  shouldExtend?: () => boolean
  onExtend?: (toRounds: number) => void
}

/** Warm-up per arm, then rounds in seeded random order up to the look where the data settles; returns the rounds run. */
export async function runSchedule(options: ScheduleOptions): Promise<{ rounds: number; extended: boolean }> {
  const { arms, looks } = options
  if (options.warmup) for (const arm of arms) await options.runTrial({ arm, phase: 'warmup', round: 0 })
  const random = seededRandom(options.seed)
  let look = 0
  let planned = looks[0]!
  let extended = false
  for (let round = 1; round <= planned; round++) {
    const order = roundOrders(arms, 1, random)[0]!
    options.onRound?.(order)
    for (const arm of order) await options.runTrial({ arm, phase: 'measure', round })
    if (round === planned && look + 1 < looks.length && options.shouldExtend?.()) {
      look++
      planned = looks[look]!
      extended = true
      options.onExtend?.(planned)
    }
  }
  return { rounds: planned, extended }
}
