import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PullRequestInfo, RunContext } from '../forge'
import { readTrustedRunTarget } from './trusted-run'

export type Payload = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** The event payload GitHub wrote for this run; {} when there is none or it cannot be read. */
export function readPayload(file: string | undefined): Payload {
  if (!file) return {}
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Payload
  } catch {
    return {}
  }
}

export function readRunContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  const payload = readPayload(env.GITHUB_EVENT_PATH)
  const eventName = env.GITHUB_EVENT_NAME ?? ''
  const repository = env.GITHUB_REPOSITORY ?? payload.repository?.full_name ?? ''
  const [owner = '', repo = ''] = repository.split('/')
  const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/$/, '')
  const runId = env.GITHUB_RUN_ID ?? `local-${Date.now().toString(36)}`
  const pr = payload.pull_request
  const pullRequest: PullRequestInfo | null = pr
    ? {
        number: Number(pr.number),
        baseRef: String(pr.base?.ref ?? ''),
        baseSha: String(pr.base?.sha ?? ''),
        headSha: String(pr.head?.sha ?? ''),
        headRef: String(pr.head?.ref ?? ''),
      }
    : null
  const headRepo = pr?.head?.repo?.full_name
  const workflowRun = payload.workflow_run
  const headSha =
    pullRequest?.headSha ||
    workflowRun?.head_sha ||
    // A maintainer's trusted run measures the head they named, not GITHUB_SHA (the trusted branch).
    readTrustedRunTarget(env)?.headSha ||
    env.GITHUB_SHA ||
    ''
  const refName =
    env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || (env.GITHUB_REF ?? '').replace(/^refs\/heads\//, '')
  return {
    eventName,
    repository,
    owner,
    repo,
    serverUrl,
    apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, ''),
    runId,
    runUrl: repository && env.GITHUB_RUN_ID ? `${serverUrl}/${repository}/actions/runs/${runId}` : '',
    workspace: path.resolve(env.GITHUB_WORKSPACE ?? process.cwd()),
    headSha,
    branch: pullRequest?.headRef || workflowRun?.head_branch || refName,
    headRepository: headRepositoryOf(pr, workflowRun, repository),
    defaultBranch: String(payload.repository?.default_branch ?? 'main'),
    pullRequest,
    fromFork: Boolean(pr && headRepo && headRepo !== repository),
    tempDir: env.RUNNER_TEMP ?? os.tmpdir(),
  }
}

/** Where the head commit comes from: the PR's head repository, the workflow_run's, or this one (push). */
function headRepositoryOf(
  pr: Payload | undefined,
  workflowRun: Payload | undefined,
  repository: string,
): string {
  if (pr) return String(pr.head?.repo?.full_name ?? '')
  if (workflowRun) return String(workflowRun.head_repository?.full_name ?? '')
  return repository
}
