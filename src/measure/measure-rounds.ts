import type { ArmInstances } from './arm-instances'
import { measuredCostNote, planOf, type RunPlan } from './cost'
import type { LoadBackend } from './load'
import type { Measurement } from './measurement'
import type { MeasureOptions } from './options'
import { trialClock } from './progress'
import { roundRepeats } from './round-repeats'
import { followSchedule, interleavedSchedule } from './schedule'
import { StopMeasuring, TrialRunner } from './trial-runner'

/**
 * Runs the rounds: the schedule of the run's design (interleaved rounds, a new instance pair as
 * `fresh-instances` says), each new pair warmed up before its first round, up to the look where the
 * data settles. A k6 script that cannot run ends the rounds early: the error is recorded, what was
 * measured is kept, and the measurement goes on to its end.
 */
export async function measureRounds(
  run: Measurement,
  options: MeasureOptions,
  arms: { load: LoadBackend; instances: ArmInstances; warmupSeconds: number },
): Promise<void> {
  const { settings, bench } = options
  const { warmupSeconds } = arms
  const freshInstances = run.results.settings.freshInstances ?? 'run'
  const cost = { ...settings, warmupSeconds }
  const { plan, stated } = planOf(
    cost,
    bench,
    options.arms.length,
    freshInstances,
    Boolean(options.shouldExtend),
  )
  const clock = trialClock(plan, stated)
  const trials = new TrialRunner({ run, options, ...arms, clock })
  const { repeats, ...repeatSteps } = roundRepeats(
    { results: run.results, say: run.say, added: clock.repeated },
    { arms: options.arms, segment: settings.segment !== null, freshInstances, warmup: warmupSeconds > 0 },
  )
  const schedule = interleavedSchedule({
    arms: options.arms,
    looks: plan.looks,
    seed: settings.seed,
    freshInstances,
    repeats,
  })
  await followSchedule(schedule, {
    ...repeatSteps,
    warmup: warmupSeconds > 0,
    armsUnderLoad: settings.armsUnderLoad,
    runTrial: trials.run,
    renewInstances: renewal(run, arms.instances, clock, plan),
    onRound: (order) => run.results.schedule.push(order),
    shouldExtend: () => options.shouldExtend?.(run.results) ?? false,
    onExtend: (rounds) => {
      const after = run.results.schedule.length
      clock.extend(rounds)
      run.progress({
        message: `a gated metric is inconclusive after ${after} rounds: going on to ${rounds}`,
        ...clock.status(),
      })
    },
  }).catch((error: unknown) => {
    if (!(error instanceof StopMeasuring)) throw error
    run.results.error = error.message
    run.say(`stopped: ${error.message}`)
  })
}

/** Replaces the pair before a round, timed; the cost is said again once every step has been timed. */
function renewal(
  run: Measurement,
  instances: ArmInstances,
  clock: ReturnType<typeof trialClock>,
  plan: RunPlan,
) {
  let costRestated = false
  return async (round: number): Promise<void> => {
    const started = Date.now()
    await instances.renew(round)
    clock.between(Date.now() - started)
    // The start-up line could not know what a renewal takes: said again once one is timed.
    const steps = costRestated ? null : clock.measuredSteps()
    if (steps) run.say(measuredCostNote(plan, steps))
    costRestated ||= steps !== null
  }
}
