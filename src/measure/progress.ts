import { withoutControlCharacters } from '../util/control-characters'
import type { Phase } from '../model/types'
import { secondsLeft, type RunPlan, type StepSeconds } from './cost'
import { warmupTrials } from './schedule'

export interface ProgressEvent {
  message: string
  /** Trials finished and planned so far (warm-up included). */
  done: number
  planned: number
  /** Estimated seconds left to the last look the plan allows (the high end of `leftSeconds`). */
  etaSeconds: number | null
  /** Seconds left to the next look and to the last: the run stops at one of them. */
  leftSeconds?: [number, number] | null
}

type Stated = Omit<StepSeconds, 'trial'> & { trial: number | null }

/**
 * Counts trials (warm-ups of new instances included) and estimates the time left from the plan:
 * each step (trial, warm-up, renewal) at its mean time so far, or as stated until one is timed.
 */
export function trialClock(plan: RunPlan, statedSteps: Stated) {
  const stated = { ...statedSteps }
  const trials = (rounds: number) =>
    plan.arms * rounds + warmupTrials(plan.arms, rounds, plan.freshInstances, plan.warmup)
  let nextLook = plan.looks[0]!
  let planned = trials(nextLook)
  let done = 0
  let repeatedTrials = 0
  let rounds = 0
  const timed = { trial: [0, 0], warmup: [0, 0], renewal: [0, 0] }
  const time = (step: keyof typeof timed, ms: number) => {
    timed[step][0]! += ms / 1000
    timed[step][1]! += 1
  }
  const mean = (step: keyof typeof timed) => (timed[step][1] ? timed[step][0]! / timed[step][1]! : null)
  return {
    finished(ms: number, phase: Phase = 'measure') {
      done++
      time(phase === 'warmup' ? 'warmup' : 'trial', ms)
    },
    /** Time spent renewing the instances between rounds. */
    between(ms: number) {
      time('renewal', ms)
    },
    /** Rounds 1..`round` are measured. */
    roundDone(round: number) {
      rounds = round
    },
    /** The measured trials from here on take about `seconds` each (trial-length auto): forget the shorter ones. */
    lengthened(seconds: number) {
      timed.trial = [0, 0]
      stated.trial = seconds
    },
    /** The plan now runs `rounds` rounds in all. */
    extend(toRounds: number) {
      nextLook = toRounds
      planned = trials(toRounds) + repeatedTrials
    },
    /** A round is measured again: its trials (and the warm-ups of its fresh pair) are added to the count. */
    repeated: (trials: number) => void ((repeatedTrials += trials), (planned += trials)),
    /** Each step's mean time, once every step the plan has was timed; null before. */
    measuredSteps(): StepSeconds | null {
      const trial = mean('trial')
      const renewal = mean('renewal')
      const warmup = plan.warmup ? mean('warmup') : 0
      return trial === null || renewal === null || warmup === null ? null : { trial, warmup, renewal }
    },
    status(): Pick<ProgressEvent, 'done' | 'planned' | 'etaSeconds' | 'leftSeconds'> {
      const trial = mean('trial') ?? stated.trial
      const step =
        trial === null
          ? null
          : { trial, warmup: mean('warmup') ?? stated.warmup, renewal: mean('renewal') ?? stated.renewal }
      const left = step
        ? (secondsLeft(plan, rounds, nextLook, step).map(Math.round) as [number, number])
        : null
      return { done, planned, etaSeconds: left ? left[1] : null, leftSeconds: left }
    },
  }
}

/** ", ~2–5 min left" (to the next look … the last), or "" before anything can be estimated. */
export function timeLeft(event: Pick<ProgressEvent, 'etaSeconds' | 'leftSeconds'>): string {
  const [low, high] = event.leftSeconds ?? [event.etaSeconds, event.etaSeconds]
  if (high === null || high === undefined || low === null || low === undefined) return ''
  const [a, b] = [Math.ceil(low / 60), Math.ceil(high / 60)]
  return a === b ? `, ~${b} min left` : `, ~${a}–${b} min left`
}

/** A message outside the trial count (starting a stack, cleaning up). */
export function note(message: string): ProgressEvent {
  return { message, done: 0, planned: 0, etaSeconds: null }
}

/**
 * The listener, given only messages without control characters: they carry request names,
 * container names and k6's own errors, and end up as lines of a log or a terminal.
 */
export function plainProgress(listener: (event: ProgressEvent) => void): (event: ProgressEvent) => void {
  return (event) => listener({ ...event, message: withoutControlCharacters(event.message) })
}
