import type { Arm, FreshInstances, Phase } from '../model/types'

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

/** Whether every arm gets a new instance before `round` (the first round runs on the started ones). */
export function renewsBefore(round: number, fresh: FreshInstances): boolean {
  if (fresh === 'run' || round < 2) return false
  const every = fresh === 'round' ? 1 : fresh
  return (round - 1) % every === 0
}

/** Warm-up trials in rounds 1..`rounds`: one per arm for every instance the rounds use. */
export function warmupTrials(arms: number, rounds: number, fresh: FreshInstances, warmup: boolean): number {
  if (!warmup) return 0
  let instances = 1
  for (let round = 2; round <= rounds; round++) if (renewsBefore(round, fresh)) instances++
  return arms * instances
}

export interface ScheduledTrial {
  arm: Arm
  phase: Phase
  /** 1-based; a warm-up has the round its instance starts with, 0 for the first instance. */
  round: number
}

export interface ScheduleOptions {
  arms: Arm[]
  minRounds: number
  maxRounds: number
  /** One warm-up trial per arm on every new instance, before its first round. */
  warmup: boolean
  /** When every arm's instance is replaced (default 'run': never). */
  freshInstances?: FreshInstances
  /** Replaces every arm's instance before `round`. */
  renewInstances?: (round: number) => Promise<void>
  seed: number
  /** Runs one trial; awaited before the next starts, so only one arm is ever under load. */
  runTrial: (trial: ScheduledTrial) => Promise<void>
  /** Called with each round's drawn order before its trials run. */
  onRound?: (order: Arm[]) => void
  /** Asked once, after min-rounds: true runs on to max-rounds (one planned look, not "until significant"). */
  shouldExtend?: () => boolean
  onExtend?: (toRounds: number) => void
}

/**
 * Warm-up per arm, then rounds in seeded random order; new instances (and their warm-up) before
 * the rounds `freshInstances` names. Returns the rounds run.
 */
export async function runSchedule(options: ScheduleOptions): Promise<{ rounds: number; extended: boolean }> {
  const { arms, minRounds, maxRounds } = options
  const warmUp = async (round: number) => {
    if (options.warmup) for (const arm of arms) await options.runTrial({ arm, phase: 'warmup', round })
  }
  await warmUp(0)
  const random = seededRandom(options.seed)
  let planned = minRounds
  let extended = false
  for (let round = 1; round <= planned; round++) {
    if (renewsBefore(round, options.freshInstances ?? 'run')) {
      await options.renewInstances?.(round)
      await warmUp(round)
    }
    const order = roundOrders(arms, 1, random)[0]!
    options.onRound?.(order)
    for (const arm of order) await options.runTrial({ arm, phase: 'measure', round })
    if (round === minRounds && maxRounds > minRounds && options.shouldExtend?.()) {
      planned = maxRounds
      extended = true
      options.onExtend?.(maxRounds)
    }
  }
  return { rounds: planned, extended }
}
