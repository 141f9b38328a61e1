import { STOLEN_NOTE } from '../decide/runner-load'
import { requestSeries } from '../model/metrics'
import type { Arm, Phase, ServiceResources, Trial } from '../model/types'
import { cpuIndexes } from './cpu-split'
import { busyFraction, readCpuTimes, stolenFraction } from './host-cpu'
import { probed } from './machine-probe'
import { foreignFraction, readRunCpu } from './run-cpu'
import type { LoadBackend, LoadTrialRequest } from './load'
import type { ArmInstance, ResourceSampling } from './sut'

export interface TrialPlan {
  arm: Arm
  phase: Phase
  round: number
  /** The benchmark's variables for the script. */
  env: Record<string, string>
  warmupSeconds: number
  /** Duet: the load generator is held until the round's start barrier releases it. */
  held?: LoadTrialRequest['held']
  /** Duet with the CPUs split: the CPU list the arm (already confined to it) and its load run on. */
  cpus?: string
  /** warmup steady: a warm-up ends once steady, at most warmupSeconds. */
  untilSteady?: boolean
  /** The round measured again (1 for its first repeat): the trial and its raw output say so. */
  repeat?: number
  /** Alternating: which of the round's time slices are this arm's (LoadTrialRequest.alternate). */
  alternate?: LoadTrialRequest['alternate']
}

export interface TrialOutcome {
  trial: Trial
  /** The script cannot run at all (see LoadTrialResult.scriptError): no further trial can succeed. */
  scriptError?: string
}

/** Stem of a trial's raw output, unique within the benchmark's folder. */
export function trialName(arm: Arm, phase: Phase, round: number, repeat?: number): string {
  const roundName = `round-${String(round).padStart(2, '0')}-${arm}`
  // A warm-up of a recreated instance carries the round it precedes; the first one is round 0.
  const name = phase === 'measure' ? roundName : round === 0 ? `warmup-${arm}` : `warmup-${roundName}`
  // A round measured again keeps the raw output of the trials it supersedes.
  return repeat ? `${name}-again-${repeat}` : name
}

/** What the load backend is asked to run for a trial: a warm-up runs `warmupSeconds` (or until steady). */
function loadRequest(plan: TrialPlan, name: string, targetUrl: string): LoadTrialRequest {
  const { arm, phase, round } = plan
  return {
    arm,
    phase,
    round,
    name,
    targetUrl,
    env: { ...plan.env, ...(phase === 'warmup' ? { DURATION: `${plan.warmupSeconds}s` } : {}) },
    ...(plan.held ? { held: plan.held } : {}),
    ...(plan.cpus ? { cpus: plan.cpus } : {}),
    ...(phase === 'warmup' && plan.untilSteady ? { untilSteady: true } : {}),
    ...(phase === 'measure' && plan.alternate ? { alternate: plan.alternate } : {}),
  }
}

/** One trial: the load backend drives one arm while the system under test reports its resource use. */
export async function runTrial(
  load: LoadBackend,
  instance: ArmInstance,
  plan: TrialPlan,
): Promise<TrialOutcome> {
  const { arm, phase, round } = plan
  const name = trialName(arm, phase, round, plan.repeat)
  const measured = instance.instance
  const sampling = instance.sampleResources()
  const startedAt = new Date().toISOString()
  const ownCpus = plan.cpus ? cpuIndexes(plan.cpus) : undefined
  const [cpuBefore, runBefore] = await Promise.all([readCpuTimes(ownCpus), readRunCpu()])
  // In duet both arms share the probe's machine at once: there it would tell neither apart.
  const { value: result, probe: machineProbe } = await probed(phase === 'measure' && !plan.held, () =>
    load.runTrial(loadRequest(plan, name, instance.url)),
  )
  const [cpuAfter, runAfter] = await Promise.all([readCpuTimes(ownCpus), readRunCpu()])
  const hostCpuBusy = busyFraction(cpuBefore, cpuAfter)
  const hostCpuStolen = stolenFraction(cpuBefore, cpuAfter)
  const samplingError = await sampling.started
  const resources = await sampling.stop()
  const foreignCpu = foreignFraction(runBefore, runAfter, await runContainerSeconds(sampling, resources))
  const disrupted = resources.filter((r) => r.disrupted).map((r) => r.service)
  const reasons = [
    ...result.problems,
    samplingError,
    disrupted.length ? `container ${disrupted.join(', ')} restarted or stopped during the trial` : '',
  ].filter(Boolean)
  const summary = result.summary
  const trial: Trial = {
    arm,
    phase,
    round,
    startedAt,
    durationSeconds: summary?.durationSeconds ?? 0,
    k6ExitCode: result.exitCode,
    thresholdsCrossed: result.thresholdsCrossed,
    valid: reasons.length === 0,
    ...(reasons.length ? { invalidReason: reasons.join('; ') } : {}),
    iterations: summary?.iterations ?? 0,
    droppedIterations: summary?.droppedIterations ?? 0,
    checks: summary?.checks ?? { passes: 0, fails: 0 },
    series: summary?.series ?? [],
    custom: summary?.custom ?? [],
    resources,
    k6Seconds: Math.round(result.seconds * 1000) / 1000,
    ...(measured ? { instance: measured } : {}),
    ...(instance.slot !== undefined ? { slot: instance.slot } : {}),
    ...(result.releasedAt ? { releasedAt: result.releasedAt } : {}),
    ...(result.warmupEnd ? { warmupEnd: result.warmupEnd } : {}),
    ...(hostCpuBusy !== null ? { hostCpuBusy } : {}),
    ...(hostCpuStolen !== null ? { hostCpuStolen } : {}),
    ...(foreignCpu !== null ? { foreignCpu } : {}),
    ...(machineProbe ? { machineProbe } : {}),
    ...(plan.cpus ? { cpus: plan.cpus } : {}),
    ...(plan.repeat ? { repeat: plan.repeat } : {}),
    ...(phase === 'measure' && plan.alternate ? { sliceArms: plan.alternate.of } : {}),
  }
  return { trial, ...(result.scriptError ? { scriptError: result.scriptError } : {}) }
}

/**
 * CPU seconds every arm's containers used in the trial: the measured arm's and the others'. Null
 * where any is unknown, or where the backend meters no containers (a URL target: the service may
 * run on this host outside any container the run knows, and its CPU would read as foreign).
 */
async function runContainerSeconds(
  sampling: ResourceSampling,
  resources: readonly ServiceResources[],
): Promise<number | null> {
  if (!sampling.otherArmsCpuSeconds || resources.length === 0) return null
  const own = resources.map((r) => r.cpuSeconds)
  const others = await sampling.otherArmsCpuSeconds().catch(() => null)
  if (others === null || own.some((s) => s === null)) return null
  return own.reduce<number>((sum, s) => sum + s!, others)
}

/**
 * A warm-up runs with `DURATION` set to the warm-up's length; a script that does not read it warms
 * up for a whole trial, which costs time and says nothing. Said once, from the first warm-up's
 * measured window (a second of slack for start-up and the last requests in flight).
 */
export function warmupIgnoredDuration(trial: Trial, warmupSeconds: number): string | null {
  if (trial.phase !== 'warmup' || warmupSeconds <= 0) return null
  if (trial.durationSeconds <= warmupSeconds * 1.5 + 1) return null
  return (
    `warning: the warm-up ran ${trial.durationSeconds.toFixed(1)} s although warmup is ${warmupSeconds} s: ` +
    "the k6 script does not read __ENV.DURATION, so every warm-up lasts a whole trial; write its scenarios' " +
    "duration as __ENV.DURATION || '30s' (docs/configuration.md#writing-a-k6-script-for-loadgate)"
  )
}

/** One line for the progress log: requests, errors and each endpoint's p50. */
export function summarizeTrial(trial: Trial): string {
  if (!trial.valid) return `INVALID — ${trial.invalidReason}`
  const series = requestSeries(trial)
  const requests = series.reduce((n, s) => n + s.requests, 0)
  const failed = series.reduce((n, s) => n + s.failed, 0)
  const p50s = series.map((s) => `${s.name} p50 ${s.latency ? s.latency.p50.toFixed(2) : '–'} ms`)
  const stolen =
    (trial.hostCpuStolen ?? 0) >= STOLEN_NOTE ? `; steal ${Math.round(trial.hostCpuStolen! * 100)}%` : ''
  return `${requests} requests, ${((failed / Math.max(1, requests)) * 100).toFixed(2)}% errors; ${p50s.join(', ')}${stolen}`
}
