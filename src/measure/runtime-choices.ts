import { choosePauseIdleArm, idleArmChoiceText, type IdleArmChoice } from '../decide/idle-arm'
import { chooseWarmup, warmupChoiceText, type WarmupChoice } from '../decide/runtime-warmup'
import type { Settings } from '../settings/types'
import type { ArmInstances } from './arm-instances'
import { readProcessSigns } from './process-signs'

/** What the run does by the runtimes of its arms' processes. */
export interface RuntimeChoices {
  warmupSeconds: number
  /** warmup auto: the length chosen, and from which processes. */
  warmupAuto?: WarmupChoice
  /** pause-idle-arm auto, where an arm is idle and can be paused: whether it is. */
  idleArmAuto?: IdleArmChoice
}

/**
 * Reads both arms' processes once their first instances run, where warmup auto or pause-idle-arm
 * auto asks, and chooses by their runtimes: the warm-up the slowest to warm needs (a head that
 * moves to a JIT runtime warms up as long as that runtime needs), and whether the idle arm is
 * paused. Each choice is said in the log; the pause is applied to `instances`.
 */
export async function chooseByRuntime(
  settings: Pick<Settings, 'warmupSeconds' | 'warmupByRuntime' | 'pauseIdleArm'>,
  instances: Pick<ArmInstances, 'processes' | 'canPauseIdleArm' | 'choosePause'>,
  say: (message: string) => void,
): Promise<RuntimeChoices> {
  const pauseByRuntime = settings.pauseIdleArm === 'auto' && instances.canPauseIdleArm()
  if (!settings.warmupByRuntime && !pauseByRuntime) return { warmupSeconds: settings.warmupSeconds }
  const pids = await instances.processes()
  const signs = pids && (await readProcessSigns(pids))
  const choices: RuntimeChoices = { warmupSeconds: settings.warmupSeconds }
  if (pauseByRuntime) {
    choices.idleArmAuto = choosePauseIdleArm(signs)
    instances.choosePause(choices.idleArmAuto.pause)
    say(idleArmChoiceText(choices.idleArmAuto))
  }
  if (settings.warmupByRuntime) {
    choices.warmupAuto = chooseWarmup(signs)
    choices.warmupSeconds = choices.warmupAuto.seconds
    say(warmupChoiceText(choices.warmupAuto))
  }
  return choices
}
