import type { ResultsFile } from '../model/types'
import { ArmInstances } from './arm-instances'
import type { LoadBackend } from './load'
import { measureRounds } from './measure-rounds'
import { Measurement } from './measurement'
import type { MeasureOptions } from './options'
import { profilePair } from './profile/profile-pair'
import { fitToRuntimes, startArms } from './start-arms'

export type { MeasureOptions } from './options'
export type { ProgressEvent } from './progress'

/**
 * Measures one benchmark, phase by phase: an instance of the system under test per arm, what their
 * runtimes need chosen, then the schedule's rounds (a warm-up for every new instance pair, then
 * rounds in seeded random order with one arm under load at a time, the other paused), the
 * profiling pair where asked. The results file is rewritten after every trial, so what was measured
 * survives any later failure; every arm is always stopped.
 */
export async function measure(
  options: MeasureOptions,
): Promise<{ results: ResultsFile; resultsPath: string }> {
  const run = await Measurement.open(options)
  const instances = new ArmInstances(options.settings, run.say)
  try {
    const load = await startArms(run, options, instances)
    const warmupSeconds = await fitToRuntimes(run, options, instances)
    await measureRounds(run, options, { load, instances, warmupSeconds })
    // Before profiling: the profile is measured after the verdict's trials and is not part of them.
    run.recordTiming()
    await profileWhenAsked(run, options, load, instances)
    return { results: run.results, resultsPath: run.resultsPath }
  } catch (error) {
    throw run.failed(error)
  } finally {
    await run.finish(instances)
  }
}

/** The profiling pair, where the caller asks for it once the rounds are measured and the arms still run. */
async function profileWhenAsked(
  run: Measurement,
  options: MeasureOptions,
  load: LoadBackend,
  instances: ArmInstances,
): Promise<void> {
  if (run.results.error || options.arms.length !== 2 || !options.profileWhen?.(run.results)) return
  run.results.profile = await profilePair({
    load,
    instances,
    env: options.bench.k6Env,
    dir: run.dir,
    say: run.say,
  })
  await run.save()
}
