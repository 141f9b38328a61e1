import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { requestSeries } from '../../model/metrics'
import { MAX_STACK_CHARS, MAX_STACKS, type ArmProfile, type ProfileRecording } from '../../model/profile'
import type { Arm } from '../../model/types'
import { errorMessage } from '../../util/errors'
import type { ArmInstances } from '../arm-instances'
import type { LoadBackend } from '../load'
import { foldedText } from './fold'
import { readProcessSigns } from '../process-signs'
import { findPerf, PerfRecording, PROFILE_HZ, unwindingFor, type PerfCommand } from './perf'

/**
 * The profiling pair: after the measured rounds (the verdict's figures are already taken), one more
 * trial per arm, the same load on the same instances, with `perf` sampling that arm's processes
 * while the other arm is paused as in every trial. Its stacks go to `profile-<arm>.folded` beside the
 * results; nothing of it enters the statistics. Any failure is a one-line `unavailable`, never an error.
 */
export async function profilePair(options: {
  load: LoadBackend
  instances: ArmInstances
  env: Record<string, string>
  dir: string
  say: (message: string) => void
}): Promise<ProfileRecording> {
  const started = performance.now()
  const seconds = () => Math.round((performance.now() - started) / 100) / 10
  const unavailable = (reason: string): ProfileRecording => {
    options.say(`no profile: ${reason}`)
    return { hz: PROFILE_HZ, seconds: seconds(), unavailable: reason }
  }
  const perf = await findPerf()
  if ('unavailable' in perf) return unavailable(perf.unavailable)
  const arms: Partial<Record<Arm, ArmProfile>> = {}
  for (const arm of ['base', 'head'] as const) {
    try {
      arms[arm] = await profileArm(arm, perf.command, options)
    } catch (error) {
      return unavailable(`the ${arm} arm's profiling trial failed: ${errorMessage(error).slice(0, 300)}`)
    }
  }
  options.say(
    `profiled base (${arms.base!.samples} samples) and head (${arms.head!.samples} samples) in ${seconds()} s`,
  )
  return { hz: PROFILE_HZ, seconds: seconds(), arms: { base: arms.base!, head: arms.head! } }
}

async function profileArm(
  arm: Arm,
  perf: PerfCommand,
  options: Parameters<typeof profilePair>[0],
): Promise<ArmProfile> {
  const instance = options.instances.get(arm)
  if (!instance.processes)
    throw new Error('its processes cannot be seen from here (an environment running elsewhere)')
  const pids = await instance.processes()
  if (pids.length === 0) throw new Error('no running process')
  options.say(`profiling ${arm} …`)
  const unwinding = unwindingFor(await readProcessSigns(pids))
  const recording = new PerfRecording(
    perf,
    pids,
    path.join(options.dir, `profile-${arm}.perf.data`),
    unwinding,
  )
  const trial = await options.instances
    .measuring(arm, () =>
      options.load.runTrial({
        arm,
        phase: 'measure',
        round: 0,
        name: `profile-${arm}`,
        targetUrl: instance.url,
        env: options.env,
      }),
    )
    .then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    )
  // perf is stopped whatever the trial did; the trial's own failure is the one reported.
  const stacks = await recording.stop().catch((error: unknown) => {
    throw 'error' in trial ? trial.error : error
  })
  if ('error' in trial) throw trial.error
  if (trial.result.problems.length) throw new Error(trial.result.problems.join('; '))
  const requests = requestSeries({ series: trial.result.summary?.series ?? [] }).reduce(
    (n, s) => n + s.requests,
    0,
  )
  await writeFile(path.join(options.dir, `profile-${arm}.folded`), foldedText(stacks))
  const samples = [...stacks.values()].reduce((a, b) => a + b, 0)
  const kept = new Map<string, number>()
  for (const [stack, count] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, MAX_STACKS)) {
    // The outermost frames of a very deep stack give way: the leaf is where the time went.
    const key =
      stack.length <= MAX_STACK_CHARS
        ? stack
        : `…${stack.slice(stack.indexOf(';', stack.length - MAX_STACK_CHARS + 2))}`
    kept.set(key, (kept.get(key) ?? 0) + count)
  }
  return { requests, samples, stacks: Object.fromEntries(kept) }
}
