import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { writeResults } from '../model/results-file'
import type { Arm, ResultsFile } from '../model/types'
import { errorMessage, LoadgateError } from '../util/errors'
import { Git } from '../util/git'
import { assertMeasuringTheHead } from './checkout'
import { interruptSignal } from './cleanup'
import { initialResults } from './initial-results'
import { createLoadBackend } from './load'
import type { MeasureOptions } from './options'
import { note, plainProgress, timeLeft, trialClock } from './progress'
import { runSchedule, sideBySide, stackPlacement, type ScheduledTrial } from './schedule'
import { recordSaturation, stolenNote } from './host-cpu'
import { costNote, measuredCostNote, planOf, STATED_TRIAL_OVERHEAD_SECONDS } from './cost'
import { ArmInstances } from './arm-instances'
import { createSystemUnderTest, type ArmInstance } from './sut'
import { runTiming } from './time-share'
import { chooseByRuntime, type RuntimeChoices } from './runtime-choices'
import { runTrial, summarizeTrial, warmupIgnoredDuration } from './trial'
import { LENGTHENED_FROM_ROUND, lengthenOnFirmRange, lengtheningIgnored } from './trial-length'
import { profilePair } from './profile/profile-pair'
import { thinSeriesProgressNotes } from '../report/sample-size'
import { ROUNDS_FOR_A_FIRM_RANGE } from '../decide/sample-size'

export type { MeasureOptions } from './options'
export type { ProgressEvent } from './progress'

const STACK_START_TIMEOUT_SECONDS = 180

/** Ends the schedule early without failing the measurement: what was measured is returned. */
class StopMeasuring extends Error {}

/**
 * Measures one benchmark: an instance of the system under test per arm, a warm-up per arm, then
 * rounds in seeded random order with one arm under load at a time (the other paused), on fresh
 * instances every round or every few rounds as `fresh-instances` says. The results file is rewritten
 * after every trial, so what was measured survives any later failure; every arm is always stopped.
 */
export async function measure(
  options: MeasureOptions,
): Promise<{ results: ResultsFile; resultsPath: string }> {
  const { settings, bench, arms } = options
  await assertMeasuringTheHead(new Git(settings.workspace), {
    event: options.meta.event,
    headSha: options.headSha,
  })
  const dir = path.join(settings.workDir, bench.name)
  await mkdir(dir, { recursive: true })
  const resultsPath = path.join(dir, 'results.json')
  const progress = plainProgress(options.onProgress ?? (() => {}))
  const results = await initialResults(options, new Git(settings.workspace))
  // Warm-ups finish side by side: their writes of the one file must not overlap.
  let saved: Promise<void> = Promise.resolve()
  const save = () => (saved = saved.catch(() => undefined).then(() => writeResults(resultsPath, results)))
  await save()

  const instances = new ArmInstances(settings, (message) => progress(note(message)))
  let stacksStartedAt: number | null = null
  let chosen: Pick<RuntimeChoices, 'warmupAuto' | 'idleArmAuto'> = {}
  const recordTiming = () => {
    const timing = stacksStartedAt === null ? null : runTiming(results.trials, stacksStartedAt)
    if (timing) results.meta.timing = { ...timing, ...chosen }
  }
  try {
    const load = createLoadBackend(settings, bench, dir)
    const duet = settings.armsUnderLoad === 'both'
    if (duet && !load.canHold)
      throw new LoadgateError(
        `Input 'arms-under-load' is 'both': the load generator cannot start at a barrier`,
      )
    results.meta.versions.k6 = (await load.prepare()).version
    const system = createSystemUnderTest({
      settings,
      bench,
      runId: options.meta.runId,
      baseSha: options.baseSha,
      ...(options.borrowHarness ? { borrowHarness: true } : {}),
      startTimeoutSeconds: options.startTimeoutSeconds ?? STACK_START_TIMEOUT_SECONDS,
      onProgress: (message) => progress(note(message)),
    })
    const early = settings.target.kind === 'url' ? 'run' : settings.freshInstances
    const extendable = Boolean(options.shouldExtend)
    progress(note(costNote(planOf(settings, bench, arms.length, early, extendable))))
    stacksStartedAt = Date.now()
    // Which arm is launched first, and in which stack slot each runs, drawn from the seed (renewals
    // draw anew). The arms build and start side by side: nothing is measured yet.
    const placement = stackPlacement(arms, 0, settings.seed)
    const started = new Map<Arm, ArmInstance>()
    await sideBySide(
      placement.startOrder.map(async (arm) =>
        started.set(arm, await system.start(arm, placement.slots[arm])),
      ),
    ).finally(() => {
      // In launch order, whichever finished first (renewals draw their placement from it); an arm
      // that started is kept, to be stopped, and where it ran recorded, when the other could not.
      for (const arm of placement.startOrder.filter((a) => started.has(a))) {
        const instance = started.get(arm)!
        instances.add(arm, instance)
        if (instance.address) results.meta.targets = { ...results.meta.targets, [arm]: instance.address }
        if (instance.borrowed?.length) results.meta.borrowedHarness = instance.borrowed
      }
    })
    const { warmupSeconds, ...byRuntime } = await chooseByRuntime(settings, instances, (message) =>
      progress(note(message)),
    )
    chosen = byRuntime
    Object.assign(results.settings, instances.describe())
    await instances.splitCpus()
    results.settings.warmupSeconds = warmupSeconds

    const freshInstances = results.settings.freshInstances ?? 'run'
    const { plan, stated } = planOf(
      { ...settings, warmupSeconds },
      bench,
      arms.length,
      freshInstances,
      extendable,
    )
    const clock = trialClock(plan, stated)
    let warmupWarned = false
    let stealNoted = false
    // trial-length auto may lengthen the measured trials from round 4 on (DURATION; warm-ups keep theirs).
    let trialEnv = bench.k6Env
    let lengthCheckPending = false
    /**
     * Decided as the first trial of round 4 starts (a run that stops at round 3 records nothing), on
     * rounds 1–3 alone; set before anything is awaited, so both trials of a duet round take it.
     */
    const lengthen = async () => {
      const longer = lengthenOnFirmRange(results, settings.trialLength)
      if (!longer) return
      trialEnv = { ...bench.k6Env, DURATION: `${longer.seconds}s` }
      lengthCheckPending = true
      results.settings.trialLength = {
        ...settings.trialLength,
        lengthenedSeconds: longer.seconds,
        fromRound: LENGTHENED_FROM_ROUND,
      }
      clock.lengthened(longer.seconds + STATED_TRIAL_OVERHEAD_SECONDS)
      progress(note(`${longer.message}${timeLeft(clock.status())}`))
      await save()
    }
    let lengthDecided = false
    let costRestated = false
    const trial = async ({ arm, phase, round, barrier }: ScheduledTrial) => {
      const label = phase === 'warmup' ? `warm-up ${arm}` : `round ${round} ${arm}`
      if (phase === 'measure' && round === LENGTHENED_FROM_ROUND && arms.length === 2 && !lengthDecided) {
        lengthDecided = true
        await lengthen()
      }
      progress({ message: `${label} …`, ...clock.status() })
      const started = Date.now()
      const interrupted = () => {
        // A trial cut short by SIGINT/SIGTERM measured nothing: it is not recorded.
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
          env: trialEnv,
          warmupSeconds,
          untilSteady: settings.warmupUntilSteady,
          ...(barrier ? { held: (release: () => Promise<void>) => barrier.ready(arm, release) } : {}),
        })
      // A warm-up is not measured, and the arms warm up side by side: none is paused for it (nor in duet).
      const { trial: result, scriptError } = await (
        phase === 'warmup' || duet ? run() : instances.measuring(arm, run)
      ).catch((error: unknown) => {
        interrupted()
        throw error
      })
      interrupted()
      results.trials.push(result)
      const ignored = warmupWarned ? null : warmupIgnoredDuration(result, warmupSeconds)
      if (ignored) {
        warmupWarned = true
        progress(note(ignored))
      }
      const saturated = phase === 'measure' && recordSaturation(results, result.hostCpuBusy, round)
      if (saturated) progress(note(saturated))
      const stolen = phase === 'measure' && !stealNoted && stolenNote(result.hostCpuStolen, round)
      if (stolen) {
        stealNoted = true
        progress(note(stolen))
      }
      await save()
      clock.finished(Date.now() - started, phase)
      const measured = results.trials.filter((t) => t.phase === 'measure' && t.round === round)
      const roundDone = phase === 'measure' && measured.length === arms.length
      if (roundDone) clock.roundDone(round)
      progress({ message: `${label}: ${summarizeTrial(result)}`, ...clock.status() })
      // The request-count note waits for enough trials to say how far its figure can be off.
      if (roundDone && arms.length === 2 && round === ROUNDS_FOR_A_FIRM_RANGE)
        for (const text of thinSeriesProgressNotes(results)) progress(note(text))
      if (lengthCheckPending && phase === 'measure') {
        lengthCheckPending = false
        const ignored = lengtheningIgnored(result, results.settings)
        if (ignored) progress(note(ignored))
      }
      // The same script runs in every trial: one that cannot start will fail every other trial too.
      if (scriptError) {
        throw new StopMeasuring(
          `the k6 script cannot run (${label}): ${scriptError}; no further trial was started`,
        )
      }
    }

    await runSchedule({
      arms,
      looks: plan.looks,
      warmup: warmupSeconds > 0,
      freshInstances,
      renewInstances: async (round) => {
        const started = Date.now()
        await instances.renew(round)
        clock.between(Date.now() - started)
        // The start-up line could not know what a renewal takes: said again once one is timed.
        const steps = costRestated ? null : clock.measuredSteps()
        if (steps) progress(note(measuredCostNote(plan, steps)))
        costRestated ||= steps !== null
      },
      seed: settings.seed,
      armsUnderLoad: settings.armsUnderLoad,
      runTrial: trial,
      onRound: (order) => results.schedule.push(order),
      shouldExtend: () => options.shouldExtend?.(results) ?? false,
      onExtend: (rounds) => {
        const after = results.schedule.length
        clock.extend(rounds)
        progress({
          message: `a gated metric is inconclusive after ${after} rounds: going on to ${rounds}`,
          ...clock.status(),
        })
      },
    }).catch((error: unknown) => {
      if (!(error instanceof StopMeasuring)) throw error
      results.error = error.message
      progress(note(`stopped: ${error.message}`))
    })
    // Before profiling: the profile is measured after the verdict's trials and is not part of them.
    recordTiming()
    if (!results.error && arms.length === 2 && options.profileWhen?.(results)) {
      results.profile = await profilePair({
        load,
        instances,
        env: bench.k6Env,
        dir,
        say: (message) => progress(note(message)),
      })
      await save()
    }
    return { results, resultsPath }
  } catch (error) {
    recordTiming()
    results.error = oneLine(errorMessage(error))
    throw error instanceof LoadgateError ? error : new LoadgateError(results.error)
  } finally {
    results.meta.finishedAt = new Date().toISOString()
    await save().catch(() => undefined)
    const report = (error: unknown) => progress(note(`cleanup: ${errorMessage(error)}`))
    await instances.stopAll(report)
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' | ').trim()
}
