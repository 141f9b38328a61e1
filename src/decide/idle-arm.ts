import { jitRuntimesOf, type ProcessSigns } from './runtime-warmup'

/** pause-idle-arm: always, never, or auto (by the runtimes the arms' processes run). */
export type PauseIdleArm = boolean | 'auto'

/** What pause-idle-arm auto chose, for the log, the results and the report. */
export interface IdleArmChoice {
  pause: boolean
  /** The JIT runtimes that kept the idle arm running; empty when it is paused. */
  runtimes: string[]
}

/**
 * pause-idle-arm auto: the idle arm is paused, so its timers and garbage collection stay out of
 * the other arm's trial, unless it runs a JIT. A JIT frozen mid-compilation resumes when it is
 * thawed, inside its own next trial: on the Node.js reference service that made trials drift (a
 * second half 3–6% faster than the first) and the arm measured second use 8% less CPU per request;
 * left running, its trials did not drift (docs/statistics.md, warm-ups by runtime). Processes that
 * cannot be read keep the pause, as before auto.
 */
export function choosePauseIdleArm(processes: ProcessSigns[] | null): IdleArmChoice {
  const runtimes = processes ? jitRuntimesOf(processes).map((r) => r.runtime) : []
  return { pause: runtimes.length === 0, runtimes }
}

/** "pause-idle-arm auto: the idle arm keeps running, for the Node.js JIT compiler (…)". */
export function idleArmChoiceText(choice: IdleArmChoice): string {
  if (choice.pause)
    return 'pause-idle-arm auto: the idle arm is paused during every trial (no JIT runtime found)'
  return (
    `pause-idle-arm auto: the idle arm keeps running, for the ${choice.runtimes.join(' and ')} JIT ` +
    'compiler (frozen, it resumes compiling within its own next trial, and that trial drifts)'
  )
}
