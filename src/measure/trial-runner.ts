import type { Phase, Trial } from '../model/types'
import { ROUNDS_FOR_A_FIRM_RANGE } from '../decide/sample-size'
import { thinSeriesProgressNotes } from '../report/sample-size'
import { LoadgateError } from '../util/errors'
import type { ArmInstances } from './arm-instances'
import { interruptSignal } from './cleanup'
import { STATED_TRIAL_OVERHEAD_SECONDS } from './cost'
import { recordSaturation, stolenNote } from './host-cpu'
import type { LoadBackend } from './load'
import type { Measurement } from './measurement'
import type { MeasureOptions } from './options'
import { timeLeft, type trialClock } from './progress'
import { trialsAtOnce, type ScheduledTrial } from './schedule'
import { runTrial, summarizeTrial, warmupIgnoredDuration, type TrialOutcome } from './trial'
import { LENGTHENED_FROM_ROUND, lengthenOnFirmRange, lengtheningIgnored } from './trial-length'

/** Ends the schedule early without failing the measurement: what was measured is returned. */
export class StopMeasuring extends Error {}

/** What a trial runner works with: the run, its arms, the load generator and the progress clock. */
export interface TrialContext {
  run: Measurement
  options: Pick<MeasureOptions, 'settings' | 'bench' | 'arms'>
  load: LoadBackend
  instances: ArmInstances
  warmupSeconds: number
  clock: ReturnType<typeof trialClock>
}

/**
 * Runs each trial the schedule asks for on the arm's current instance (the idle arm paused where
 * the run pauses it), records it in the results and saves them, and says in the log what a reader
 * needs once: a warm-up the script ignores, a saturated or stolen CPU, a trial lengthened by
 * trial-length auto. A k6 script that cannot run stops the schedule.
 */
export class TrialRunner {
  /** trial-length auto may lengthen the measured trials from round 4 on (DURATION; warm-ups keep theirs). */
  private env: Record<string, string>
  private lengthDecided = false
  private lengthCheckPending = false
  private warmupWarned = false
  private stealNoted = false

  constructor(private readonly context: TrialContext) {
    this.env = context.options.bench.k6Env
  }

  /** Runs and records one scheduled trial. */
  readonly run = async (scheduled: ScheduledTrial): Promise<void> => {
    const { phase, round } = scheduled
    const { run, clock, options } = this.context
    const again = scheduled.repeat ? ' (measured again)' : ''
    const label = `${phase === 'warmup' ? 'warm-up' : `round ${round}`} ${scheduled.arm}${again}`
    if (
      phase === 'measure' &&
      round === LENGTHENED_FROM_ROUND &&
      options.arms.length === 2 &&
      !this.lengthDecided
    ) {
      this.lengthDecided = true
      await this.lengthen()
    }
    run.progress({ message: `${label} …`, ...clock.status() })
    const started = Date.now()
    const { trial, scriptError } = await this.execute(scheduled, label)
    run.results.trials.push(trial)
    this.noteTrial(trial, phase, round)
    await run.save()
    clock.finished(Date.now() - started, phase)
    this.noteRound(trial, label, phase, round)
    // The same script runs in every trial: one that cannot start will fail every other trial too.
    if (scriptError) {
      throw new StopMeasuring(
        `the k6 script cannot run (${label}): ${scriptError}; no further trial was started`,
      )
    }
  }

  /**
   * Decided as the first trial of round 4 starts (a run that stops at round 3 records nothing), on
   * rounds 1–3 alone; set before anything is awaited, so both trials of a duet round take it.
   */
  private async lengthen(): Promise<void> {
    const { run, options, clock } = this.context
    const longer = lengthenOnFirmRange(run.results, options.settings.trialLength)
    if (!longer) return
    this.env = { ...options.bench.k6Env, DURATION: `${longer.seconds}s` }
    this.lengthCheckPending = true
    run.results.settings.trialLength = {
      ...options.settings.trialLength,
      lengthenedSeconds: longer.seconds,
      fromRound: LENGTHENED_FROM_ROUND,
    }
    clock.lengthened(longer.seconds + STATED_TRIAL_OVERHEAD_SECONDS)
    run.say(`${longer.message}${timeLeft(clock.status())}`)
    await run.save()
  }

  /** The trial itself; one cut short by SIGINT/SIGTERM measured nothing and is not recorded. */
  private async execute(
    { arm, phase, round, barrier, repeat, place }: ScheduledTrial,
    label: string,
  ): Promise<TrialOutcome> {
    const { load, instances, options, warmupSeconds } = this.context
    const interrupted = () => {
      const signal = interruptSignal()
      if (signal) throw new LoadgateError(`Interrupted by ${signal} during ${label}`)
    }
    // The instances a renewal replaced are removed while the new ones warm up, never beside a measured trial.
    if (phase === 'measure') await instances.retired()
    // A warm-up runs where the round it precedes will (the first one: round 1).
    const cpus = await instances.cpusFor(arm, Math.max(1, round))
    const run = () =>
      runTrial(load, instances.get(arm), {
        ...(cpus ? { cpus } : {}),
        arm,
        phase,
        round,
        env: this.env,
        warmupSeconds,
        untilSteady: options.settings.warmupUntilSteady,
        ...(repeat ? { repeat } : {}),
        ...(barrier ? { held: (release: () => Promise<void>) => barrier.ready(arm, release) } : {}),
        ...(place !== undefined ? { alternate: { slot: place, of: options.arms.length } } : {}),
      })
    // A warm-up is not measured, and the arms warm up side by side: none is paused for it (nor when
    // the round's trials run at once).
    const unpaused = phase === 'warmup' || trialsAtOnce(options.settings.armsUnderLoad)
    const outcome = await (unpaused ? run() : instances.measuring(arm, run)).catch((error: unknown) => {
      interrupted()
      throw error
    })
    interrupted()
    return outcome
  }

  /** What a trial shows once: a warm-up the script does not shorten, a saturated or stolen CPU. */
  private noteTrial(trial: Trial, phase: Phase, round: number): void {
    const { run, warmupSeconds } = this.context
    const ignored = this.warmupWarned ? null : warmupIgnoredDuration(trial, warmupSeconds)
    if (ignored) {
      this.warmupWarned = true
      run.say(ignored)
    }
    const saturated = phase === 'measure' && recordSaturation(run.results, trial.hostCpuBusy, round)
    if (saturated) run.say(saturated)
    const stolen = phase === 'measure' && !this.stealNoted && stolenNote(trial.hostCpuStolen, round)
    if (stolen) {
      this.stealNoted = true
      run.say(stolen)
    }
  }

  /** The trial's line, the round counted once all its arms are measured, and the notes that wait for it. */
  private noteRound(trial: Trial, label: string, phase: Phase, round: number): void {
    const { run, clock, options } = this.context
    const arms = options.arms.length
    const measured = run.results.trials.filter(
      (t) => t.phase === 'measure' && t.round === round && !t.superseded,
    )
    const roundDone = phase === 'measure' && measured.length === arms
    if (roundDone) clock.roundDone(round)
    run.progress({ message: `${label}: ${summarizeTrial(trial)}`, ...clock.status() })
    // The request-count note waits for enough trials to say how far its figure can be off.
    if (roundDone && arms === 2 && round === ROUNDS_FOR_A_FIRM_RANGE)
      for (const text of thinSeriesProgressNotes(run.results)) run.say(text)
    if (this.lengthCheckPending && phase === 'measure') {
      this.lengthCheckPending = false
      const ignored = lengtheningIgnored(trial, run.results.settings)
      if (ignored) run.say(ignored)
    }
  }
}
