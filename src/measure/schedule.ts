import type { Arm, ArmsUnderLoad, FreshInstances, Phase } from '../model/types'

import { seededRandom } from '../util/random'
import { StartBarrier } from './start-barrier'

export { seededRandom }

/** Whether a round's measured trials run at once (duet or alternating): no arm is idle, none paused. */
export function trialsAtOnce(mode: ArmsUnderLoad | undefined): boolean {
  return mode === 'both' || mode === 'alternating'
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
  /** A round measured again: 1 for its first repeat (its warm-ups included), absent for the first measurement. */
  repeat?: number
  /** Alternating: the arm's place in the round's order (its load on in slices k with k % arms = place). */
  place?: number
}

/**
 * One round of a schedule: the instance pair (one instance per arm) that serves it and the order
 * its arms are measured in. A pair serves the rounds from its first to the next pair's first.
 */
export interface ScheduledRound {
  /** 1-based. */
  round: number
  /** 0 for the arms' first instances; a new pair is started and warmed up before its first round. */
  pair: number
  order: Arm[]
}

/**
 * A design as data: which instance pair serves which round, in which order, up to the most rounds
 * the run may take; the run stops at one of the looks. A new design is a new schedule.
 */
export interface Schedule {
  arms: Arm[]
  /** The rounds after which the data is looked at, ascending; the last is the most the run may take. */
  looks: number[]
  /** Rounds 1..the last look, in the order they run. */
  rounds: ScheduledRound[]
  /**
   * The arms' orders for rounds measured again (a disturbed round), the run's first repeat taking
   * the first: as many as the run may repeat, drawn apart from the rounds' orders.
   */
  repeatOrders?: Arm[][]
}

/**
 * Randomized multiple interleaved trials: every round's order drawn from the seed, and a new pair
 * before the rounds `freshInstances` names (default 'run': one pair for the whole run). Pure.
 */
export function interleavedSchedule(options: {
  arms: Arm[]
  looks: number[]
  seed: number
  freshInstances?: FreshInstances
  /** The most repeats of disturbed rounds the run may take (default none). */
  repeats?: number
}): Schedule {
  const { arms, looks } = options
  const orders = roundOrders(arms, looks.at(-1)!, seededRandom(options.seed))
  let pair = 0
  const rounds = orders.map((order, i) => {
    if (renewsBefore(i + 1, options.freshInstances ?? 'run')) pair++
    return { round: i + 1, pair, order }
  })
  if (!options.repeats) return { arms, looks, rounds }
  // A stream of their own: the rounds' orders stay those the seed always gave.
  const repeatRandom = seededRandom((Math.imul(options.seed ^ 0x2545f491, 0x9e3779b1) + 0x55) >>> 0)
  return { arms, looks, rounds, repeatOrders: roundOrders(arms, options.repeats, repeatRandom) }
}

/** How a schedule's steps are run. */
export interface ScheduleSteps {
  /** One warm-up trial per arm on every new pair, before its first round. */
  warmup: boolean
  /** Replaces every arm's instance before `round`: the pair after the first that serves it. */
  renewInstances?: (round: number) => Promise<void>
  /**
   * 'one-at-a-time' (default): a measured trial is awaited before the next starts, so only one arm
   * is ever under load while something is measured. 'both' (duet) and 'alternating': a round's
   * measured trials run at once, held at a start barrier and released in the round's drawn order
   * (alternating: each arm's load on in its own slices, the first in order taking the first).
   */
  armsUnderLoad?: ArmsUnderLoad
  /** Runs one trial. The warm-ups of a new pair run side by side. */
  runTrial: (trial: ScheduledTrial) => Promise<void>
  /** Called with each round's drawn order before its trials run. */
  onRound?: (order: Arm[]) => void
  /** Asked at each look but the last: true runs on to the next look (planned looks, not "until significant"). */
  shouldExtend?: () => boolean
  onExtend?: (toRounds: number) => void
  /**
   * Asked after each round's trials (and after each repeat of it): true measures the round again,
   * on fresh instances where the design gives the round a pair of its own, the arms in the next of
   * the schedule's repeat orders; a yes with no order left measures nothing (the run's bound).
   */
  measureAgain?: (round: number) => boolean
  /** Called before a round is measured again, with the order its arms will run in. */
  onRepeat?: (round: number, order: Arm[]) => void
}

export interface ScheduleOptions extends ScheduleSteps {
  arms: Arm[]
  looks: number[]
  /** When every arm's instance is replaced (default 'run': never). */
  freshInstances?: FreshInstances
  seed: number
}

/** Today's design, run: the interleaved schedule these options describe (`followSchedule`). */
export function runSchedule(options: ScheduleOptions): Promise<{ rounds: number; extended: boolean }> {
  return followSchedule(interleavedSchedule(options), options)
}

/**
 * Runs a schedule's rounds up to the look where the data settles: each new pair renewed (after the
 * first) and warmed up before its first round, then the round's trials. Returns the rounds run.
 */
export async function followSchedule(
  schedule: Schedule,
  steps: ScheduleSteps,
): Promise<{ rounds: number; extended: boolean }> {
  const { looks } = schedule
  let look = 0
  let planned = looks[0]!
  let pair = -1
  let repeats = 0
  for (const { round, pair: serving, order } of schedule.rounds) {
    if (round > planned) break
    if (serving !== pair) {
      if (pair >= 0) await steps.renewInstances?.(round)
      await warmUp(schedule.arms, pair >= 0 ? round : 0, steps)
      pair = serving
    }
    steps.onRound?.(order)
    await measureRound(order, round, steps)
    repeats = await repeatWhileAsked(schedule, { round, pair: serving }, steps, repeats)
    if (round === planned && look + 1 < looks.length && steps.shouldExtend?.()) {
      planned = looks[++look]!
      steps.onExtend?.(planned)
    }
  }
  return { rounds: planned, extended: look > 0 }
}

/**
 * Measures `round` again while the steps ask and a repeat order is left (`used` of them taken
 * before; the steps are asked first, so they see each round the bound leaves disturbed): on a pair of its own, renewed and warmed up as before its first measurement, where the
 * design gives the round one (fresh instances every round); on the pair serving it otherwise.
 * Returns the repeat orders the run has used.
 */
async function repeatWhileAsked(
  schedule: Schedule,
  { round, pair }: Pick<ScheduledRound, 'round' | 'pair'>,
  steps: ScheduleSteps,
  used: number,
): Promise<number> {
  const orders = schedule.repeatOrders ?? []
  const ownPair = schedule.rounds.filter((r) => r.pair === pair).length === 1
  for (let repeat = 1; steps.measureAgain?.(round) && used < orders.length; repeat++) {
    const order = orders[used++]!
    if (ownPair) {
      await steps.renewInstances?.(round)
      await warmUp(schedule.arms, round, steps, repeat)
    }
    steps.onRepeat?.(round, order)
    await measureRound(order, round, steps, repeat)
  }
  return used
}

/**
 * A new pair's warm-up, one trial per arm (`round`: the first it serves, 0 for the first pair).
 * Nothing is measured during a warm-up, so the arms warm up at the same time: with fresh instances
 * every round, warming one after the other would add a warm-up's length to every round.
 */
async function warmUp(arms: Arm[], round: number, steps: ScheduleSteps, repeat?: number): Promise<void> {
  const again = repeat ? { repeat } : {}
  if (steps.warmup)
    await sideBySide(arms.map((arm) => steps.runTrial({ arm, phase: 'warmup', round, ...again })))
}

/** One round's measured trials: one after the other in its order, or in duet at once from a barrier. */
async function measureRound(
  order: Arm[],
  round: number,
  steps: ScheduleSteps,
  repeat?: number,
): Promise<void> {
  const again = repeat ? { repeat } : {}
  if (!trialsAtOnce(steps.armsUnderLoad)) {
    for (const arm of order) await steps.runTrial({ arm, phase: 'measure', round, ...again })
    return
  }
  const barrier = new StartBarrier(order)
  const alternating = steps.armsUnderLoad === 'alternating'
  await sideBySide(
    order.map((arm, place) =>
      // A trial that ended without being ready (it failed to start) must not hold the other arm's.
      steps
        .runTrial({ arm, phase: 'measure', round, barrier, ...again, ...(alternating ? { place } : {}) })
        .finally(() => barrier.failed(arm)),
    ),
  )
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
