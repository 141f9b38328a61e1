import { withoutControlCharacters } from '../util/control-characters'
import type { Settings } from '../settings/types'

export interface ProgressEvent {
  message: string
  /** Trials finished and planned so far (warm-up included). */
  done: number
  planned: number
  /** Estimated seconds left, from the mean trial time so far. */
  etaSeconds: number | null
}

/** Counts trials and estimates the time left from the mean trial time so far. */
export function trialClock(arms: number, settings: Pick<Settings, 'minRounds' | 'warmupSeconds'>) {
  let planned = arms * (settings.minRounds + (settings.warmupSeconds > 0 ? 1 : 0))
  let done = 0
  let spentMs = 0
  return {
    finished(ms: number) {
      done++
      spentMs += ms
    },
    extend(rounds: number) {
      planned += arms * rounds
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
