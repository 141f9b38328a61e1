import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { errorMessage } from '../../../util/errors'
import type { Kubectl } from './kubectl'
import { OUTPUT_MOUNT, runnerOutputPath } from './manifests'

/** `status.stage` values after which the TestRun does nothing more. */
const FINAL_STAGES = new Set(['finished', 'error'])
const POLL_MS = 2000

export interface RunnerExit {
  /** The runner's pod, which names its output file on the claim. */
  pod: string
  /** 1-based runner index (the operator's job `<testrun>-<index>`). */
  index: number
  /** Null while the runner has not terminated (or never started). */
  exitCode: number | null
  reason: string
}

export async function waitForStage(
  kubectl: Kubectl,
  name: string,
  timeoutMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const testRun = await kubectl.get('testrun', name)
    if (!testRun) return 'deleted'
    const stage = (testRun.status as { stage?: string } | undefined)?.stage ?? ''
    if (FINAL_STAGES.has(stage)) return stage
    if (Date.now() >= deadline) return `still '${stage || 'unknown'}' after ${Math.round(timeoutMs / 1000)} s`
    await sleep(POLL_MS)
  }
}

interface PodJson {
  metadata?: { name?: string; labels?: Record<string, string> }
  status?: {
    phase?: string
    containerStatuses?: Array<{
      name?: string
      state?: { terminated?: { exitCode?: number; reason?: string; message?: string } }
    }>
  }
}

/** The runner pods of a TestRun (the operator labels them `k6_cr=<name>`, `runner=true`). */
export async function runnerExits(kubectl: Kubectl, name: string): Promise<RunnerExit[]> {
  const pods = (await kubectl.list('pods', `k6_cr=${name},runner=true`)) as PodJson[]
  return pods
    .map((pod) => {
      const podName = pod.metadata?.name ?? ''
      const job = pod.metadata?.labels?.['job-name'] ?? podName
      const index = Number(/-(\d+)$/.exec(job)?.[1] ?? Number.NaN)
      const k6 = pod.status?.containerStatuses?.find((c) => c.name === 'k6')
      const terminated = k6?.state?.terminated
      return {
        pod: podName,
        index,
        exitCode: terminated?.exitCode ?? null,
        reason: terminated?.message?.trim() || terminated?.reason || pod.status?.phase || 'unknown',
      }
    })
    .sort((a, b) => a.index - b.index)
}

/** Waits for the reader pod, then lets every user write to the claim's root (sticky, like /tmp). */
export async function openClaim(kubectl: Kubectl, pod: string, timeoutMs: number): Promise<void> {
  await waitForPod(kubectl, pod, timeoutMs)
  await kubectl.exec(pod, ['chmod', '1777', OUTPUT_MOUNT])
}

async function waitForPod(kubectl: Kubectl, pod: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const phase = ((await kubectl.get('pod', pod))?.status as { phase?: string } | undefined)?.phase
    if (phase === 'Running') return
    if (phase === 'Failed' || phase === 'Succeeded' || Date.now() >= deadline)
      throw new Error(`the pod ${pod} that reads the output claim is '${phase ?? 'missing'}', not running`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/**
 * Copies each runner's output off the claim through the reader pod into `dir`, then removes it from
 * the claim. A runner whose output cannot be copied is named in `problems`, never skipped silently.
 */
export async function collectOutputs(
  kubectl: Kubectl,
  reader: string,
  runners: readonly RunnerExit[],
  dir: string,
): Promise<{ files: string[]; problems: string[] }> {
  await mkdir(dir, { recursive: true })
  const files: string[] = []
  const problems: string[] = []
  for (const runner of runners) {
    const local = path.join(dir, `runner-${runner.index}.json.gz`)
    try {
      await kubectl.copyFrom(reader, runnerOutputPath(runner.pod), local)
      files.push(local)
    } catch (error) {
      problems.push(`runner ${runner.index} (${runner.pod}) left no readable output: ${errorMessage(error)}`)
    }
  }
  const outputs = runners.map((runner) => runnerOutputPath(runner.pod))
  if (outputs.length > 0) await kubectl.exec(reader, ['rm', '-f', ...outputs]).catch(() => undefined)
  return { files, problems }
}
