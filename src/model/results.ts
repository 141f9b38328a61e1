import { profileRecordingSchema } from './profile'
import { z } from 'zod'
import { erraticSeriesSchema, metricThresholdSchema } from './thresholds'
import { warmupEndSchema, runTimingSchema } from './run-timing'
import { finite, finiteOrNull, text } from './validation'

export { warmupEndSchema, runTimingSchema, type RunTiming, type WarmupEnd } from './run-timing'

export const RESULTS_SCHEMA_VERSION = 1

export const modeSchema = z.enum(['compare', 'record', 'report', 'calibrate'])
export type Mode = z.infer<typeof modeSchema>
export const baselineKindSchema = z.enum(['rerun', 'stored'])
export type BaselineKind = z.infer<typeof baselineKindSchema>
export const armSchema = z.enum(['base', 'head'])
export type Arm = z.infer<typeof armSchema>
export const phaseSchema = z.enum(['warmup', 'measure'])
export type Phase = z.infer<typeof phaseSchema>

/** When each arm's instance is recreated: before every round, never (one per run), or every N rounds. */
export const freshInstancesSchema = z.union([z.enum(['round', 'run']), z.number().int().min(2).max(200)])
export type FreshInstances = z.infer<typeof freshInstancesSchema>
/**
 * Measured trials one arm at a time (sequential), both arms' at once (duet), or both arms' k6
 * running at once with each arm's load on in alternate time slices (alternating).
 */
export const armsUnderLoadSchema = z.enum(['one-at-a-time', 'both', 'alternating'])
export type ArmsUnderLoad = z.infer<typeof armsUnderLoadSchema>

/** script: every trial as long as the script says; auto: lengthened from round 4 on (after rounds 1–3 give a firm figure) for a thin gated tail (p90, p95 or p99), up to maxSeconds. */
export const trialLengthSchema = z.object({
  mode: z.enum(['script', 'auto']),
  maxSeconds: z.number().positive().max(3600).optional(),
  /** The DURATION the measured trials ran with from `fromRound` on (auto, when it lengthened them). */
  lengthenedSeconds: z.number().positive().max(3600).optional(),
  /** 4 since auto decides on rounds 1–3; 2 in files written when it decided on round 1. */
  fromRound: z.number().int().min(2).optional(),
})
export type TrialLength = z.infer<typeof trialLengthSchema>

export const latencySummarySchema = z.object({
  /** Number of successful requests the summary is over. */
  count: finite,
  /** Milliseconds; percentiles with k6's interpolation i = p·(n−1). */
  p50: finite,
  p90: finite,
  p95: finite,
  p99: finite,
  mean: finite,
  min: finite,
  max: finite,
  /**
   * Milliseconds the p95 moves by chance alone: half the distance between the quantiles at
   * 0.95 ∓ √(0.95·0.05/count), one binomial SD of its rank either side. Absent in results files of 1.0.0.
   */
  p95RankNoise: finite.optional(),
  /** The same for p90 and p99 (absent in results files before p90 became the default gated tail). */
  p90RankNoise: finite.optional(),
  p99RankNoise: finite.optional(),
})
export type LatencySummary = z.infer<typeof latencySummarySchema>

/** What names a series in every document: trials, comparisons and stored runs. */
export const seriesIdentity = {
  /** `<scenario> <METHOD> <name>`, stable across runs; the unit of comparison. */
  key: text(1000),
  scenario: text(300),
  method: text(20),
  name: text(700),
}

export const seriesTrialSchema = z.object({
  ...seriesIdentity,
  requests: finite,
  failed: finite,
  /** Achieved requests per second over the measured window. */
  throughput: finite,
  /** failed / requests, 0..1. */
  errorRate: finite,
  /** Over successful requests only; null where none succeeded. */
  latency: latencySummarySchema.nullable(),
  /** HTTP status code → count ('0' = no response). */
  statusCodes: z.record(z.string(), finite),
})
/** One series (scenario × `name` tag × method) in one trial. */
export type SeriesTrial = z.infer<typeof seriesTrialSchema>

export const customMetricTypeSchema = z.enum(['trend', 'rate', 'counter', 'gauge'])
export type CustomMetricType = z.infer<typeof customMetricTypeSchema>

export const customMetricTrialSchema = z.object({
  name: text(300),
  type: customMetricTypeSchema,
  /** trend: count/p50/p90/p95/p99/mean/min/max; rate: value (fraction), count; counter: value (sum), rate (per s); gauge: value (last), min, max. */
  values: z.record(z.string(), finite),
})
export type CustomMetricTrial = z.infer<typeof customMetricTrialSchema>

export const serviceResourcesSchema = z.object({
  service: text(300),
  container: text(300),
  /** CPU seconds used during the trial. Null when it could not be measured. */
  cpuSeconds: finiteOrNull,
  peakMemoryBytes: finiteOrNull,
  restarts: finite,
  /** True when the container exited or restarted during the trial. */
  disrupted: z.boolean(),
})
export type ServiceResources = z.infer<typeof serviceResourcesSchema>

/** The same fixed work timed through a trial: its median on the clock and in CPU time, µs. */
export const machineProbeSchema = z.object({
  samples: z.number().int().min(0),
  wallMicros: finite,
  cpuMicros: finite,
})
export type MachineProbe = z.infer<typeof machineProbeSchema>

export const trialSchema = z.object({
  arm: armSchema,
  phase: phaseSchema,
  /** 1-based round; for a warm-up the round its new instance starts with, 0 for the run's first instance. */
  round: z.number().int().nonnegative(),
  startedAt: text(64),
  /** Seconds of the measured window (after discard). */
  durationSeconds: finite,
  k6ExitCode: z.number().int(),
  /** k6 exited 99: the script's own thresholds were crossed (reported, not hidden). */
  thresholdsCrossed: z.boolean(),
  valid: z.boolean(),
  /** Why the trial is invalid (k6's own error, a container restart, …). */
  invalidReason: text(2000).optional(),
  iterations: finite,
  droppedIterations: finite,
  checks: z.object({ passes: finite, fails: finite }),
  series: z.array(seriesTrialSchema),
  custom: z.array(customMetricTrialSchema),
  resources: z.array(serviceResourcesSchema),
  /** Wall-clock seconds of the k6 process (start-up included), for overhead accounting. */
  k6Seconds: finite.optional(),
  /** The arm's instance the trial measured (Compose: its container ids); absent where not known. */
  instance: z.array(text(100)).max(200).optional(),
  /** The stack slot (Compose project, network, names) the arm ran in: drawn per set of instances. */
  slot: z.number().int().min(0).max(1).optional(),
  /** warmup steady: when and why this warm-up ended. */
  warmupEnd: warmupEndSchema.optional(),
  /** Duet: when the start barrier released this arm's load (k6 started held, then resumed). */
  releasedAt: text(64).optional(),
  /** Fraction of the runner's CPU time busy in the trial (/proc/stat), over `cpus` where the arm had its own. */
  hostCpuBusy: z.number().min(0).max(1).optional(),
  /** Of that, the share the hypervisor gave to other guests (steal): a slower runner no process shows. */
  hostCpuStolen: z.number().min(0).max(1).optional(),
  /**
   * Share of the whole host's CPU time in the trial busy with neither the run (every arm's
   * containers, k6, loadgate, the container engine) nor steal: other jobs and neighbours.
   */
  foreignCpu: z.number().min(0).max(1).optional(),
  /** A measured trial's machine-speed probe (measure/machine-probe.ts); absent in duet and warm-ups. */
  machineProbe: machineProbeSchema.optional(),
  /**
   * The round was measured again (its two trials were disturbed beside the run) and this trial's
   * pair is not the round's last: kept as measured, left out of the comparison.
   */
  superseded: z.boolean().optional(),
  /** Which measurement of its round this trial belongs to: 1 for the first repeat (absent: the first). */
  repeat: z.number().int().min(1).max(100).optional(),
  /** Alternating: the arms whose slices shared this trial's span (its window is this many times its own). */
  sliceArms: z.number().int().min(2).max(16).optional(),
  /** Duet with the CPUs split: the CPUs the arm's containers, its k6 and its port proxy ran on. */
  cpus: z
    .string()
    .regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'a CPU list')
    .max(200)
    .optional(),
})
export type Trial = z.infer<typeof trialSchema>

export const commitInfoSchema = z.object({
  sha: z.string().regex(/^[0-9a-f]{7,64}$/, 'a hex commit id'),
  ref: text(300),
  message: text(20_000),
  author: text(300),
  timestamp: text(64),
})
export type CommitInfo = z.infer<typeof commitInfoSchema>

export const runMetaSchema = z.object({
  /** GitHub run id or a local id. */
  runId: text(100),
  runUrl: text(500),
  repository: text(200),
  event: text(100),
  pullRequest: z.number().int().positive().nullable(),
  base: commitInfoSchema.nullable(),
  head: commitInfoSchema,
  startedAt: text(64),
  finishedAt: text(64),
  runner: z.object({
    os: text(200),
    cpuModel: text(300),
    cores: finite,
    memoryBytes: finite,
    /** The hosted runner's image and version (ImageOS/ImageVersion), when the runner sets them. */
    image: text(200).optional(),
  }),
  versions: z.object({ loadgate: text(50), k6: text(50), docker: text(100), compose: text(100) }),
  hashes: z.object({ k6Script: text(100), composeFile: text(100) }),
  seed: finite,
  /** target url: where each arm ran (scheme, host and path; never credentials or a query). */
  targets: z.object({ base: text(2000).optional(), head: text(2000).optional() }).optional(),
  /**
   * A trusted run: the keys of the head's loadgate.yml that differ from the trusted branch's and
   * were not used (setting names only, so safe to show).
   */
  ignoredSettings: z
    .array(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/))
    .max(100)
    .optional(),
  /** segment i/N: this run measured one of N execution segments of the load, to be merged. */
  segment: z
    .object({ index: z.number().int().min(1), count: z.number().int().min(2) })
    .refine((s) => s.index <= s.count, 'a segment index at most the count')
    .optional(),
  timing: runTimingSchema.optional(),
  /**
   * The head's harness files the base tree lacked and was measured with (the pull request that
   * adopts loadgate): paths relative to the repository, shown escaped.
   */
  borrowedHarness: z.array(text(500)).max(50).optional(),
  /** Why the base could not be measured, when the head was measured alone (verdict NO_BASE). */
  baseUnmeasured: text(2000).optional(),
})
export type RunMeta = z.infer<typeof runMetaSchema>

export const resultsFileSchema = z.object({
  schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
  benchmark: text(64),
  mode: modeSchema,
  baseline: baselineKindSchema,
  meta: runMetaSchema,
  settings: z.object({
    minRounds: finite,
    maxRounds: finite,
    warmupSeconds: finite,
    /** warmup steady: warmupSeconds is the cap, and each warm-up ended once steady. */
    warmupUntilSteady: z.boolean().optional(),
    discardSeconds: finite,
    maxErrorRate: finite,
    maxDroppedRate: finite,
    thresholds: z.array(metricThresholdSchema),
    /** Series that inform only, with the reason (absent in files written before erratic existed). */
    erratic: z.array(erraticSeriesSchema).max(100).optional(),
    /** Benchmarks gated by the same job: the 5% false-alarm rate is shared among them. */
    benchmarks: z.number().int().min(1).max(100).optional(),
    /**
     * The instances as measured: 'round' means a fresh pair of instances in every round, 'run' one
     * pair for the whole run (what decide counts its instance pairs by). Absent in files written
     * before instances could be renewed, which kept one instance per arm: read as 'run'.
     */
    freshInstances: freshInstancesSchema.optional(),
    pauseIdleArm: z.boolean().optional(),
    /** one-at-a-time (sequential) or both (duet); absent in files written before duet existed. */
    armsUnderLoad: armsUnderLoadSchema.optional(),
    /** trial-length auto: the cap, and the DURATION the measured trials were lengthened to from `fromRound` on. */
    trialLength: trialLengthSchema.optional(),
    /** Why the arms could not be recreated or paused as the settings asked (target url). */
    instancesNote: text(500).optional(),
  }),
  /** Round order actually used, e.g. [['head','base'], ['base','head'], …]. */
  schedule: z.array(z.array(armSchema)),
  trials: z.array(trialSchema),
  /** Rounds whose trials found the runner's CPUs saturated (a note: the arms competed for the CPU). */
  saturation: z
    .object({
      rounds: z.array(z.number().int().nonnegative()).max(1000),
      maxCpuBusy: z.number().min(0).max(1),
    })
    .optional(),
  /**
   * Rounds measured again because their two trials were disturbed (decide/disturbance.ts): the
   * bounds, each repeat in the order it ran with the arms' new order, and the rounds still disturbed
   * when the bounds allowed no further repeat. Absent when no round was disturbed.
   */
  repeats: z
    .object({
      perRound: z.number().int().min(0).max(100),
      perRun: z.number().int().min(0).max(1000),
      rounds: z
        .array(z.object({ round: z.number().int().min(1), order: z.array(armSchema).max(2) }))
        .max(1000),
      exhausted: z.array(z.number().int().min(1)).max(1000),
    })
    .optional(),
  /** The profiling pair run after the verdict (profile input): both arms' stacks, or why there are none. */
  profile: profileRecordingSchema.optional(),
  /** Set when the run stopped early; trials measured before it are kept. */
  error: text(5000).optional(),
})
/** Everything one benchmark measured in one run: the `results-file` output. */
export type ResultsFile = z.infer<typeof resultsFileSchema>
