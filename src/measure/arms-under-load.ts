import type { ArmsUnderLoad } from '../model/types'
import type { LoadBackend } from './load'
import type { MeasureOptions } from './options'

/**
 * arms-under-load auto: alternating where two arms are measured and the load generator can put
 * the script's load into time slices (every scenario a constant-arrival-rate), so that other work
 * on the runner lands on both arms of a round (docs/statistics.md#alternating-arms); one arm at a
 * time otherwise, with the reason said once. A mode that was set is kept as it is.
 */
export async function chooseArmsUnderLoad(
  mode: ArmsUnderLoad | 'auto',
  load: Pick<LoadBackend, 'canHold' | 'whyNotAlternating'>,
  options: Pick<MeasureOptions, 'arms' | 'bench'>,
  say: (message: string) => void,
): Promise<ArmsUnderLoad> {
  if (mode !== 'auto') return mode
  if (options.arms.length < 2) return 'one-at-a-time'
  const why =
    load.canHold && load.whyNotAlternating
      ? await load.whyNotAlternating(options.bench.k6Env)
      : 'the load generator cannot start two arms at a barrier'
  if (why === null) {
    say(
      "arms-under-load auto: alternating - each round's two arms run at once, each arm's load on in its own " +
        '100-ms slices, so work that shares the runner lands on both arms of the round',
    )
    return 'alternating'
  }
  say(`arms-under-load auto: one-at-a-time - the arms cannot alternate: ${why}`)
  return 'one-at-a-time'
}
