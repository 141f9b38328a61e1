import type { Arm, Phase, Trial, WarmupEnd } from '../../model/types'

/** What the load generator measured in one trial: a Trial less what the system under test reports. */
export type LoadSummary = Pick<
  Trial,
  'durationSeconds' | 'iterations' | 'droppedIterations' | 'checks' | 'series' | 'custom'
>

/** What of a parsed output a trial keeps. */
export function loadSummary(parsed: LoadSummary): LoadSummary {
  const { durationSeconds, iterations, droppedIterations, checks, series, custom } = parsed
  return { durationSeconds, iterations, droppedIterations, checks, series, custom }
}

export interface LoadTrialRequest {
  arm: Arm
  phase: Phase
  /** 1-based round; 0 for warm-up. */
  round: number
  /** Where the arm under test listens. */
  targetUrl: string
  /** Stem of the raw output's file name, unique within the benchmark's folder. */
  name: string
  /** Variables for the script besides the target: the benchmark's own, and DURATION for a warm-up. */
  env: Record<string, string>
  /**
   * Duet: the generator is made ready and held, then this is called with what starts its load;
   * it resolves once the load has been started (the start barrier). Absent: the load starts at once.
   */
  held?: (release: () => Promise<void>) => Promise<void>
  /** Duet with the CPUs split: the CPU list the generator runs on (`taskset`). */
  cpus?: string
  /** A warm-up that ends once its latency is steady (decide/steady-warmup.ts); its DURATION is the cap. */
  untilSteady?: boolean
  /**
   * Alternating (held, like duet): this arm's load is on in the trial's time slices k with
   * k % of === slot and off in the others', over `of` times the script's duration.
   */
  alternate?: { slot: number; of: number }
}

export interface LoadTrialResult {
  /** Null when the generator left nothing readable. */
  summary: LoadSummary | null
  /** Path of the raw output, kept beside the results file. */
  rawOutput: string
  exitCode: number
  /** The script's own thresholds were crossed: reported, not hidden. */
  thresholdsCrossed: boolean
  /** Why the trial cannot be used (the generator's own error, unreadable output, no request made). */
  problems: string[]
  /**
   * Set when the script itself cannot run (it throws before any load): every further trial
   * would fail the same way, so the run stops here. The script's error, one line.
   */
  scriptError?: string
  /** Wall-clock seconds of the generator, start-up included. */
  seconds: number
  /** A held generator: when its load was released (ISO time). */
  releasedAt?: string
  /** A warm-up until steady: when and why it ended. */
  warmupEnd?: WarmupEnd
}

/** Generates the load of one trial against one arm and summarizes what it measured. */
export interface LoadBackend {
  /** The generator can be held and released (`LoadTrialRequest.held`): what duet needs. */
  readonly canHold: boolean
  /** Finds (or installs) the generator and checks the script; returns the version for the results. */
  prepare(): Promise<{ version: string }>
  runTrial(request: LoadTrialRequest): Promise<LoadTrialResult>
  /**
   * Why the script's load cannot alternate between the arms in time slices (`alternate`), or null
   * when it can; absent where the generator cannot alternate at all.
   */
  whyNotAlternating?(env: Record<string, string>): Promise<string | null>
}
