import type { Arm, RepeatedRound, Trial } from '../model/types'

/** Above this busy fraction over a trial, the runner's CPUs were saturated: the arms competed for them. */
export const SATURATED_CPU_BUSY = 0.95

/**
 * A round is disturbed when its two trials' shares of the CPU that were not the run's differ by
 * this much: 10 points of the host's CPU time went to a neighbour in one arm's trial and not in
 * the other's (or the hypervisor kept 10 points more of the time the runner wanted its CPUs).
 */
export const DISTURBED_DIFFERENCE = 0.1

/** A smaller difference between a round's trials is shown in the run's details, not acted on. */
export const SHOWN_DIFFERENCE = 0.05

/**
 * What one trial's CPU counters say beside the run. Both are signals the head's code cannot move:
 * - foreign CPU is the host's busy time less the run's own (every arm's containers, k6, loadgate,
 *   the engine): a head that takes more CPU per request grows the run's share, not this one.
 *   Counting the arms' cgroups or k6 in it would let a slower head raise it and trigger a repeat.
 * - steal is read as a share of the busy time (the time the runner wanted its CPUs), not of all
 *   time: the hypervisor takes a share of whatever the guest asks for, so steal over all time
 *   grows with the guest's own demand and steal over busy time does not.
 * A saturated trial's foreign CPU is zero-sum with the run's (what the head takes, a neighbour
 * does not get): when both trials of a round were saturated, only steal is compared.
 */
export interface BesideTheRun {
  foreignCpu: number | null
  stealOfBusy: number | null
  saturated: boolean
}

export function besideTheRun(trial: Trial): BesideTheRun {
  const busy = trial.hostCpuBusy
  const stolen = trial.hostCpuStolen
  return {
    foreignCpu: trial.foreignCpu ?? null,
    stealOfBusy: busy !== undefined && stolen !== undefined && busy > 0 ? Math.min(1, stolen / busy) : null,
    saturated: (busy ?? 0) >= SATURATED_CPU_BUSY,
  }
}

/** Each signal's difference between a round's two trials (null where it was not read in both). */
function besideGaps(a: BesideTheRun, b: BesideTheRun): { foreign: number | null; steal: number | null } {
  const gap = (x: number | null, y: number | null) => (x === null || y === null ? null : Math.abs(x - y))
  return {
    foreign: a.saturated && b.saturated ? null : gap(a.foreignCpu, b.foreignCpu),
    steal: gap(a.stealOfBusy, b.stealOfBusy),
  }
}

/** How far apart a round's two trials were beside the run; null when neither signal was read in both. */
export function besideDifference(a: BesideTheRun, b: BesideTheRun): number | null {
  const { foreign, steal } = besideGaps(a, b)
  if (foreign === null && steal === null) return null
  return Math.round(Math.max(foreign ?? 0, steal ?? 0) * 1000) / 1000
}

export interface ArmBeside {
  foreignCpu?: number
  stolen?: number
}

export interface RoundDisturbance {
  round: number
  base: ArmBeside
  head: ArmBeside
  /** The larger of the two signals' differences between the trials. */
  difference: number
  disturbed: boolean
  /** Times the round was measured again (trials of an arm in the round beyond the first). */
  repeats: number
}

const armBeside = (t: Trial): ArmBeside => ({
  ...(t.foreignCpu !== undefined ? { foreignCpu: t.foreignCpu } : {}),
  ...(t.hostCpuStolen !== undefined ? { stolen: t.hostCpuStolen } : {}),
})

/** The last measured trial of `arm` in each round, and how many it had. */
function lastTrials(trials: readonly Trial[], arm: Arm): Map<number, { trial: Trial; count: number }> {
  const last = new Map<number, { trial: Trial; count: number }>()
  for (const t of trials) {
    if (t.phase !== 'measure' || t.arm !== arm) continue
    last.set(t.round, { trial: t, count: (last.get(t.round)?.count ?? 0) + 1 })
  }
  return last
}

/** Each round's last pair of trials, judged beside the run (rounds without both readings left out). */
export function roundDisturbances(trials: readonly Trial[]): RoundDisturbance[] {
  const base = lastTrials(trials, 'base')
  const head = lastTrials(trials, 'head')
  const rounds: RoundDisturbance[] = []
  for (const [round, b] of [...base].sort((x, y) => x[0] - y[0])) {
    const h = head.get(round)
    if (!h) continue
    const difference = besideDifference(besideTheRun(b.trial), besideTheRun(h.trial))
    if (difference === null) continue
    rounds.push({
      round,
      base: armBeside(b.trial),
      head: armBeside(h.trial),
      difference,
      disturbed: difference >= DISTURBED_DIFFERENCE,
      repeats: Math.max(b.count, h.count) - 1,
    })
  }
  return rounds
}

/** The superseded pairs of trials, one per repeat, in round order: why each round was measured again. */
export function repeatedRounds(trials: readonly Trial[]): RepeatedRound[] {
  const pairs = new Map<string, Partial<Record<Arm, Trial>>>()
  for (const t of trials) {
    if (t.phase !== 'measure' || !t.superseded) continue
    const key = `${t.round}:${t.repeat ?? 0}`
    pairs.set(key, { ...pairs.get(key), [t.arm]: t })
  }
  return [...pairs.values()]
    .flatMap(({ base, head }) => {
      if (!base || !head) return []
      const { foreign, steal } = besideGaps(besideTheRun(base), besideTheRun(head))
      const by = (steal ?? 0) > (foreign ?? 0) ? ('steal' as const) : ('foreign' as const)
      return [{ round: base.round, base: armBeside(base), head: armBeside(head), by }]
    })
    .sort((a, b) => a.round - b.round)
}

/** Whether the last pair of trials of `round` was disturbed (false when the round lacks a reading). */
export function isDisturbed(trials: readonly Trial[], round: number): boolean {
  const pair = trials.filter((t) => t.round === round)
  return roundDisturbances(pair).some((r) => r.disturbed)
}

/** How many repeats a run may spend: per round, and over the whole run. */
export interface RepeatBounds {
  perRound: number
  perRun: number
}

/** One repeat per round, three per run: a runner disturbed more often than that is too busy to tell. */
export const DEFAULT_REPEAT_BOUNDS: RepeatBounds = { perRound: 1, perRun: 3 }

/**
 * What the schedule asks after each round's trials: measure this round again (fresh instances,
 * the same design, the arms in a newly drawn order)? Yes while the round's last pair was
 * disturbed and the bounds allow; every repeat granted is counted.
 */
export interface RepeatPolicy {
  measureAgain(round: number, trials: readonly Trial[]): boolean
  /** Repeats granted so far, by round. */
  readonly repeats: ReadonlyMap<number, number>
  /** Repeats granted over the run. */
  readonly total: number
  /** Rounds whose repeats ran out while still disturbed: what the reader is told. */
  readonly exhausted: readonly number[]
}

export function repeatPolicy(bounds: RepeatBounds = DEFAULT_REPEAT_BOUNDS): RepeatPolicy {
  const repeats = new Map<number, number>()
  const exhausted: number[] = []
  let total = 0
  return {
    repeats,
    exhausted,
    get total() {
      return total
    },
    measureAgain(round, trials) {
      if (!isDisturbed(trials, round)) return false
      const done = repeats.get(round) ?? 0
      if (done >= bounds.perRound || total >= bounds.perRun) {
        if (!exhausted.includes(round)) exhausted.push(round)
        return false
      }
      repeats.set(round, done + 1)
      total++
      return true
    },
  }
}
