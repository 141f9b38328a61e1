// The data contracts between loadgate's stages. Modules talk to each other only through these
// types; every document written to disk carries `schemaVersion`. Each document is defined once, as
// a schema in the module named after it, and its type is inferred from that schema.

export type {
  BuiltinMetric,
  Comparator,
  Direction,
  FailOn,
  MetricId,
  MetricThreshold,
  AbsoluteTarget,
  ErraticSeries,
  MetricVerdict,
  OutcomeVerdict,
  Verdict,
} from './thresholds'
export { RESULTS_SCHEMA_VERSION } from './results'
export type {
  Arm,
  BaselineKind,
  CommitInfo,
  CustomMetricTrial,
  CustomMetricType,
  FreshInstances,
  ArmsUnderLoad,
  TrialLength,
  LatencySummary,
  MachineProbe,
  Mode,
  Phase,
  ResultsFile,
  RunMeta,
  RunTiming,
  WarmupEnd,
  SeriesTrial,
  ServiceResources,
  Trial,
} from './results'
export { COMPARISON_SCHEMA_VERSION } from './comparison'
export type {
  Comparison,
  DifferingRound,
  RepeatedRound,
  DispersionChange,
  Interval,
  InvalidReason,
  MetricComparison,
  RunnerLoad,
  SampleSize,
  SeriesComparison,
  ServiceComparison,
} from './comparison'
export { RUN_RECORD_SCHEMA_VERSION } from './run-record'
export type { RunRecord } from './run-record'
