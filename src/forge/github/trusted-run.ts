import { readFileSync } from 'node:fs'
import { LoadgateError } from '../../util/errors'
import type { TrustedRunTarget } from '../forge'

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

/**
 * A trusted run measures a fork's code, which can read the runner's Actions runtime token and so
 * write Actions cache entries for the branch the run was started on. Started on the default
 * branch, those entries would be restored by every other workflow there (and by pull requests):
 * it must be started on a branch of its own.
 */
export function refuseDefaultBranch(ref: string | undefined, defaultBranch: string | undefined): void {
  const branch = (ref ?? '').replace(/^refs\/heads\//, '')
  if (!defaultBranch || branch !== defaultBranch) return
  throw new LoadgateError(
    `The trusted run was started on the default branch '${defaultBranch.slice(0, 100)}': the fork's code it ` +
      'measures could write Actions cache entries that its other workflows restore; start it from a ' +
      "branch of its own (Run workflow → Use workflow from: e.g. 'loadgate-trusted')",
  )
}

export function readTrustedRunTarget(env: NodeJS.ProcessEnv = process.env): TrustedRunTarget | null {
  if (env.GITHUB_EVENT_NAME !== 'workflow_dispatch' || !env.GITHUB_EVENT_PATH) return null
  let inputs: Record<string, unknown>
  let defaultBranch: string | undefined
  try {
    const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as {
      inputs?: unknown
      repository?: { default_branch?: unknown }
    }
    inputs = (payload.inputs ?? {}) as Record<string, unknown>
    defaultBranch = String(payload.repository?.default_branch ?? '') || undefined
  } catch {
    return null
  }
  const pull = String(inputs['pull-request'] ?? '').trim()
  const sha = headShaInput(inputs)
  if (!pull && !sha) return null
  refuseDefaultBranch(env.GITHUB_REF, defaultBranch)
  if (!PULL_NUMBER.test(pull))
    throw new LoadgateError(`Workflow input 'pull-request' is '${pull.slice(0, 40)}': expected a PR number`)
  if (!COMMIT_SHA.test(sha))
    throw new LoadgateError(
      `Workflow input 'head-sha' is '${sha.slice(0, 64)}': expected the PR head's full 40-character commit sha`,
    )
  return { pullNumber: Number(pull), headSha: sha }
}
