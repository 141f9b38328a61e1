import { withoutControlCharacters } from '../util/control-characters'
import type { Settings } from '../settings/types'
import { warmupTrials } from './schedule'

export interface ProgressEvent {
  message: string
  /** Trials finished and planned so far (warm-up included). */
  done: number
  planned: number
  /** Estimated seconds left, from the mean trial time so far. */
  etaSeconds: number | null
}

type ClockSettings = Pick<Settings, 'minRounds' | 'warmupSeconds' | 'freshInstances'>

/** Counts trials (warm-ups of new instances included) and estimates the time left from the mean so far. */
export function trialClock(arms: number, settings: ClockSettings) {
  const trials = (rounds: number) =>
    arms * rounds + warmupTrials(arms, rounds, settings.freshInstances, settings.warmupSeconds > 0)
  let planned = trials(settings.minRounds)
  let done = 0
  let spentMs = 0
  return {
    finished(ms: number) {
      done++
      spentMs += ms
    },
    /** Time spent between trials (new instances): spread over the trials in the estimate. */
    between(ms: number) {
      spentMs += ms
    },
    /** The plan now runs `rounds` rounds in all. */
    extend(rounds: number) {
      planned = trials(rounds)
    },
    status(): Pick<ProgressEvent, 'done' | 'planned' | 'etaSeconds'> {
      return {
        done,
        planned,
        etaSeconds: done > 0 ? Math.round(((planned - done) * spentMs) / done / 1000) : null,
      }
    },
  }
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
