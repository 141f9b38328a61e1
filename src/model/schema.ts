import { z } from 'zod'
import { BENCHMARK_NAME } from './names'
import { COMPARISON_SCHEMA_VERSION, RESULTS_SCHEMA_VERSION } from './types'

// Runtime schemas of the documents loadgate reads back: results files and comparison artifacts
// (which may come from a fork's run and are untrusted). Strings are bounded so a hostile
// artifact cannot blow up a comment.

const text = (max = 1000) => z.string().max(max)
const num = z.number().finite()
const nullableNum = num.nullable()
const arm = z.enum(['base', 'head'])
const metricVerdict = z.enum(['REGRESSION', 'IMPROVEMENT', 'NO_CHANGE', 'INCONCLUSIVE'])
const verdict = z.enum(['REGRESSION', 'IMPROVEMENT', 'NO_CHANGE', 'INCONCLUSIVE', 'INVALID'])

const commit = z.object({
  sha: z.string().regex(/^[0-9a-f]{7,64}$/, 'a hex commit id'),
  ref: text(300),
  message: text(20_000),
  author: text(300),
  timestamp: text(64),
})

export const runMetaSchema = z.object({
  runId: text(100),
  runUrl: text(500),
  repository: text(200),
  event: text(100),
  pullRequest: z.number().int().positive().nullable(),
  base: commit.nullable(),
  head: commit,
  startedAt: text(64),
  finishedAt: text(64),
  runner: z.object({ os: text(200), cpuModel: text(300), cores: num, memoryBytes: num }),
  versions: z.object({ loadgate: text(50), k6: text(50), docker: text(100), compose: text(100) }),
  hashes: z.object({ k6Script: text(100), composeFile: text(100) }),
  seed: num,
})

const target = z.object({
  comparator: z.enum(['<', '<=', '>', '>=']),
  value: num,
  source: text(200),
})

const threshold = z.object({
  metric: text(200),
  series: text(500),
  direction: z.enum(['lower', 'higher']),
  delta: num,
  absolute: z.boolean(),
  gate: z.boolean(),
  target: target.optional(),
})

const latency = z.object({
  count: num,
  p50: num,
  p90: num,
  p95: num,
  p99: num,
  mean: num,
  min: num,
  max: num,
})

const trial = z.object({
  arm,
  phase: z.enum(['warmup', 'measure']),
  round: z.number().int().nonnegative(),
  startedAt: text(64),
  durationSeconds: num,
  k6ExitCode: z.number().int(),
  thresholdsCrossed: z.boolean(),
  valid: z.boolean(),
  invalidReason: text(2000).optional(),
  iterations: num,
  droppedIterations: num,
  checks: z.object({ passes: num, fails: num }),
  series: z.array(
    z.object({
      key: text(1000),
      scenario: text(300),
      method: text(20),
      name: text(700),
      requests: num,
      failed: num,
      throughput: num,
      errorRate: num,
      latency: latency.nullable(),
      statusCodes: z.record(z.string(), num),
    }),
  ),
  custom: z.array(
    z.object({
      name: text(300),
      type: z.enum(['trend', 'rate', 'counter', 'gauge']),
      values: z.record(z.string(), num),
    }),
  ),
  resources: z.array(
    z.object({
      service: text(300),
      container: text(300),
      cpuSeconds: nullableNum,
      peakMemoryBytes: nullableNum,
      restarts: num,
      disrupted: z.boolean(),
    }),
  ),
  k6Seconds: num.optional(),
})

export const resultsFileSchema = z.object({
  schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
  benchmark: text(64),
  mode: z.enum(['compare', 'record', 'report']),
  baseline: z.enum(['rerun', 'stored']),
  meta: runMetaSchema,
  settings: z.object({
    minRounds: num,
    maxRounds: num,
    warmupSeconds: num,
    discardSeconds: num,
    maxErrorRate: num,
    maxDroppedRate: num,
    thresholds: z.array(threshold),
  }),
  schedule: z.array(z.array(arm)),
  trials: z.array(trial),
  error: text(5000).optional(),
})

const interval = z.object({ low: num, high: num, level: num })

const metricComparison = z.object({
  metric: text(200),
  unit: z.enum(['ms', 'req/s', 'ratio', 'count', 'value']),
  direction: z.enum(['lower', 'higher']),
  gate: z.boolean(),
  base: nullableNum,
  head: nullableNum,
  change: nullableNum,
  ci: interval.nullable(),
  p: nullableNum,
  pAdjusted: nullableNum,
  pairs: num,
  delta: num,
  absolute: z.boolean(),
  verdict: metricVerdict,
  noiseFloor: nullableNum,
  note: text(1000).optional(),
  target: target.extend({ actual: nullableNum, pass: z.boolean().nullable() }).optional(),
})

export const comparisonSchema = z.object({
  schemaVersion: z.literal(COMPARISON_SCHEMA_VERSION),
  benchmark: z.string().regex(BENCHMARK_NAME, 'a benchmark name'),
  kind: z.enum(['paired', 'stored']),
  verdict,
  blocking: z.boolean(),
  headline: text(1000),
  invalid: z
    .array(
      z.object({
        arm: z.enum(['base', 'head', 'both']),
        kind: z.enum(['error-rate', 'dropped-iterations', 'container', 'trial-failed', 'no-data']),
        message: text(1000),
      }),
    )
    .max(100),
  rounds: num,
  alpha: num,
  extended: z.boolean(),
  series: z
    .array(
      z.object({
        key: text(1000),
        scenario: text(300),
        method: text(20),
        name: text(700),
        metrics: z.array(metricComparison).max(100),
        dispersion: z.object({
          base: nullableNum,
          head: nullableNum,
          ratio: nullableNum,
          flagged: z.boolean(),
        }),
        verdict: metricVerdict,
      }),
    )
    .max(2000),
  services: z
    .array(
      z.object({
        service: text(300),
        arm,
        cpuSecondsPerRequest: nullableNum,
        peakMemoryBytes: nullableNum,
        restarts: num,
      }),
    )
    .max(200),
  meta: runMetaSchema,
  resultsFile: text(2000).optional(),
})

/** The first problem of a failed parse as `field.path: message`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid document'
  const where = issue.path.length ? issue.path.join('.') : '(top level)'
  return `${where}: ${issue.message}`
}
