import { DEFAULT_REPEAT_BOUNDS, repeatedRounds, repeatPolicy, type RepeatBounds } from '../decide/disturbance'
import type { Arm, FreshInstances, ResultsFile } from '../model/types'
import { repeatedRoundText } from '../report/runner-load'
import type { ScheduleSteps } from './schedule'

/** What the run records and says of its repeats. */
export interface RepeatRecorder {
  results: ResultsFile
  say: (message: string) => void
  /** The run's count of trials grows by the repeat's (its fresh pair's warm-ups included). */
  added?: (trials: number) => void
}

/**
 * Measuring a disturbed round again (decide/disturbance.ts), as schedule steps: after each round
 * of a two-arm run the policy is asked on the round's trials, which read only what the head's code
 * cannot move (foreign CPU without the run's own, steal of the busy time). A repeat marks the
 * round's trials superseded (kept in the results, left out of the comparison), records it and says
 * why. A segment job never repeats: each job sees a machine of its own, and the segments must run
 * the same trials to be merged.
 */
export function roundRepeats(
  run: RepeatRecorder,
  options: { arms: Arm[]; segment: boolean; freshInstances: FreshInstances; warmup: boolean },
  bounds: RepeatBounds = DEFAULT_REPEAT_BOUNDS,
): Pick<ScheduleSteps, 'measureAgain' | 'onRepeat'> & { repeats: number } {
  if (options.arms.length !== 2 || options.segment || bounds.perRun === 0) return { repeats: 0 }
  const policy = repeatPolicy(bounds)
  const record = () => (run.results.repeats ??= { ...bounds, rounds: [], exhausted: [] })
  return {
    repeats: bounds.perRun,
    measureAgain: (round) => {
      const again = policy.measureAgain(round, run.results.trials)
      if (!again && policy.exhausted.includes(round) && !record().exhausted.includes(round))
        record().exhausted.push(round)
      return again
    },
    onRepeat: (round, order) => {
      const superseded = run.results.trials.filter(
        (t) => t.phase === 'measure' && t.round === round && !t.superseded,
      )
      for (const trial of superseded) trial.superseded = true
      record().rounds.push({ round, order })
      // Fresh instances every round: the repeat runs on a pair of its own, warmed up as any.
      const warmups = options.freshInstances === 'round' && options.warmup ? options.arms.length : 0
      run.added?.(options.arms.length + warmups)
      const why = repeatedRounds(superseded)[0]
      run.say(why ? repeatedRoundText(why) : `round ${round} measured again`)
    },
  }
}
