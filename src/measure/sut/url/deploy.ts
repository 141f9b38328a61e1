import type { Arm } from '../../../model/types'
import { recordedAddress, targetUrl } from '../../../settings/target'
import { errorMessage, LoadgateError } from '../../../util/errors'
import { run } from '../../../util/exec'

const DEPLOY_TIMEOUT_MS = 30 * 60 * 1000

/**
 * The environment of deploy and teardown: the step's own (they need the platform's credentials),
 * less the action's inputs and the runner's tokens, which they have no use for.
 */
function commandEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^(INPUT_|ACTIONS_)/.test(name) || name === 'GITHUB_TOKEN') continue
    env[name] = value
  }
  return { ...env, ...extra }
}

/** Runs `deploy` for one arm; its last line of output is the arm's URL. */
export async function deployArm(command: string, arm: Arm, cwd: string, baseSha: string): Promise<string> {
  let stdout: string
  try {
    stdout = (
      await run('bash', ['-c', command], {
        cwd,
        env: commandEnv({ LOADGATE_ARM: arm, LOADGATE_BASE_SHA: baseSha }),
        timeoutMs: DEPLOY_TIMEOUT_MS,
      })
    ).stdout
  } catch (error) {
    throw new LoadgateError(`Input 'deploy' failed for the ${arm} arm: ${errorMessage(error)}`)
  }
  const line = stdout.trim().split('\n').at(-1)?.trim() ?? ''
  if (!line) {
    throw new LoadgateError(
      `Input 'deploy' printed nothing for the ${arm} arm: expected the environment's URL as its last line`,
    )
  }
  return targetUrl(`deploy (${arm} arm)`, line)
}

/** Runs `teardown` for one deployed arm. */
export async function tearDownArm(command: string, arm: Arm, cwd: string, url: string): Promise<void> {
  try {
    await run('bash', ['-c', command], {
      cwd,
      env: commandEnv({ LOADGATE_ARM: arm, LOADGATE_URL: url }),
      timeoutMs: DEPLOY_TIMEOUT_MS,
      cleanup: true,
    })
  } catch (error) {
    throw new LoadgateError(
      `Input 'teardown' failed for the ${arm} arm at ${recordedAddress(url)}: ${errorMessage(error)}`,
    )
  }
}
