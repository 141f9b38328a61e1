import { STEADY_FLOOR_SECONDS } from '../decide/steady-warmup'
import { fitBudget, type PlanRounds } from '../decide/calibration-budget'
import { MIN_INSTANCE_PAIRS } from '../decide/instance-pairs'
import { planLooks } from '../decide/sequential'
import { median } from '../decide/stats/basic'
import type { Calibration, CalibrationBudget, CalibrationCost } from '../model/calibration'
import type { ArmsUnderLoad, FreshInstances, ResultsFile } from '../model/types'
import { minutesRange } from '../report/format'
import type { BenchmarkSettings, Settings } from '../settings/types'
import { parseDuration } from '../settings/values'
import { renewalsIn, trialsAtOnce } from './schedule'

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
/**
 * A renewal of the arms' stacks (recreate, health checks) where a results file cannot tell. A run
 * never states it: a service's renewal takes what its start-up takes (2.3–3.0 s for a JVM service
 * where this said 8), so the run's cost counts renewals once it has timed one.
 */
export const STATED_RENEWAL_SECONDS = 8

/**
 * Seconds rounds 1..`rounds` take after the stacks have started: the first warm-up, every
 * round's measured trials (one trial's span where the arms run at once: duet, or alternating, whose
 * trials span every arm's slices), and each renewal of the instances with its warm-up.
 */
export function secondsFor(plan: RunPlan, rounds: number, step: StepSeconds): number {
  const renewals = renewalsIn(rounds, plan.freshInstances)
  const trialsPerRound = trialsAtOnce(plan.armsUnderLoad) ? 1 : plan.arms
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

/** "10–20 rounds, about 4–9 minutes (…)": what the run will cost, said before it starts. */
export function describeCost(plan: RunPlan, step: StepSeconds, stated: string): string {
  const { rounds, seconds } = planCost(plan, step)
  const roundText = rounds[0] === rounds[1] ? `${rounds[0]} rounds` : `${rounds[0]}–${rounds[1]} rounds`
  return `this run takes ${roundText}, about ${minutesRange(seconds)} after the stacks start (${stated})`
}

/** A trial's length as stated by the script's DURATION variable (the convention the warm-up uses); null if unset. */
export function statedTrialSeconds(env: Record<string, string>, spans = 1): number | null {
  if (!env.DURATION) return null
  try {
    return spans * parseDuration('k6-env DURATION', env.DURATION) + STATED_TRIAL_OVERHEAD_SECONDS
  } catch {
    return null
  }
}

/**
 * The plan of a run with these settings, and each step's stated time (the trial's null when
 * unknown). A run that cannot extend (record, which decides nothing) runs min-rounds and no more;
 * nor does one instance per arm (`run`, a URL target): more rounds add no instance pair, so the
 * gate stops at the first look (decide/paired.ts, needsMoreRounds).
 */
export function planOf(
  settings: Settings,
  bench: BenchmarkSettings,
  arms: number,
  freshInstances: FreshInstances,
  extendable = true,
) {
  const looks = planLooks(settings.minRounds, settings.maxRounds)
  const { armsUnderLoad } = settings
  const plan: RunPlan = {
    arms,
    looks: extendable && freshInstances !== 'run' ? looks : looks.slice(0, 1),
    warmup: settings.warmupSeconds > 0,
    freshInstances,
    armsUnderLoad,
  }
  const stated = {
    // An alternating trial spans every arm's slices.
    trial: statedTrialSeconds(bench.k6Env, armsUnderLoad === 'alternating' ? arms : 1),
    // A warm-up until steady is stated at its shortest until one has been timed.
    warmup:
      (settings.warmupUntilSteady ? STEADY_FLOOR_SECONDS : settings.warmupSeconds) +
      STATED_TRIAL_OVERHEAD_SECONDS,
    renewal: STATED_RENEWAL_SECONDS,
  }
  return { plan, stated }
}

/**
 * What one instance per arm costs a run's verdict (decide/instance-pairs.ts): its offset is in no
 * interval, so no gated metric reads NO CHANGE, and one decides only beyond δ/2 + 20%.
 */
export const ONE_INSTANCE_COST =
  'one instance per arm: more rounds add no instance, so it stops there, and a gated metric is decided ' +
  `only when it moved by more than δ/2 + 20% (never NO CHANGE); ${MIN_INSTANCE_PAIRS} or more instance ` +
  'pairs (fresh-instances: round) are needed to judge smaller changes'

/** The line a run starts with: its rounds, and its minutes where a trial's length is known. */
export function costNote({ plan, stated }: ReturnType<typeof planOf>): string {
  const note = rawCostNote({ plan, stated })
  return plan.freshInstances === 'run' ? `${note}; ${ONE_INSTANCE_COST}` : note
}

function rawCostNote({ plan, stated }: ReturnType<typeof planOf>): string {
  const looks = plan.looks
  const rounds = looks.length === 1 ? `${looks[0]} rounds` : `${looks[0]}–${looks.at(-1)} rounds`
  if (stated.trial === null)
    return `this run takes ${rounds}; the time left is estimated once a trial has run`
  const renews = renewalsIn(plan.looks.at(-1)!, plan.freshInstances) > 0
  const how = renews
    ? `if a trial takes ${stated.trial} s, and the time new instances take, said once the first are timed`
    : `if a trial takes ${stated.trial} s; the progress line corrects it as they are timed`
  const cost = describeCost(plan, { ...stated, trial: stated.trial, renewal: 0 }, how)
  return renews ? cost.replace(/ about (.*?) after/, ' at least $1 after') : cost
}

/** The cost again once every step has been timed (the first renewal, before round 2): the run's own seconds. */
export function measuredCostNote(plan: RunPlan, steps: StepSeconds): string {
  const s = (seconds: number) => `${seconds.toFixed(1)} s`
  const warmup = plan.warmup ? `, a warm-up ${s(steps.warmup)}` : ''
  return describeCost(
    plan,
    steps,
    `measured: a trial ${s(steps.trial)}${warmup}, new instances ${s(steps.renewal)}`,
  )
}

/** Seconds of each step as a results file's own run took them; stated where it cannot tell. */
export interface MeasuredSteps {
  /** Median seconds of a measured trial's window. */
  window: number
  /** What a measured trial took beyond its window (k6 starting, the discard, the pause before the next). */
  trialOverhead: number
  warmup: number
  renewal: number
  /** Before the first trial (checkout, build, stacks) and after the last. */
  setup: number
}

function recordedPlan(results: ResultsFile, minRounds: number, maxRounds: number): RunPlan {
  const arms = new Set(results.trials.map((t) => t.arm)).size || 2
  return {
    arms,
    looks: planLooks(minRounds, maxRounds),
    warmup: results.settings.warmupSeconds > 0,
    freshInstances: results.settings.freshInstances ?? 'run',
    armsUnderLoad: results.settings.armsUnderLoad ?? 'one-at-a-time',
  }
}

/**
 * The steps of a run as the results show them: trials and warm-ups from k6's own wall time, and
 * what the trials' clock leaves over (pauses, docker stats, renewals) spread over the renewals, or
 * over the trials when the instances were never renewed.
 */
export function measuredSteps(results: ResultsFile): MeasuredSteps {
  const measured = results.trials.filter((t) => t.phase === 'measure')
  const window = median(measured.map((t) => t.durationSeconds)) ?? 0
  const wall = median(measured.flatMap((t) => t.k6Seconds ?? [])) ?? window + STATED_TRIAL_OVERHEAD_SECONDS
  const stated =
    results.settings.warmupSeconds > 0 ? results.settings.warmupSeconds + STATED_TRIAL_OVERHEAD_SECONDS : 0
  const warmup =
    median(results.trials.filter((t) => t.phase === 'warmup').flatMap((t) => t.k6Seconds ?? [])) ?? stated
  const rounds = Math.max(0, ...measured.map((t) => t.round))
  const plan = recordedPlan(results, rounds, rounds)
  const timed = results.trials
    .map((t) => ({ start: Date.parse(t.startedAt), seconds: t.k6Seconds ?? t.durationSeconds }))
    .filter((t) => Number.isFinite(t.start))
  const fallback = { window, trialOverhead: wall - window, warmup, renewal: STATED_RENEWAL_SECONDS, setup: 0 }
  if (timed.length === 0 || rounds === 0) return fallback
  const first = Math.min(...timed.map((t) => t.start))
  const last = Math.max(...timed.map((t) => t.start + t.seconds * 1000))
  const extra = Math.max(
    0,
    (last - first) / 1000 - secondsFor(plan, rounds, { trial: wall, warmup, renewal: 0 }),
  )
  const renewals = renewalsIn(rounds, plan.freshInstances)
  const trialsRun = rounds * (trialsAtOnce(plan.armsUnderLoad) ? 1 : plan.arms)
  const before = (first - Date.parse(results.meta.startedAt)) / 1000
  const after = (Date.parse(results.meta.finishedAt) - last) / 1000
  const setup = [before, after].filter(Number.isFinite).reduce((sum, s) => sum + Math.max(0, s), 0)
  return {
    window,
    trialOverhead: Math.max(0, wall - window + (renewals > 0 ? 0 : extra / trialsRun)),
    warmup,
    renewal: renewals > 0 ? extra / renewals : STATED_RENEWAL_SECONDS,
    setup,
  }
}

/** Seconds a run of these rounds takes with measured trials of `trialSeconds`, setup included: first look, last. */
export function runSeconds(
  results: ResultsFile,
  steps: MeasuredSteps,
  rounds: PlanRounds,
  trialSeconds: number,
): [number, number] {
  const plan = recordedPlan(results, rounds.minRounds, rounds.maxRounds)
  const step = { trial: trialSeconds + steps.trialOverhead, warmup: steps.warmup, renewal: steps.renewal }
  const { seconds } = planCost(plan, step)
  return [steps.setup + seconds[0]!, steps.setup + seconds[1]!]
}

/** The look the configured plan's median run of unchanged code stops at, and its seconds (`secondsAt`). */
function medianRun(
  calibration: Calibration,
  secondsAt: (rounds: PlanRounds) => number,
): CalibrationCost['median'] {
  const { medianRounds, minRounds, maxRounds } = calibration
  if (medianRounds === undefined) return undefined
  const look = planLooks(minRounds, maxRounds).find((rounds) => rounds >= medianRounds)
  if (look === undefined) return null
  return { look, seconds: Math.round(secondsAt({ minRounds: look, maxRounds: look })) }
}

/**
 * What a run of each plan the calibration names would cost, from the calibration's own run; and,
 * given a budget in seconds, the plan that fits it.
 */
export function priceCalibration(
  calibration: Calibration,
  results: ResultsFile,
  budgetSeconds: number,
): { cost: CalibrationCost; budget?: CalibrationBudget } {
  const steps = measuredSteps(results)
  const configured = { minRounds: calibration.minRounds, maxRounds: calibration.maxRounds }
  const trialSeconds = Math.max(1, Math.round(calibration.trialSeconds))
  const seconds = (trial: number) => runSeconds(results, steps, configured, trial)
  const round1 = (value: number) => Math.round(value * 10) / 10
  const cost: CalibrationCost = {
    setup: round1(steps.setup),
    trialOverhead: round1(steps.trialOverhead),
    warmup: round1(steps.warmup),
    renewal: round1(steps.renewal),
    configured: seconds(trialSeconds),
    median: medianRun(calibration, (look) => runSeconds(results, steps, look, trialSeconds)[0]),
    suggestedRounds: runSeconds(results, steps, calibration.suggestion, trialSeconds),
    suggestedTrials: seconds(Math.max(trialSeconds, calibration.suggestion.trialSeconds)),
    ...(calibration.tailRelief
      ? { tailRelief: runSeconds(results, steps, calibration.tailRelief, trialSeconds) }
      : {}),
  }
  if (!(budgetSeconds > 0)) return { cost }
  const budget = fitBudget(calibration, budgetSeconds, (rounds, trial) =>
    runSeconds(results, steps, rounds, trial),
  )
  return { cost, budget }
}
