import { planLooks } from '../decide/sequential'
import type { ArmsUnderLoad, FreshInstances } from '../model/types'
import type { BenchmarkSettings, Settings } from '../settings/types'
import { parseDuration } from '../settings/values'
import { renewsBefore } from './schedule'

/** What a run's plan fixes: how many trials, warm-ups and renewals each number of rounds takes. */
export interface RunPlan {
  arms: number
  /** The rounds after which the data is looked at, ascending: the run stops at one of them. */
  looks: number[]
  warmup: boolean
  freshInstances: FreshInstances
  armsUnderLoad: ArmsUnderLoad
}

/** Wall-clock seconds of one of each step, stated from the settings or measured so far. */
export interface StepSeconds {
  /** One measured trial, the load generator's start-up included. */
  trial: number
  /** One set of warm-ups (the arms warm up side by side). */
  warmup: number
  /** Replacing every arm's instance (side by side). */
  renewal: number
}

/** k6's start-up and the summary around a trial's own length, until a trial has been timed. */
export const STATED_TRIAL_OVERHEAD_SECONDS = 2
/** A renewal of the arms' stacks (recreate, health checks), until one has been timed. */
export const STATED_RENEWAL_SECONDS = 8

/**
 * Seconds rounds 1..`rounds` take after the stacks have started: the first warm-up, every
 * round's measured trials (one trial's length in duet, where the arms run at once), and each
 * renewal of the instances with its warm-up.
 */
export function secondsFor(plan: RunPlan, rounds: number, step: StepSeconds): number {
  let renewals = 0
  for (let round = 2; round <= rounds; round++) if (renewsBefore(round, plan.freshInstances)) renewals++
  const trialsPerRound = plan.armsUnderLoad === 'both' ? 1 : plan.arms
  const warmups = plan.warmup && rounds > 0 ? 1 + renewals : 0
  return rounds * trialsPerRound * step.trial + warmups * step.warmup + renewals * step.renewal
}

/** The run's cost from its plan: rounds and seconds at the first look and at the last. */
export function planCost(plan: RunPlan, step: StepSeconds) {
  const first = plan.looks[0]!
  const last = plan.looks.at(-1)!
  return { rounds: [first, last], seconds: [secondsFor(plan, first, step), secondsFor(plan, last, step)] }
}

/**
 * Seconds left from the end of round `done` to the nearest look still ahead (`from` on, or the
 * one the run has extended to) and to the last: the range the run can still take.
 */
export function secondsLeft(
  plan: RunPlan,
  done: number,
  nextLook: number,
  step: StepSeconds,
): [number, number] {
  const spent = secondsFor(plan, done, step)
  const left = (rounds: number) => Math.max(0, secondsFor(plan, Math.max(rounds, done), step) - spent)
  return [left(nextLook), left(plan.looks.at(-1)!)]
}

/** "4–9 minutes", "about 1 minute", "under a minute". */
export function minutesRange([low, high]: number[]): string {
  const [a, b] = [Math.ceil(low! / 60), Math.ceil(high! / 60)]
  if (b <= 0) return 'under a minute'
  if (a === b) return `${a} minute${a === 1 ? '' : 's'}`
  return `${a}–${b} minutes`
}

/** "10–20 rounds, about 4–9 minutes (…)": what the run will cost, said before it starts. */
export function describeCost(plan: RunPlan, step: StepSeconds, stated: string): string {
  const { rounds, seconds } = planCost(plan, step)
  const roundText = rounds[0] === rounds[1] ? `${rounds[0]} rounds` : `${rounds[0]}–${rounds[1]} rounds`
  return `this run takes ${roundText}, about ${minutesRange(seconds)} after the stacks start (${stated})`
}

/** A trial's length as stated by the script's DURATION variable (the convention the warm-up uses); null if unset. */
export function statedTrialSeconds(env: Record<string, string>): number | null {
  if (!env.DURATION) return null
  try {
    return parseDuration('k6-env DURATION', env.DURATION) + STATED_TRIAL_OVERHEAD_SECONDS
  } catch {
    return null
  }
}

/** The plan of a run with these settings, and each step's stated time (the trial's null when unknown). */
export function planOf(
  settings: Settings,
  bench: BenchmarkSettings,
  arms: number,
  freshInstances: FreshInstances,
) {
  const plan: RunPlan = {
    arms,
    looks: planLooks(settings.minRounds, settings.maxRounds),
    warmup: settings.warmupSeconds > 0,
    freshInstances,
    armsUnderLoad: settings.armsUnderLoad,
  }
  const stated = {
    trial: statedTrialSeconds(bench.k6Env),
    warmup: settings.warmupSeconds + STATED_TRIAL_OVERHEAD_SECONDS,
    renewal: STATED_RENEWAL_SECONDS,
  }
  return { plan, stated }
}

/** The line a run starts with: its rounds, and its minutes where a trial's length is known. */
export function costNote({ plan, stated }: ReturnType<typeof planOf>): string {
  const looks = plan.looks
  if (stated.trial === null)
    return `this run takes ${looks[0]}–${looks.at(-1)} rounds; the time left is estimated once a trial has run`
  const how = `stated: ${stated.trial} s a trial, ${stated.renewal} s a renewal`
  return describeCost(plan, { ...stated, trial: stated.trial }, how)
}
