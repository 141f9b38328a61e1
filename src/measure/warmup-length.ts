import { chooseWarmup, warmupChoiceText, type WarmupChoice } from '../decide/runtime-warmup'
import type { Settings } from '../settings/types'
import type { ArmInstances } from './arm-instances'
import { readProcessSigns } from './process-signs'

/**
 * The length of every warm-up of this run: the setting's, or under warmup auto the one the
 * runtimes of both arms' processes need (read once both arms run; the longer wins, so a head that
 * moves to a JIT runtime warms up as long as that runtime needs), said in the log.
 */
export async function warmupLength(
  settings: Pick<Settings, 'warmupSeconds' | 'warmupByRuntime'>,
  instances: Pick<ArmInstances, 'processes'>,
  say: (message: string) => void,
): Promise<{ seconds: number; choice?: WarmupChoice }> {
  if (!settings.warmupByRuntime) return { seconds: settings.warmupSeconds }
  const pids = await instances.processes()
  const choice = chooseWarmup(pids && (await readProcessSigns(pids)))
  say(warmupChoiceText(choice))
  return { seconds: choice.seconds, choice }
}
