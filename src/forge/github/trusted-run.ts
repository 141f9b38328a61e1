import { readFileSync } from 'node:fs'
import { LoadgateError } from '../../util/errors'
import type { TrustedRunTarget } from '../backend'

const PULL_NUMBER = /^[1-9]\d{0,9}$/
export const COMMIT_SHA = /^[0-9a-f]{40}$/

/**
 * The trusted run's target from a `workflow_dispatch` payload: only a maintainer (write access)
 * can dispatch, and the workflow file comes from the base repository, so these inputs are trusted.
 * Any other event, or a dispatch without the inputs, is no trusted run.
 */
/** The dispatch's `head-sha` input, normalised (it is checked where it matters). */
export function headShaInput(inputs: Record<string, unknown> | undefined): string {
  return String(inputs?.['head-sha'] ?? '')
    .trim()
    .toLowerCase()
}

export function readTrustedRunTarget(env: NodeJS.ProcessEnv = process.env): TrustedRunTarget | null {
  if (env.GITHUB_EVENT_NAME !== 'workflow_dispatch' || !env.GITHUB_EVENT_PATH) return null
  let inputs: Record<string, unknown>
  try {
    const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as { inputs?: unknown }
    inputs = (payload.inputs ?? {}) as Record<string, unknown>
  } catch {
    return null
  }
  const pull = String(inputs['pull-request'] ?? '').trim()
  const sha = headShaInput(inputs)
  if (!pull && !sha) return null
  if (!PULL_NUMBER.test(pull))
    throw new LoadgateError(`Workflow input 'pull-request' is '${pull.slice(0, 40)}': expected a PR number`)
  if (!COMMIT_SHA.test(sha))
    throw new LoadgateError(
      `Workflow input 'head-sha' is '${sha.slice(0, 64)}': expected the PR head's full 40-character commit sha`,
    )
  return { pullNumber: Number(pull), headSha: sha }
}
