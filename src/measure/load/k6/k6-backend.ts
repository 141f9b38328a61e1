import { createReadStream, createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { errorMessage } from '../../../util/errors'
import { requireFile } from '../../../util/require-file'
import { loadSummary, type LoadBackend, type LoadTrialRequest, type LoadTrialResult } from '../load-backend'
import { run } from '../../../util/exec'
import { SLICE_MS, whyNotAlternating, writeAlternateScript } from './alternate'
import { K6RestApi, STOPPED_THROUGH_API, freeLoopbackPort } from './rest-api'
import { SteadyWatch } from './steady-watch'
import { locateK6, type K6 } from './install'
import { parseK6Output } from './parse'
import { envArgs, k6Error, runK6, SCRIPT_EXCEPTION } from './run'

/** Until a trial has been timed, the longest any trial may run. */
const FIRST_TRIAL_TIMEOUT_MS = 60 * 60 * 1000
/** Later trials may run this many times the longest trial so far (never less than the floor) before k6 is stopped. */
const TRIAL_TIMEOUT_FACTOR = 5
const TRIAL_TIMEOUT_FLOOR_MS = 5 * 60 * 1000

export interface K6Options {
  /** The checkout of the head: both arms run its script, the same load against different code. */
  workspace: string
  /** The script, relative to the workspace. */
  script: string
  version: string
  discardSeconds: number
  outDir: string
  /** Flags that pick this machine's execution segment; none runs the whole load. */
  segmentArgs?: string[]
  /** Alternating: the slice length, SLICE_MS unless a bench compares others. */
  sliceMs?: number
}

export function createK6Backend(options: K6Options): LoadBackend {
  return new K6Backend(options)
}

/** One k6 process per trial, `--out json=…gz`, parsed as a stream. */
class K6Backend implements LoadBackend {
  readonly canHold = true
  private k6: K6 | null = null
  /** The longest trial that ended so far, in ms: a trial far longer than that is hung, not slow. */
  private longestTrialMs = 0
  /** Alternating: each arm slot's wrapper of the script, written once. */
  private readonly alternateScripts = new Map<string, Promise<string>>()

  constructor(private readonly options: K6Options) {}

  async prepare(): Promise<{ version: string }> {
    this.k6 = await locateK6(this.options.version)
    await requireFile(this.options.workspace, this.options.script, 'k6-script', 'the checkout')
    return { version: this.k6.version }
  }

  /** Reads the script's options as k6 does (`k6 inspect`, the benchmark's variables set). */
  async whyNotAlternating(env: Record<string, string>): Promise<string | null> {
    if (!this.k6) throw new Error('k6 is not prepared')
    const script = path.join(this.options.workspace, this.options.script)
    // Any loopback address will do: a script builds its URLs from BASE_URL, and inspect sends nothing.
    const target = { ...env, BASE_URL: 'http://127.0.0.1:9' }
    const args = ['inspect', '--include-system-env-vars=false', ...envArgs(target), script]
    try {
      const inspected = await run(this.k6.path, args, { cwd: this.options.workspace, timeoutMs: 60_000 })
      return whyNotAlternating(JSON.parse(inspected.stdout))
    } catch (error) {
      return `k6 inspect could not read the script's scenarios (${k6Error(errorMessage(error))})`
    }
  }

  async runTrial(request: LoadTrialRequest): Promise<LoadTrialResult> {
    if (!this.k6) throw new Error('k6 is not prepared')
    // A warm-up until steady is followed as it runs: plain JSON, and an API to stop it through.
    const outFile = path.join(this.options.outDir, `${request.name}.json${request.untilSteady ? '' : '.gz'}`)
    const started = performance.now()
    const held = request.held ? new K6RestApi(await freeLoopbackPort()) : null
    const stoppable = request.untilSteady ? new K6RestApi(await freeLoopbackPort()) : null
    const watch = stoppable && new SteadyWatch(outFile, () => stoppable.stop())
    const kill = new AbortController()
    const timeoutMs = this.longestTrialMs
      ? Math.max(TRIAL_TIMEOUT_FLOOR_MS, TRIAL_TIMEOUT_FACTOR * this.longestTrialMs)
      : FIRST_TRIAL_TIMEOUT_MS
    const running = runK6(this.k6, {
      script: await this.scriptFor(request),
      cwd: this.options.workspace,
      baseUrl: request.targetUrl,
      outFile,
      tags: { loadgate_arm: request.arm, loadgate_round: String(request.round) },
      env: request.env,
      timeoutMs,
      args: this.options.segmentArgs,
      ...(held ? { heldAt: held.address, signal: kill.signal } : {}),
      ...(stoppable ? { apiAt: stoppable.address } : {}),
      ...(request.cpus ? { cpus: request.cpus } : {}),
    })
    watch?.start()
    // k6 that exits before it is held has its own error; the schedule then releases the other arm.
    const { releasedAt, releaseError = '' } =
      held && request.held && (await held.waitUntilHeld(running))
        ? await releaseAtBarrier(held, request.held, kill)
        : {}
    const exit = await running
    const warmupEnd = await watch?.end()
    if (warmupEnd?.reason === 'steady' && exit.code === STOPPED_THROUGH_API) {
      exit.code = 0
      delete exit.error
    }
    const seconds = (performance.now() - started) / 1000
    if (exit.timedOut)
      exit.error = `k6 was stopped after ${Math.round(timeoutMs / 1000)} s, ${this.longestTrialMs ? `${TRIAL_TIMEOUT_FACTOR}× the longest trial so far` : 'the limit of a first trial'}: the trial hung`
    else this.longestTrialMs = Math.max(this.longestTrialMs, seconds * 1000)
    const activeShare = request.alternate ? 1 / request.alternate.of : undefined
    const { parsed, problems } = await this.parse(outFile, seconds, releaseError, exit.error, activeShare)
    return {
      summary: parsed && loadSummary(parsed),
      rawOutput: watch ? await compressed(outFile) : outFile,
      exitCode: exit.code,
      thresholdsCrossed: exit.thresholdsCrossed,
      problems,
      seconds,
      ...(releasedAt ? { releasedAt } : {}),
      ...(warmupEnd ? { warmupEnd } : {}),
      ...(exit.code === SCRIPT_EXCEPTION && exit.error ? { scriptError: exit.error } : {}),
    }
  }

  /** The user's script, or for an alternating trial the wrapper that puts its load in this arm's slices. */
  private scriptFor(request: LoadTrialRequest): Promise<string> {
    const script = path.join(this.options.workspace, this.options.script)
    if (!request.alternate) return Promise.resolve(script)
    const slices = { ...request.alternate, sliceMs: this.options.sliceMs ?? SLICE_MS }
    const key = `${slices.slot}/${slices.of}/${slices.sliceMs}`
    let written = this.alternateScripts.get(key)
    if (!written) {
      written = writeAlternateScript(this.options.outDir, script, slices)
      this.alternateScripts.set(key, written)
    }
    return written
  }

  /** The trial's output parsed, and what is wrong with the trial, k6's own errors first. */
  private async parse(
    outFile: string,
    seconds: number,
    releaseError: string,
    exitError?: string,
    activeShare?: number,
  ) {
    let parseError = ''
    const parsed = await parseK6Output(outFile, {
      discardSeconds: this.options.discardSeconds,
      runSeconds: seconds,
      ...(activeShare ? { activeShare } : {}),
    }).catch((error: unknown) => {
      parseError = errorMessage(error)
      return null
    })
    const problems = [
      releaseError,
      exitError ?? '',
      !exitError && !parsed ? `k6 wrote no readable results (${parseError})` : '',
      parsed && parsed.series.length === 0 && !exitError ? 'k6 made no HTTP requests' : '',
    ].filter(Boolean)
    return { parsed, problems }
  }
}

/**
 * Duet: waits for the round's start barrier, then starts the held k6's load. Where the barrier
 * fails, k6 is stopped and the trial says why.
 */
async function releaseAtBarrier(
  held: K6RestApi,
  barrier: NonNullable<LoadTrialRequest['held']>,
  kill: AbortController,
): Promise<{ releasedAt?: string; releaseError?: string }> {
  let releasedAt: string | undefined
  try {
    await barrier(async () => {
      releasedAt = new Date().toISOString()
      await held.resume()
    })
    return { releasedAt }
  } catch (error) {
    kill.abort()
    return {
      ...(releasedAt ? { releasedAt } : {}),
      releaseError: `k6 could not be started at the start barrier: ${errorMessage(error)}`,
    }
  }
}

/** A followed warm-up's plain output, gzipped like every other trial's (it runs to tens of MB). */
async function compressed(file: string): Promise<string> {
  try {
    await pipeline(createReadStream(file), createGzip(), createWriteStream(`${file}.gz`))
    await rm(file)
    return `${file}.gz`
  } catch {
    return file
  }
}
