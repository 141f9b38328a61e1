import type { ArmsUnderLoad } from '../model/types'
import type { BenchmarkSettings } from '../settings/types'
import { LoadgateError } from '../util/errors'
import type { LoadBackend } from './load'

/**
 * arms-under-load alternating needs a script whose load can be put into time slices (every
 * scenario a constant-arrival-rate): refused in one line before any stack starts where it cannot.
 */
export async function requireAlternatingScript(
  mode: ArmsUnderLoad,
  load: Pick<LoadBackend, 'whyNotAlternating'>,
  bench: Pick<BenchmarkSettings, 'k6Env'>,
): Promise<void> {
  if (mode !== 'alternating') return
  const why = load.whyNotAlternating
    ? await load.whyNotAlternating(bench.k6Env)
    : 'the load generator cannot alternate the arms'
  if (why !== null) throw new LoadgateError(`Input 'arms-under-load' is 'alternating': ${why}`)
}
