import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { writeResults } from '../model/results-file'
import type { ResultsFile } from '../model/types'
import { errorMessage, LoadgateError } from '../util/errors'
import { Git } from '../util/git'
import type { ArmInstances } from './arm-instances'
import { assertMeasuringTheHead } from './checkout'
import { initialResults } from './initial-results'
import type { MeasureOptions } from './options'
import { note, plainProgress, type ProgressEvent } from './progress'
import type { RuntimeChoices } from './runtime-choices'
import { runTiming } from './time-share'

/**
 * One benchmark's measurement as it is recorded: its results file, rewritten whenever something is
 * added to it (so what was measured survives any later failure), and its progress log.
 */
export class Measurement {
  /** Warm-ups finish side by side: their writes of the one file must not overlap. */
  private saved: Promise<void> = Promise.resolve()
  private stacksStartedAt: number | null = null
  private chosen: Pick<RuntimeChoices, 'warmupAuto' | 'idleArmAuto'> = {}

  private constructor(
    readonly results: ResultsFile,
    /** The benchmark's folder: the results file and every trial's raw output. */
    readonly dir: string,
    readonly resultsPath: string,
    readonly progress: (event: ProgressEvent) => void,
  ) {}

  /** Checks that the head is what is checked out, makes the benchmark's folder and writes the first results. */
  static async open(options: MeasureOptions): Promise<Measurement> {
    const { settings, bench } = options
    await assertMeasuringTheHead(new Git(settings.workspace), {
      event: options.meta.event,
      headSha: options.headSha,
    })
    const dir = path.join(settings.workDir, bench.name)
    await mkdir(dir, { recursive: true })
    const resultsPath = path.join(dir, 'results.json')
    const progress = plainProgress(options.onProgress ?? (() => {}))
    const results = await initialResults(options, new Git(settings.workspace))
    const measurement = new Measurement(results, dir, resultsPath, progress)
    await measurement.save()
    return measurement
  }

  /** A line of the log outside the trial count. */
  readonly say = (message: string): void => this.progress(note(message))

  /** Writes the results as they are now, after any write still under way. */
  save(): Promise<void> {
    this.saved = this.saved.catch(() => undefined).then(() => writeResults(this.resultsPath, this.results))
    return this.saved
  }

  /** The arms' stacks start now: the run's time is counted from here. */
  stacksStarting(): void {
    this.stacksStartedAt = Date.now()
  }

  /** What warmup auto and pause-idle-arm auto chose, recorded with the run's timing. */
  choseByRuntime(chosen: Pick<RuntimeChoices, 'warmupAuto' | 'idleArmAuto'>): void {
    this.chosen = chosen
  }

  /** Where the run's time went, once a trial has run (before profiling: the profile is not part of it). */
  recordTiming(): void {
    const timing = this.stacksStartedAt === null ? null : runTiming(this.results.trials, this.stacksStartedAt)
    if (timing) this.results.meta.timing = { ...timing, ...this.chosen }
  }

  /** Records why the measurement failed (in one line) and returns the error to throw. */
  failed(error: unknown): LoadgateError {
    this.recordTiming()
    this.results.error = oneLine(errorMessage(error))
    return error instanceof LoadgateError ? error : new LoadgateError(this.results.error)
  }

  /** Whatever happened: the finishing time saved, every arm stopped (what cannot be removed is said). */
  async finish(instances: ArmInstances): Promise<void> {
    this.results.meta.finishedAt = new Date().toISOString()
    await this.save().catch(() => undefined)
    await instances.stopAll((error) => this.say(`cleanup: ${errorMessage(error)}`))
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' | ').trim()
}
