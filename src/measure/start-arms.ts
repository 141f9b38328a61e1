import type { Arm } from '../model/types'
import { LoadgateError } from '../util/errors'
import type { ArmInstances } from './arm-instances'
import { requireAlternatingScript } from './arms-under-load'
import { costNote, planOf } from './cost'
import { createLoadBackend, type LoadBackend } from './load'
import type { Measurement } from './measurement'
import type { MeasureOptions } from './options'
import { chooseByRuntime } from './runtime-choices'
import { sideBySide, stackPlacement, trialsAtOnce } from './schedule'
import { createSystemUnderTest, type ArmInstance } from './sut'

const STACK_START_TIMEOUT_SECONDS = 180

/**
 * Readies the load generator, says what the run will cost, then starts one instance per arm, the
 * arms side by side (nothing is measured yet), each kept in `instances` (to be stopped whatever
 * happens) with where it runs recorded. Returns the load generator.
 */
export async function startArms(
  run: Measurement,
  options: MeasureOptions,
  instances: ArmInstances,
): Promise<LoadBackend> {
  const { settings, bench, arms } = options
  const load = createLoadBackend(settings, bench, run.dir)
  if (trialsAtOnce(settings.armsUnderLoad) && !load.canHold)
    throw new LoadgateError(
      `Input 'arms-under-load' is '${settings.armsUnderLoad}': the load generator cannot start at a barrier`,
    )
  run.results.meta.versions.k6 = (await load.prepare()).version
  await requireAlternatingScript(settings.armsUnderLoad, load, bench)
  const system = createSystemUnderTest({
    settings,
    bench,
    runId: options.meta.runId,
    baseSha: options.baseSha,
    ...(options.borrowHarness ? { borrowHarness: true } : {}),
    startTimeoutSeconds: options.startTimeoutSeconds ?? STACK_START_TIMEOUT_SECONDS,
    onProgress: run.say,
  })
  const early = settings.target.kind === 'url' ? 'run' : settings.freshInstances
  run.say(costNote(planOf(settings, bench, arms.length, early, Boolean(options.shouldExtend))))
  run.stacksStarting()
  // Which arm is launched first, and in which stack slot each runs, drawn from the seed (renewals
  // draw anew). The arms build and start side by side: nothing is measured yet.
  const placement = stackPlacement(arms, 0, settings.seed)
  const started = new Map<Arm, ArmInstance>()
  await sideBySide(
    placement.startOrder.map(async (arm) => started.set(arm, await system.start(arm, placement.slots[arm]))),
  ).finally(() => {
    // In launch order, whichever finished first (renewals draw their placement from it); an arm
    // that started is kept, to be stopped, and where it ran recorded, when the other could not.
    for (const arm of placement.startOrder.filter((a) => started.has(a))) {
      const instance = started.get(arm)!
      instances.add(arm, instance)
      if (instance.address)
        run.results.meta.targets = { ...run.results.meta.targets, [arm]: instance.address }
      if (instance.borrowed?.length) run.results.meta.borrowedHarness = instance.borrowed
    }
  })
  return load
}

/**
 * Once the arms run: chooses what their runtimes need (the warm-up's length, whether the idle arm
 * is paused), records what the run does of the instance settings, and in duet gives each arm CPUs
 * of its own where it can. Returns the warm-up's length in seconds.
 */
export async function fitToRuntimes(
  run: Measurement,
  options: MeasureOptions,
  instances: ArmInstances,
): Promise<number> {
  const { warmupSeconds, ...byRuntime } = await chooseByRuntime(options.settings, instances, run.say)
  run.choseByRuntime(byRuntime)
  Object.assign(run.results.settings, instances.describe())
  await instances.splitCpus()
  run.results.settings.warmupSeconds = warmupSeconds
  return warmupSeconds
}
