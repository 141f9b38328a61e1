import type { Arm } from '../../../model/types'
import type { PassEnv } from '../../../settings/pass-env'
import { errorMessage, LoadgateError } from '../../../util/errors'
import { passedEnv, run } from '../../../util/exec'

const PREPARE_TIMEOUT_MS = 30 * 60 * 1000

/**
 * What `prepare` and Docker Compose get beyond exec.ts's allow-list: the variables `pass-env`
 * names, with their values as the runner has them now (k6 and git never get them).
 */
export function buildEnv(passEnv: PassEnv): Record<string, string> {
  return passedEnv(passEnv.names)
}

/** The one line saying which named variables this job withholds from the build, and why; null when none. */
export function withheldNote(passEnv: PassEnv): string | null {
  if (passEnv.withheld.length === 0) return null
  return `pass-env: ${passEnv.withheld.join(', ')} not passed to the build: ${passEnv.withheldBecause}`
}

/** Runs `prepare` at the root of the arm's tree. */
export async function prepare(
  command: string,
  tree: string,
  arm: Arm,
  env: Record<string, string>,
): Promise<void> {
  try {
    await run('bash', ['-c', command], { cwd: tree, env, timeoutMs: PREPARE_TIMEOUT_MS })
  } catch (error) {
    throw new LoadgateError(`Input 'prepare' failed in the ${arm} tree: ${errorMessage(error)}`)
  }
}
