// The data contracts between loadgate's stages. Modules talk to each other only
// through these types; every document written to disk carries `schemaVersion`.

export const RESULTS_SCHEMA_VERSION = 1
export const COMPARISON_SCHEMA_VERSION = 1
export const RUN_RECORD_SCHEMA_VERSION = 2

export type Mode = 'compare' | 'record' | 'report'
export type BaselineKind = 'rerun' | 'stored'
export type Arm = 'base' | 'head'
export type Phase = 'warmup' | 'measure'

/** Per-metric verdict. */
export type MetricVerdict = 'REGRESSION' | 'IMPROVEMENT' | 'NO_CHANGE' | 'INCONCLUSIVE'
/** Overall verdict of a run: a metric verdict, or INVALID when the run cannot be trusted. */
export type Verdict = MetricVerdict | 'INVALID'

// ---------------------------------------------------------------- thresholds

export type Direction = 'lower' | 'higher'
/** Built-in per-series metrics. Custom k6 metrics are addressed as `custom:<name>` (Trend: `custom:<name>:p95`). */
export type BuiltinMetric =
  'p50' | 'p90' | 'p95' | 'p99' | 'mean' | 'max' | 'throughput' | 'error_rate' | 'checks'
export type MetricId = BuiltinMetric | `custom:${string}`

export type Comparator = '<' | '<=' | '>' | '>='

export interface AbsoluteTarget {
  comparator: Comparator
  /** In the metric's unit: ms for latency, req/s for throughput, fraction (0.005) for rates. */
  value: number
  /** The text the user wrote, e.g. `p95 < 300ms`, shown in reports. */
  source: string
}

export interface MetricThreshold {
  metric: MetricId
  /** Glob on the series key (`*` matches any run of characters); `*` = all series. */
  series: string
  direction: Direction
  /** Minimum effect worth reporting: relative fraction (0.05 = 5%) or, when `absolute`, a difference in the metric's unit (0.005 = 0.5 points). */
  delta: number
  absolute: boolean
  /** Gated metrics decide the verdict; others are reported only. */
  gate: boolean
  target?: AbsoluteTarget
}

export type FailOn = MetricVerdict | 'INVALID'

// ---------------------------------------------------------------- measurement

export interface LatencySummary {
  /** Number of successful requests the summary is over. */
  count: number
  /** Milliseconds; percentiles with k6's interpolation i = p·(n−1). */
  p50: number
  p90: number
  p95: number
  p99: number
  mean: number
  min: number
  max: number
}

/** One series (scenario × `name` tag × method) in one trial. */
export interface SeriesTrial {
  /** `<scenario> <METHOD> <name>`, stable across runs; the unit of comparison. */
  key: string
  scenario: string
  method: string
  name: string
  requests: number
  failed: number
  /** Achieved requests per second over the measured window. */
  throughput: number
  /** failed / requests, 0..1. */
  errorRate: number
  /** Over successful requests only; null where none succeeded. */
  latency: LatencySummary | null
  /** HTTP status code → count ('0' = no response). */
  statusCodes: Record<string, number>
}

export type CustomMetricType = 'trend' | 'rate' | 'counter' | 'gauge'

export interface CustomMetricTrial {
  name: string
  type: CustomMetricType
  /** trend: count/p50/p90/p95/p99/mean/min/max; rate: value (fraction), count; counter: value (sum), rate (per s); gauge: value (last), min, max. */
  values: Record<string, number>
}

export interface ServiceResources {
  service: string
  container: string
  /** CPU seconds used during the trial. Null when it could not be measured. */
  cpuSeconds: number | null
  peakMemoryBytes: number | null
  restarts: number
  /** True when the container exited or restarted during the trial. */
  disrupted: boolean
}

export interface Trial {
  arm: Arm
  phase: Phase
  /** 1-based round; 0 for warm-up. */
  round: number
  startedAt: string
  /** Seconds of the measured window (after discard). */
  durationSeconds: number
  k6ExitCode: number
  /** k6 exited 99: the script's own thresholds were crossed (reported, not hidden). */
  thresholdsCrossed: boolean
  valid: boolean
  /** Why the trial is invalid (k6's own error, a container restart, …). */
  invalidReason?: string
  iterations: number
  droppedIterations: number
  checks: { passes: number; fails: number }
  series: SeriesTrial[]
  custom: CustomMetricTrial[]
  resources: ServiceResources[]
  /** Wall-clock seconds of the k6 process (start-up included), for overhead accounting. */
  k6Seconds?: number
}

export interface CommitInfo {
  sha: string
  ref: string
  message: string
  author: string
  timestamp: string
}

export interface RunMeta {
  /** GitHub run id or a local id. */
  runId: string
  runUrl: string
  repository: string
  event: string
  pullRequest: number | null
  base: CommitInfo | null
  head: CommitInfo
  startedAt: string
  finishedAt: string
  runner: { os: string; cpuModel: string; cores: number; memoryBytes: number }
  versions: { loadgate: string; k6: string; docker: string; compose: string }
  hashes: { k6Script: string; composeFile: string }
  seed: number
}

/** Everything one benchmark measured in one run: the `results-file` output. */
export interface ResultsFile {
  schemaVersion: typeof RESULTS_SCHEMA_VERSION
  benchmark: string
  mode: Mode
  baseline: BaselineKind
  meta: RunMeta
  settings: {
    minRounds: number
    maxRounds: number
    warmupSeconds: number
    discardSeconds: number
    maxErrorRate: number
    maxDroppedRate: number
    thresholds: MetricThreshold[]
  }
  /** Round order actually used, e.g. [['head','base'], ['base','head'], …]. */
  schedule: Arm[][]
  trials: Trial[]
  /** Set when the run stopped early; trials measured before it are kept. */
  error?: string
}

// ---------------------------------------------------------------- decision

export interface Interval {
  low: number
  high: number
  /** Achieved confidence level (exact Wilcoxon intervals are discrete), e.g. 0.951. */
  level: number
}

export interface MetricComparison {
  metric: MetricId
  unit: 'ms' | 'req/s' | 'ratio' | 'count' | 'value'
  direction: Direction
  gate: boolean
  /** Medians over valid measured trials; null where not measured. */
  base: number | null
  head: number | null
  /** Relative change as a fraction (0.1 = +10%), or an absolute difference for `absolute` metrics. */
  change: number | null
  ci: Interval | null
  p: number | null
  /** Holm-adjusted p over the gated metrics of the run. */
  pAdjusted: number | null
  pairs: number
  delta: number
  absolute: boolean
  verdict: MetricVerdict
  /** Half-width of the CI in the change's unit: the smallest change this run could detect. */
  noiseFloor: number | null
  /** Plain-words reason, e.g. "fewer than 6 pairs can never be significant". */
  note?: string
  target?: AbsoluteTarget & { actual: number | null; pass: boolean | null }
}

export interface DispersionChange {
  /** Median over trials of p99/p50 per arm. */
  base: number | null
  head: number | null
  /** head/base ratio of the spreads. */
  ratio: number | null
  flagged: boolean
}

export interface SeriesComparison {
  key: string
  scenario: string
  method: string
  name: string
  metrics: MetricComparison[]
  dispersion: DispersionChange
  verdict: MetricVerdict
}

export interface ServiceComparison {
  service: string
  arm: Arm
  /** Medians over measured trials. */
  cpuSecondsPerRequest: number | null
  peakMemoryBytes: number | null
  restarts: number
}

export interface InvalidReason {
  arm: Arm | 'both'
  /** Machine-readable kind. */
  kind: 'error-rate' | 'dropped-iterations' | 'container' | 'trial-failed' | 'no-data'
  message: string
}

export interface Comparison {
  schemaVersion: typeof COMPARISON_SCHEMA_VERSION
  benchmark: string
  /** 'paired' = same-job A/B (the gate); 'stored' = head against stored history (cross-run). */
  kind: 'paired' | 'stored'
  verdict: Verdict
  /** True when `fail-on` names the verdict: the job fails and the status is failure. */
  blocking: boolean
  /** One line a reader gets in one second (plain text; escape before rendering). */
  headline: string
  invalid: InvalidReason[]
  rounds: number
  /** Significance level used per look (after the Pocock split when extended). */
  alpha: number
  extended: boolean
  series: SeriesComparison[]
  services: ServiceComparison[]
  meta: RunMeta
  /** Where the results file that produced this comparison was written. */
  resultsFile?: string
}

// ---------------------------------------------------------------- record

/** One immutable stored run (`data/<bench>/runs/YYYY/MM/<time>-<sha7>-<runid>.json`). */
export interface RunRecord {
  schemaVersion: typeof RUN_RECORD_SCHEMA_VERSION
  benchmark: string
  meta: RunMeta
  /** Branch the run was recorded for (e.g. main). */
  branch: string
  verdict: Verdict | null
  /** Compact per-series summary: medians over trials, with a 95% CI of the median. */
  series: Array<{
    key: string
    metrics: Record<string, { median: number; low: number | null; high: number | null }>
  }>
  /** Per-trial values of the head arm, kept for `baseline: stored`: key → metric → values. */
  trials: Record<string, Record<string, number[]>>
}
