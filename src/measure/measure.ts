import { access, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { interruptSignal, track } from './cleanup'
import { errorMessage, LoadgateError } from '../util/errors'
import { run } from '../util/exec'
import { Git } from '../util/git'
import { locateK6, runK6, type K6 } from './load/k6/k6'
import { parseK6Output } from './load/k6/parse'
import { writeResults } from '../model/results-file'
import { describeRunner, sha256File } from './runner-info'
import { runSchedule } from './schedule'
import { ComposeStack, type ComposeContainer } from './sut/compose/stack'
import { ResourceSampler } from './sut/compose/resources'
import { addWorktree } from './sut/compose/worktree'
import {
  RESULTS_SCHEMA_VERSION,
  type Arm,
  type CommitInfo,
  type Phase,
  type ResultsFile,
  type RunMeta,
  type Trial,
} from '../model/types'
import type { BenchmarkSettings, Settings } from '../settings/types'
import { requestSeries } from '../model/metrics'

const STACK_START_TIMEOUT_SECONDS = 180
const TRIAL_TIMEOUT_MS = 60 * 60 * 1000

export interface ProgressEvent {
  message: string
  /** Trials finished and planned so far (warm-up included). */
  done: number
  planned: number
  /** Estimated seconds left, from the mean trial time so far. */
  etaSeconds: number | null
}

export interface MeasureOptions {
  settings: Settings
  bench: BenchmarkSettings
  /** ['base', 'head'] for compare, ['head'] for record. */
  arms: Arm[]
  /** The base commit; a worktree is made for it. */
  baseSha?: string
  /** The commit reported as head (the PR head); default HEAD of the workspace. */
  headSha?: string
  meta: Pick<RunMeta, 'runId' | 'runUrl' | 'repository' | 'event' | 'pullRequest'>
  /** Asked once after min-rounds; true runs on to max-rounds. */
  shouldExtend?: (partial: ResultsFile) => boolean
  onProgress?: (event: ProgressEvent) => void
  /** How long `compose up --wait` may take (default 180 s). */
  startTimeoutSeconds?: number
}

interface ArmTarget {
  tree: string
  url: string
  containers: ComposeContainer[]
}

/** A Docker Compose project name: lower case letters, digits, dashes. */
function projectName(runId: string, bench: string, arm: Arm): string {
  const clean = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  return `loadgate-${clean(runId).slice(0, 30)}-${clean(bench).slice(0, 20)}-${arm}`
}

async function commitInfo(git: Git, ref: string, label: string): Promise<CommitInfo> {
  const info = await git.commitInfo(ref)
  return { ...info, ref: label }
}

/**
 * Measures one benchmark: a stack per arm from its own tree, a warm-up per arm, then rounds in
 * seeded random order with one arm under load at a time. The results file is rewritten after
 * every trial, so what was measured survives any later failure; stacks and worktrees are
 * always removed.
 */
export async function measure(
  options: MeasureOptions,
): Promise<{ results: ResultsFile; resultsPath: string }> {
  const { settings, bench, arms } = options
  const dir = path.join(settings.workDir, bench.name)
  await mkdir(dir, { recursive: true })
  const resultsPath = path.join(dir, 'results.json')
  const git = new Git(settings.workspace)
  const progress = options.onProgress ?? (() => {})
  const results = await initialResults(options, git)
  const save = () => writeResults(resultsPath, results)
  await save()

  // Stacks come down together, then the worktrees that hold their compose files.
  const stackRemovers: Array<() => Promise<void>> = []
  const treeRemovers: Array<() => Promise<void>> = []
  const targets = new Map<Arm, ArmTarget>()
  try {
    const k6 = await locateK6(settings.k6Version)
    results.meta.versions.k6 = k6.version
    const trees = new Map<Arm, string>([['head', settings.workspace]])
    if (arms.includes('base')) {
      if (!options.baseSha) throw new LoadgateError('compare needs a base commit')
      const worktree = await addWorktree(git, options.baseSha)
      treeRemovers.push(
        track({ kind: 'worktree', id: worktree.dir, path: settings.workspace }, worktree.remove),
      )
      trees.set('base', worktree.dir)
    }
    await requireFile(settings.workspace, bench.k6Script, 'k6-script', 'the checkout')
    for (const arm of arms) {
      const tree = trees.get(arm)!
      const where = arm === 'base' ? `the base commit ${options.baseSha!.slice(0, 12)}` : 'the checkout'
      await requireFile(tree, bench.composeFile, 'compose-file', where)
      if (bench.prepare) await prepare(bench.prepare, tree, arm)
      const stack = new ComposeStack(
        projectName(options.meta.runId, bench.name, arm),
        path.join(tree, bench.composeFile),
      )
      stackRemovers.push(track({ kind: 'compose', id: stack.project, path: stack.file }, () => stack.down()))
      progress({ message: `starting ${arm} (${stack.project})`, done: 0, planned: 0, etaSeconds: null })
      await stack.up(options.startTimeoutSeconds ?? STACK_START_TIMEOUT_SECONDS, () => {})
      targets.set(arm, {
        tree,
        url: await stack.url(bench.service, bench.port),
        containers: await stack.containers(),
      })
    }

    const clock = trialClock(arms.length, settings)
    const trial = async (arm: Arm, phase: Phase, round: number) => {
      const label = phase === 'warmup' ? `warm-up ${arm}` : `round ${round} ${arm}`
      progress({ message: `${label} …`, ...clock.status() })
      const started = Date.now()
      const result = await runTrial(k6, options, targets.get(arm)!, arm, phase, round, dir)
      // A trial cut short by SIGINT/SIGTERM measured nothing: it is not recorded.
      const signal = interruptSignal()
      if (signal) throw new LoadgateError(`Interrupted by ${signal} during ${label}`)
      results.trials.push(result)
      await save()
      clock.finished(Date.now() - started)
      progress({ message: `${label}: ${summarizeTrial(result)}`, ...clock.status() })
    }

    await runSchedule({
      arms,
      minRounds: settings.minRounds,
      maxRounds: settings.maxRounds,
      warmup: settings.warmupSeconds > 0,
      seed: settings.seed,
      runTrial: ({ arm, phase, round }) => trial(arm, phase, round),
      onRound: (order) => results.schedule.push(order),
      shouldExtend: () => options.shouldExtend?.(results) ?? false,
      onExtend: (rounds) => {
        clock.extend(rounds - settings.minRounds)
        progress({
          message: `a gated metric is inconclusive after ${settings.minRounds} rounds: extending to ${rounds}`,
          ...clock.status(),
        })
      },
    })
    return { results, resultsPath }
  } catch (error) {
    results.error = oneLine(errorMessage(error))
    throw error instanceof LoadgateError ? error : new LoadgateError(results.error)
  } finally {
    results.meta.finishedAt = new Date().toISOString()
    await save().catch(() => undefined)
    const report = (error: unknown) =>
      progress({ message: `cleanup: ${errorMessage(error)}`, done: 0, planned: 0, etaSeconds: null })
    await Promise.all(stackRemovers.map((remove) => remove().catch(report)))
    for (const remove of treeRemovers) await remove().catch(report)
  }
}

async function initialResults(options: MeasureOptions, git: Git): Promise<ResultsFile> {
  const { settings, bench } = options
  const headRef =
    options.headSha && (await git.tryRun(['cat-file', '-e', `${options.headSha}^{commit}`])) !== null
  const head = await commitInfo(git, headRef ? options.headSha! : 'HEAD', 'head')
  if (options.headSha) head.sha = options.headSha
  const base = options.baseSha ? await commitInfo(git, options.baseSha, 'base') : null
  const [described, k6Script, composeFile] = await Promise.all([
    describeRunner('unknown'),
    sha256File(path.join(settings.workspace, bench.k6Script)).catch(() => ''),
    sha256File(path.join(settings.workspace, bench.composeFile)).catch(() => ''),
  ])
  const now = new Date().toISOString()
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    benchmark: bench.name,
    mode: settings.mode,
    baseline: settings.baseline,
    meta: {
      ...options.meta,
      base,
      head,
      startedAt: now,
      finishedAt: now,
      ...described,
      hashes: { k6Script, composeFile },
      seed: settings.seed,
    },
    settings: {
      minRounds: settings.minRounds,
      maxRounds: settings.maxRounds,
      warmupSeconds: settings.warmupSeconds,
      discardSeconds: settings.discardSeconds,
      maxErrorRate: settings.maxErrorRate,
      maxDroppedRate: settings.maxDroppedRate,
      thresholds: bench.thresholds,
    },
    schedule: [],
    trials: [],
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' | ').trim()
}

async function requireFile(tree: string, file: string, input: string, where: string): Promise<void> {
  try {
    await access(path.join(tree, file))
  } catch {
    throw new LoadgateError(`Input '${input}' is '${file}': no such file in ${where}`)
  }
}

async function prepare(command: string, tree: string, arm: Arm): Promise<void> {
  try {
    await run('bash', ['-c', command], { cwd: tree, timeoutMs: 30 * 60 * 1000 })
  } catch (error) {
    throw new LoadgateError(`Input 'prepare' failed in the ${arm} tree: ${errorMessage(error)}`)
  }
}

async function runTrial(
  k6: K6,
  options: MeasureOptions,
  target: ArmTarget,
  arm: Arm,
  phase: Phase,
  round: number,
  dir: string,
): Promise<Trial> {
  const { settings, bench } = options
  const name = phase === 'warmup' ? `warmup-${arm}` : `round-${String(round).padStart(2, '0')}-${arm}`
  const outFile = path.join(dir, `${name}.json.gz`)
  const sampler = new ResourceSampler(target.containers)
  // Read the counters while k6 starts up (it sends no request for its first second): saves a
  // second per trial, and both arms are measured the same way.
  const samplerStarted = sampler.start().then(
    () => '',
    (error: unknown) => `container state unreadable: ${errorMessage(error)}`,
  )
  const startedAt = new Date().toISOString()
  const k6Started = performance.now()
  // Both arms run the head's script: the same load against different code.
  const exit = await runK6(k6, {
    script: path.join(settings.workspace, bench.k6Script),
    cwd: settings.workspace,
    baseUrl: target.url,
    outFile,
    tags: { loadgate_arm: arm, loadgate_round: String(round) },
    env: { ...bench.k6Env, ...(phase === 'warmup' ? { DURATION: `${settings.warmupSeconds}s` } : {}) },
    timeoutMs: TRIAL_TIMEOUT_MS,
  })
  const k6Seconds = (performance.now() - k6Started) / 1000
  const samplerError = await samplerStarted
  const resources = await sampler.stop()
  let parseError = ''
  const parsed = await parseK6Output(outFile, { discardSeconds: settings.discardSeconds }).catch(
    (error: unknown) => {
      parseError = errorMessage(error)
      return null
    },
  )
  const disrupted = resources.filter((r) => r.disrupted).map((r) => r.service)
  const reasons = [
    exit.error,
    samplerError,
    disrupted.length ? `container ${disrupted.join(', ')} restarted or stopped during the trial` : '',
    !exit.error && !parsed ? `k6 wrote no readable results (${parseError})` : '',
    parsed && parsed.series.length === 0 && !exit.error ? 'k6 made no HTTP requests' : '',
  ].filter(Boolean)
  return {
    arm,
    phase,
    round,
    startedAt,
    durationSeconds: parsed?.durationSeconds ?? 0,
    k6ExitCode: exit.code,
    thresholdsCrossed: exit.thresholdsCrossed,
    valid: reasons.length === 0,
    ...(reasons.length ? { invalidReason: reasons.join('; ') } : {}),
    iterations: parsed?.iterations ?? 0,
    droppedIterations: parsed?.droppedIterations ?? 0,
    checks: parsed?.checks ?? { passes: 0, fails: 0 },
    series: parsed?.series ?? [],
    custom: parsed?.custom ?? [],
    resources,
    k6Seconds: Math.round(k6Seconds * 1000) / 1000,
  }
}

function summarizeTrial(trial: Trial): string {
  if (!trial.valid) return `INVALID — ${trial.invalidReason}`
  const requests = requestSeries(trial).reduce((n, s) => n + s.requests, 0)
  const failed = requestSeries(trial).reduce((n, s) => n + s.failed, 0)
  const p50s = requestSeries(trial).map(
    (s) => `${s.name} p50 ${s.latency ? s.latency.p50.toFixed(2) : '–'} ms`,
  )
  return `${requests} requests, ${((failed / Math.max(1, requests)) * 100).toFixed(2)}% errors; ${p50s.join(', ')}`
}

/** Counts trials and estimates the time left from the mean trial time so far. */
function trialClock(arms: number, settings: Settings) {
  let planned = arms * (settings.minRounds + (settings.warmupSeconds > 0 ? 1 : 0))
  let done = 0
  let spentMs = 0
  return {
    finished(ms: number) {
      done++
      spentMs += ms
    },
    extend(rounds: number) {
      planned += arms * rounds
    },
    status(): Pick<ProgressEvent, 'done' | 'planned' | 'etaSeconds'> {
      return {
        done,
        planned,
        etaSeconds: done > 0 ? Math.round(((planned - done) * spentMs) / done / 1000) : null,
      }
    },
  }
}
