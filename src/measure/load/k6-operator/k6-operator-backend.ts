import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { errorMessage, LoadgateError } from '../../../util/errors'
import { requireFile } from '../../../util/require-file'
import { loadSummary, type LoadBackend, type LoadTrialRequest, type LoadTrialResult } from '../load-backend'
import type { ParsedTrial } from '../k6/parse'
import { k6Error, SCRIPT_EXCEPTION } from '../k6/run'
import { collectOutputs, openClaim, runnerExits, waitForStage, type RunnerExit } from './collect'
import type { Kubectl } from './kubectl'
import { readerPodManifest, readerPodName, testRunName, trialManifests, type KubeObject } from './manifests'
import { mergeSegments } from './segment-merge'

const TRIAL_TIMEOUT_MS = 60 * 60 * 1000
const READER_TIMEOUT_MS = 3 * 60 * 1000
/** k6's exit codes that still leave a usable trial: success, and the script's thresholds crossed. */
const THRESHOLDS_CROSSED = 99

export interface K6OperatorOptions {
  workspace: string
  /** The script, relative to the workspace: one file, shipped to the runners in a ConfigMap. */
  script: string
  /** The k6 version of the runners' image (grafana/k6:<version>). */
  k6Version: string
  discardSeconds: number
  outDir: string
  namespace: string
  /** Runners per trial, each running one execution segment of the load. */
  parallelism: number
  /** The ReadWriteMany PersistentVolumeClaim the runners write their outputs to. */
  claim: string
  kubectl: Kubectl
  trialTimeoutMs?: number
}

export function createK6OperatorBackend(options: K6OperatorOptions): LoadBackend {
  return new K6OperatorBackend(options)
}

/** Experimental: one k6-operator TestRun per trial, its runners' outputs merged into one trial. */
class K6OperatorBackend implements LoadBackend {
  /** A TestRun's runners start on the operator's own schedule: no start barrier across two of them. */
  readonly canHold = false
  private script: { fileName: string; content: string } | null = null
  /** Keeps the object names of two runs in one namespace apart. */
  private readonly runId = randomBytes(3).toString('hex')

  constructor(private readonly options: K6OperatorOptions) {}

  async prepare(): Promise<{ version: string }> {
    const { workspace, script, kubectl, claim, namespace } = this.options
    await requireFile(workspace, script, 'k6-script', 'the checkout')
    await kubectl.serverVersion()
    if (!(await kubectl.get('persistentvolumeclaim', claim)))
      throw new LoadgateError(
        `Input 'k6-operator-claim' is '${claim}': no such PersistentVolumeClaim in namespace '${namespace}'`,
      )
    this.script = {
      fileName: path.basename(script),
      content: await readFile(path.join(workspace, script), 'utf8'),
    }
    return { version: this.options.k6Version }
  }

  async runTrial(request: LoadTrialRequest): Promise<LoadTrialResult> {
    if (!this.script) throw new Error('the k6-operator backend is not prepared')
    const { kubectl, namespace, parallelism, claim } = this.options
    const name = testRunName(this.runId, request.name)
    const rawDir = path.join(this.options.outDir, request.name)
    const manifests = this.manifests(name, request)
    const created: KubeObject[] = []
    const create = async (object: KubeObject): Promise<void> => {
      created.push(object)
      await kubectl.create(object)
    }
    const problems: string[] = []
    let runners: RunnerExit[] = []
    let files: string[] = []
    let scriptError: string | undefined
    const started = performance.now()
    try {
      await create(readerPodManifest(name, namespace, claim))
      await openClaim(kubectl, readerPodName(name), READER_TIMEOUT_MS)
      for (const object of [manifests.configMap, manifests.secret, manifests.testRun]) await create(object)
      const stage = await waitForStage(kubectl, name, this.options.trialTimeoutMs ?? TRIAL_TIMEOUT_MS)
      if (stage !== 'finished') problems.push(`the TestRun ${name} ended in stage '${stage}'`)
      runners = await runnerExits(kubectl, name)
      problems.push(...runnerProblems(runners, parallelism))
      // Read before the TestRun is deleted: its runner pods go with it.
      if (runners.length > 0 && runners.every((r) => r.exitCode === SCRIPT_EXCEPTION))
        scriptError = `k6 exited ${SCRIPT_EXCEPTION}: ${k6Error(await kubectl.logs(runners[0]!.pod).catch(() => ''))}`
      const collected = await collectOutputs(kubectl, readerPodName(name), runners, rawDir)
      files = collected.files
      problems.push(...collected.problems)
    } catch (error) {
      problems.push(errorMessage(error))
    } finally {
      problems.push(...(await deleteAll(kubectl, created)))
    }
    const seconds = (performance.now() - started) / 1000
    const rawOutput = path.join(this.options.outDir, `${request.name}.json.gz`)
    const parsed = await this.merge(files, rawOutput, problems)
    if (parsed && parsed.series.length === 0 && problems.length === 0)
      problems.push('k6 made no HTTP requests')
    const failed = runners.find((r) => r.exitCode !== 0 && r.exitCode !== THRESHOLDS_CROSSED)
    const exitCode = failed ? (failed.exitCode ?? -1) : runners.length > 0 ? (runners[0]!.exitCode ?? -1) : -1
    return {
      summary: parsed && loadSummary(parsed),
      rawOutput,
      exitCode,
      thresholdsCrossed: runners.some((r) => r.exitCode === THRESHOLDS_CROSSED),
      problems,
      seconds,
      ...(scriptError ? { scriptError } : {}),
    }
  }

  /** The trial's TestRun, with its script and variables. */
  private manifests(name: string, request: LoadTrialRequest) {
    const { namespace, parallelism, claim } = this.options
    return trialManifests({
      name,
      namespace,
      parallelism,
      script: this.script!,
      env: { ...request.env, BASE_URL: request.targetUrl },
      tags: { loadgate_arm: request.arm, loadgate_round: String(request.round) },
      image: `grafana/k6:${this.options.k6Version}`,
      claim,
    })
  }

  private async merge(files: string[], into: string, problems: string[]): Promise<ParsedTrial | null> {
    if (files.length === 0) return null
    try {
      return await mergeSegments(files, { discardSeconds: this.options.discardSeconds, into })
    } catch (error) {
      problems.push(`the runners' outputs could not be merged: ${errorMessage(error)}`)
      return null
    }
  }
}

function runnerProblems(runners: readonly RunnerExit[], parallelism: number): string[] {
  const problems = runners
    .filter((r) => r.exitCode !== 0 && r.exitCode !== THRESHOLDS_CROSSED)
    .map((r) =>
      r.exitCode === null
        ? `runner ${r.index} (${r.pod}) did not finish: ${r.reason}`
        : `runner ${r.index} (${r.pod}) exited ${r.exitCode}: ${r.reason}`,
    )
  if (runners.length !== parallelism)
    problems.push(`${runners.length} of ${parallelism} runners ran: the trial misses a segment of its load`)
  return problems
}

/** Deletes what the trial created, newest first; deleting the TestRun removes its runner jobs too. */
async function deleteAll(kubectl: Kubectl, created: readonly KubeObject[]): Promise<string[]> {
  const problems: string[] = []
  for (const object of [...created].reverse()) {
    await kubectl.delete(object.kind.toLowerCase(), object.metadata.name).catch((error: unknown) => {
      problems.push(`could not delete ${object.kind} ${object.metadata.name}: ${errorMessage(error)}`)
    })
  }
  return problems
}
