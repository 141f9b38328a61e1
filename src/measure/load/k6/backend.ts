import path from 'node:path'
import { errorMessage } from '../../../util/errors'
import { requireFile } from '../../../util/require-file'
import type { LoadBackend, LoadTrialRequest, LoadTrialResult } from '../backend'
import { HeldK6, freeLoopbackPort } from './held'
import { locateK6, type K6 } from './install'
import { parseK6Output } from './parse'
import { runK6, SCRIPT_EXCEPTION } from './run'

const TRIAL_TIMEOUT_MS = 60 * 60 * 1000

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
}

export function createK6Backend(options: K6Options): LoadBackend {
  return new K6Backend(options)
}

/** One k6 process per trial, `--out json=…gz`, parsed as a stream. */
class K6Backend implements LoadBackend {
  readonly canHold = true
  private k6: K6 | null = null

  constructor(private readonly options: K6Options) {}

  async prepare(): Promise<{ version: string }> {
    this.k6 = await locateK6(this.options.version)
    await requireFile(this.options.workspace, this.options.script, 'k6-script', 'the checkout')
    return { version: this.k6.version }
  }

  async runTrial(request: LoadTrialRequest): Promise<LoadTrialResult> {
    if (!this.k6) throw new Error('k6 is not prepared')
    const outFile = path.join(this.options.outDir, `${request.name}.json.gz`)
    const started = performance.now()
    const held = request.held ? new HeldK6(await freeLoopbackPort()) : null
    const kill = new AbortController()
    const running = runK6(this.k6, {
      script: path.join(this.options.workspace, this.options.script),
      cwd: this.options.workspace,
      baseUrl: request.targetUrl,
      outFile,
      tags: { loadgate_arm: request.arm, loadgate_round: String(request.round) },
      env: request.env,
      timeoutMs: TRIAL_TIMEOUT_MS,
      args: this.options.segmentArgs,
      ...(held ? { heldAt: held.address, signal: kill.signal } : {}),
    })
    let releasedAt: string | undefined
    let releaseError = ''
    // k6 that exits before it is held has its own error; the schedule then releases the other arm.
    if (held && request.held && (await held.waitUntilHeld(running))) {
      await request
        .held(async () => {
          releasedAt = new Date().toISOString()
          await held.resume()
        })
        .catch((error: unknown) => {
          releaseError = `k6 could not be started at the start barrier: ${errorMessage(error)}`
          kill.abort()
        })
    }
    const exit = await running
    const seconds = (performance.now() - started) / 1000
    let parseError = ''
    const parsed = await parseK6Output(outFile, { discardSeconds: this.options.discardSeconds }).catch(
      (error: unknown) => {
        parseError = errorMessage(error)
        return null
      },
    )
    const problems = [
      releaseError,
      exit.error ?? '',
      !exit.error && !parsed ? `k6 wrote no readable results (${parseError})` : '',
      parsed && parsed.series.length === 0 && !exit.error ? 'k6 made no HTTP requests' : '',
    ].filter(Boolean)
    return {
      summary: parsed && {
        durationSeconds: parsed.durationSeconds,
        iterations: parsed.iterations,
        droppedIterations: parsed.droppedIterations,
        checks: parsed.checks,
        series: parsed.series,
        custom: parsed.custom,
      },
      rawOutput: outFile,
      exitCode: exit.code,
      thresholdsCrossed: exit.thresholdsCrossed,
      problems,
      seconds,
      ...(releasedAt ? { releasedAt } : {}),
      ...(exit.code === SCRIPT_EXCEPTION && exit.error ? { scriptError: exit.error } : {}),
    }
  }
}
