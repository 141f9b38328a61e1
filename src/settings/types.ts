import type { HistorySettings } from './history-settings'
import type {
  ArmsUnderLoad,
  BaselineKind,
  ErraticSeries,
  FailOn,
  FreshInstances,
  MetricThreshold,
  TrialLength,
} from '../model/types'
import type { PauseIdleArm } from '../decide/idle-arm'
import type { ProfileMode } from '../model/profile'
import type { LoadSettings } from './load-backend'
import type { NotifySettings } from './notify'
import type { PassEnv } from './pass-env'

export type { RunMode } from './run-mode'
import type { RunMode } from './run-mode'
import type { Segment } from './segment'
import type { TargetSettings } from './target'

/** The validated settings of one run, read once from the inputs (or CLI flags) and loadgate.yml. */

export type CommentMode = 'on' | 'on-change' | 'unless-no-change' | 'off'
export type ReviewMode = 'off' | 'approve' | 'request-changes' | 'both'

export interface BenchmarkSettings {
  /** Benchmark name: `[A-Za-z0-9._-]+`, default the k6 script's file name without extension. */
  name: string
  composeFile: string
  service: string
  port: number
  /** Where `port` was set, as a settings error names it: 'port' (the input or flag), or 'loadgate.yml benchmarks[0] port'. */
  portInput?: string
  k6Script: string
  /** Extra environment variables passed to k6 (`__ENV`), from loadgate.yml only. */
  k6Env: Record<string, string>
  /** Shell command run in each arm's tree before the build (may be empty). */
  prepare: string
  thresholds: MetricThreshold[]
  /** Series that inform only, each with the reason the report shows. */
  erratic: ErraticSeries[]
}

/** Change-point watching of the recorded history (record mode). */
export interface ChangePointSettings {
  /** issue: one issue per lasting shift; off: not watched. */
  mode: 'issue' | 'off'
  maxP: number
  /** Relative, 0.05 = 5%. */
  minChange: number
  minRuns: number
}

export interface Settings {
  mode: RunMode
  baseline: BaselineKind
  /** Where the arms run: Compose stacks here, or deployed environments (`target: url`). */
  target: TargetSettings
  /** This job's share of the load (`segment: i/N`); null runs all of it. */
  segment: Segment | null
  /** mode merge: the folders the segment jobs' work-dirs were downloaded to. */
  segmentDirs: string[]
  /** Explicit base ref; empty means the PR's merge-base with its base branch. */
  baseRef: string
  /** A trusted run: the keys on which the head's loadgate.yml differs from the trusted branch's (not used). */
  ignoredHeadSettings: string[]
  k6Version: string
  /** The engine that generates the load. */
  load: LoadSettings
  /** The runner's variables `prepare` and Docker Compose get (`pass-env`), and those this job withholds. */
  passEnv: PassEnv
  minRounds: number
  maxRounds: number
  /** A warm-up's length; its cap when warmupUntilSteady. */
  warmupSeconds: number
  /** warmup steady: each warm-up ends once its latency is steady. */
  warmupUntilSteady: boolean
  /** warmup auto: every warm-up as long as the runtimes of the stack's processes need (decide/runtime-warmup.ts). */
  warmupByRuntime: boolean
  /** When each arm's stack is recreated: every round, once per run, or every N rounds. */
  freshInstances: FreshInstances
  /** Pause the arm not under load during each trial (one-at-a-time only); auto: unless it runs a JIT (decide/idle-arm.ts). */
  pauseIdleArm: PauseIdleArm
  /** Measured trials one arm at a time, both arms' at once (duet), or at once in alternating slices. */
  armsUnderLoad: ArmsUnderLoad
  /** Measured trials as long as the script says, or lengthened from round 4 on for a thin gated tail. */
  trialLength: TrialLength
  /** When the profiling pair runs after the verdict. */
  profile: ProfileMode
  discardSeconds: number
  /** Fraction 0..1. */
  maxErrorRate: number
  /** Fraction 0..1 of dropped iterations above which a trial is invalid. */
  maxDroppedRate: number
  githubToken: string
  ghPagesBranch: string
  /** Where the history is: the checkout's origin, another repository, or a local file. */
  history: HistorySettings
  dataDir: string
  comment: CommentMode
  status: boolean
  review: ReviewMode
  failOn: FailOn[]
  changePoints: ChangePointSettings
  /** The webhook and the people mentioned on shift issues. */
  notify: NotifySettings
  /** Keep the N newest runs in the derived history series (0 = all); run files are never deleted. */
  retention: number
  /** Directory for results files, k6 outputs and logs. */
  workDir: string
  /** Seed for the round order; recorded in results. */
  seed: number
  /** Workspace (the checkout of the head). */
  workspace: string
  /** The `report-file` input: the comparison artifact read by `mode: report`. */
  reportFile: string
  /** mode accept: the pull request label that accepts the head's blocked result. */
  acceptLabel: string
  /** A trusted run: the base branches a pull request may target besides the default branch. */
  trustedBases: string[]
  /** mode skip: why the gate did not run, in the status "Not run: <reason>". */
  skipReason: string
  /** The `calibration` input: a calibration.json that `mode: record` stores on the history branch ('' for none). */
  calibrationFile: string
  /** The `calibrate-budget` input in seconds: the longest a run may take (0: no budget). */
  calibrateBudgetSeconds: number
  benchmarks: BenchmarkSettings[]
  /** How results name a head that is not a commit (the CLI's working tree with uncommitted changes). */
  headLabel?: string
}
