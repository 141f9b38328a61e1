import type { Arm, ArmsUnderLoad, FreshInstances, Phase } from '../model/types'

import { seededRandom } from '../util/random'
import { StartBarrier } from './start-barrier'

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

/** Whether every arm gets a new instance before `round` (the first round runs on the started ones). */
export function renewsBefore(round: number, fresh: FreshInstances): boolean {
  if (fresh === 'run' || round < 2) return false
  const every = fresh === 'round' ? 1 : fresh
  return (round - 1) % every === 0
}

/** How many times rounds 1..`rounds` replace the arms' instances. */
export function renewalsIn(rounds: number, fresh: FreshInstances): number {
  let renewals = 0
  for (let round = 2; round <= rounds; round++) if (renewsBefore(round, fresh)) renewals++
  return renewals
}

/** Warm-up trials in rounds 1..`rounds`: one per arm for every instance the rounds use. */
export function warmupTrials(arms: number, rounds: number, fresh: FreshInstances, warmup: boolean): number {
  return warmup ? arms * (1 + renewalsIn(rounds, fresh)) : 0
}

export interface ScheduledTrial {
  arm: Arm
  phase: Phase
  /** 1-based; a warm-up has the round its instance starts with, 0 for the first instance. */
  round: number
  /**
   * Duet: the measured trials of the round start together. The trial calls `ready` once its load
   * generator is ready and held (or `failed` when it never will be) and starts its load on release.
   */
  barrier?: StartBarrier
}

export interface ScheduleOptions {
  arms: Arm[]
  /** The rounds after which the data is looked at, ascending; the last is the most the run may take. */
  looks: number[]
  /** One warm-up trial per arm on every new instance, before its first round. */
  warmup: boolean
  /** When every arm's instance is replaced (default 'run': never). */
  freshInstances?: FreshInstances
  /** Replaces every arm's instance before `round`. */
  renewInstances?: (round: number) => Promise<void>
  seed: number
  /**
   * 'one-at-a-time' (default): a measured trial is awaited before the next starts, so only one arm
   * is ever under load while something is measured. 'both' (duet): a round's measured trials run at
   * once, held at a start barrier and released in the round's drawn order.
   */
  armsUnderLoad?: ArmsUnderLoad
  /** Runs one trial. The warm-ups of a new set of instances run side by side. */
  runTrial: (trial: ScheduledTrial) => Promise<void>
  /** Called with each round's drawn order before its trials run. */
  onRound?: (order: Arm[]) => void
  /** Asked at each look but the last: true runs on to the next look (planned looks, not "until significant"). */
  shouldExtend?: () => boolean
  onExtend?: (toRounds: number) => void
}

/**
 * Warm-up per arm, then rounds in seeded random order up to the look where the data settles; new
 * instances (and their warm-up) before the rounds `freshInstances` names. Returns the rounds run.
 */
export async function runSchedule(options: ScheduleOptions): Promise<{ rounds: number; extended: boolean }> {
  const { arms, looks } = options
  // Nothing is measured during a warm-up, so the arms warm up at the same time: with fresh instances
  // every round, warming one after the other would add a warm-up's length to every round.
  const warmUp = async (round: number) => {
    if (options.warmup) await sideBySide(arms.map((arm) => options.runTrial({ arm, phase: 'warmup', round })))
  }
  const measureRound = async (order: Arm[], round: number) => {
    if (options.armsUnderLoad !== 'both') {
      for (const arm of order) await options.runTrial({ arm, phase: 'measure', round })
      return
    }
    const barrier = new StartBarrier(order)
    await sideBySide(
      order.map((arm) =>
        // A trial that ended without being ready (it failed to start) must not hold the other arm's.
        options.runTrial({ arm, phase: 'measure', round, barrier }).finally(() => barrier.failed(arm)),
      ),
    )
  }
  await warmUp(0)
  const random = seededRandom(options.seed)
  let look = 0
  let planned = looks[0]!
  let extended = false
  for (let round = 1; round <= planned; round++) {
    if (renewsBefore(round, options.freshInstances ?? 'run')) {
      await options.renewInstances?.(round)
      await warmUp(round)
    }
    const order = roundOrders(arms, 1, random)[0]!
    options.onRound?.(order)
    await measureRound(order, round)
    if (round === planned && look + 1 < looks.length && options.shouldExtend?.()) {
      look++
      planned = looks[look]!
      extended = true
      options.onExtend?.(planned)
    }
  }
  return { rounds: planned, extended }
}

/** Waits for every one of `work` to settle, then throws the first failure: none is cut short. */
export async function sideBySide(work: Array<Promise<unknown>>): Promise<void> {
  const settled = await Promise.allSettled(work)
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  if (failed) throw failed.reason
}

/** Where each arm's stack runs for one set of instances, and the order the arms are started in. */
export interface StackPlacement {
  /** Arm → stack slot (0, 1, …): the Compose project, its network, names and port go with the slot. */
  slots: Partial<Record<Arm, number>>
  startOrder: Arm[]
}

/**
 * The seeded placement of the arms' stacks for set of instances `instances` (0 for the first, one
 * more at each renewal): which slot each arm takes and which arm starts first, both drawn anew, so
 * whatever goes with a slot or with starting first lands on either arm and is round-to-round noise
 * the interval sees. Pure: the same seed and set give the same placement.
 */
export function stackPlacement(arms: Arm[], instances: number, seed: number): StackPlacement {
  // A stream of its own per set of instances: the round orders drawn from `seed` stay as they were.
  const random = seededRandom((Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + instances * 0x632be5ab) >>> 0)
  const [slotOrder, startOrder] = roundOrders(arms, 2, random) as [Arm[], Arm[]]
  return { slots: Object.fromEntries(slotOrder.map((arm, slot) => [arm, slot])), startOrder }
}
