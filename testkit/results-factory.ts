import { resolveThresholds } from '../src/settings/thresholds'
import {
  RESULTS_SCHEMA_VERSION,
  type Arm,
  type FreshInstances,
  type MetricThreshold,
  type ResultsFile,
  type SeriesTrial,
  type Trial,
} from '../src/model/types'

export interface ArmShape {
  /** Median latency in ms; p90/p95/p99 derive from it with `spread`. */
  p50: number
  /** p99 / p50. */
  spread?: number
  throughput?: number
  errorRate?: number
  statusCode?: string
  valid?: boolean
  disrupted?: boolean
  droppedIterations?: number
}

export interface FactoryOptions {
  rounds: number
  minRounds?: number
  maxRounds?: number
  series?: string[]
  thresholds?: MetricThreshold[]
  maxErrorRate?: number
  /** The instances as measured: a fresh pair every round (the default) unless said. */
  freshInstances?: FreshInstances
  base: (round: number, series: string) => ArmShape
  head: (round: number, series: string) => ArmShape
}

function seriesTrial(key: string, shape: ArmShape): SeriesTrial {
  const [scenario = 'api', method = 'GET', ...rest] = key.split(' ')
  const requests = Math.round((shape.throughput ?? 100) * 10)
  const failed = Math.round(requests * (shape.errorRate ?? 0))
  const spread = shape.spread ?? 2
  const p99 = shape.p50 * spread
  return {
    key,
    scenario,
    method,
    name: `${method} ${rest.join(' ')}`,
    requests,
    failed,
    throughput: shape.throughput ?? 100,
    errorRate: requests ? failed / requests : 0,
    latency:
      failed === requests
        ? null
        : {
            count: requests - failed,
            p50: shape.p50,
            p90: shape.p50 * (1 + (spread - 1) * 0.5),
            p95: shape.p50 * (1 + (spread - 1) * 0.7),
            p99,
            mean: shape.p50 * 1.1,
            min: shape.p50 * 0.5,
            max: p99 * 1.5,
          },
    statusCodes: { '200': requests - failed, ...(failed ? { [shape.statusCode ?? '500']: failed } : {}) },
  }
}

function trial(arm: Arm, round: number, keys: string[], shape: (key: string) => ArmShape): Trial {
  const shapes = keys.map(shape)
  const first = shapes[0]!
  return {
    arm,
    phase: 'measure',
    round,
    startedAt: new Date(Date.UTC(2026, 10, 1, 0, round)).toISOString(),
    durationSeconds: 10,
    k6ExitCode: first.valid === false ? 107 : 0,
    thresholdsCrossed: false,
    valid: first.valid !== false && !first.disrupted,
    ...(first.valid === false
      ? { invalidReason: 'k6 exited 107: script error' }
      : first.disrupted
        ? { invalidReason: 'container api restarted or stopped during the trial' }
        : {}),
    iterations: 1000,
    droppedIterations: first.droppedIterations ?? 0,
    checks: { passes: 1000, fails: 0 },
    series: keys.map((k, i) => seriesTrial(k, shapes[i]!)),
    custom: [],
    resources: [
      {
        service: 'api',
        container: `c-${arm}`,
        cpuSeconds: 1.5,
        peakMemoryBytes: 20e6,
        restarts: first.disrupted ? 1 : 0,
        disrupted: !!first.disrupted,
      },
    ],
  }
}

/** A ResultsFile whose per-round values come from the given functions: no Docker, no k6. */
export function makeResults(options: FactoryOptions): ResultsFile {
  const keys = options.series ?? ['api GET /items/:id']
  const trials: Trial[] = []
  const schedule: Arm[][] = []
  for (let round = 1; round <= options.rounds; round++) {
    schedule.push(['base', 'head'])
    trials.push(trial('base', round, keys, (k) => options.base(round, k)))
    trials.push(trial('head', round, keys, (k) => options.head(round, k)))
  }
  const commit = (sha: string) => ({
    sha,
    ref: sha === 'a'.repeat(40) ? 'base' : 'head',
    message: 'change',
    author: 'dev',
    timestamp: '2026-11-01T00:00:00Z',
  })
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    benchmark: 'api',
    mode: 'compare',
    baseline: 'rerun',
    meta: {
      runId: '1',
      runUrl: '',
      repository: 'acme/shop',
      event: 'pull_request',
      pullRequest: 7,
      base: commit('a'.repeat(40)),
      head: commit('b'.repeat(40)),
      startedAt: '2026-11-01T00:00:00Z',
      finishedAt: '2026-11-01T00:10:00Z',
      runner: { os: 'Linux', cpuModel: 'test cpu', cores: 2, memoryBytes: 8e9 },
      versions: { loadgate: '0.1.0', k6: '1.8.1', docker: '28', compose: '2.40.3' },
      hashes: { k6Script: 'x', composeFile: 'y' },
      seed: 1,
    },
    settings: {
      minRounds: options.minRounds ?? options.rounds,
      maxRounds: options.maxRounds ?? options.rounds,
      warmupSeconds: 0,
      discardSeconds: 0,
      maxErrorRate: options.maxErrorRate ?? 0.01,
      maxDroppedRate: 0.01,
      thresholds: resolveThresholds(options.thresholds ?? []),
      freshInstances: options.freshInstances ?? 'round',
    },
    schedule,
    trials,
  }
}

/** Deterministic noise in [−amplitude, +amplitude] for round r (and a salt per arm/series). */
export function wobble(round: number, amplitude: number, salt = 0): number {
  const x = Math.sin(round * 12.9898 + salt * 78.233) * 43758.5453
  return (x - Math.floor(x) - 0.5) * 2 * amplitude
}

/**
 * What `record` measures for run `index` of main (head only, after any generated history): every
 * round `head`, a commit and a start time of its own, so each run is a new run file.
 */
export function makeRecordResults(index: number, head: ArmShape, series = 'api POST /orders'): ResultsFile {
  const results = makeResults({ rounds: 3, series: [series], base: () => head, head: () => head })
  results.mode = 'record'
  results.trials = results.trials.filter((t) => t.arm === 'head')
  results.schedule = results.schedule.map(() => ['head'])
  results.meta = {
    ...results.meta,
    runId: String(2000 + index),
    runUrl: `https://github.com/acme/shop/actions/runs/${2000 + index}`,
    startedAt: new Date(Date.UTC(2026, 1, 1, index)).toISOString(),
    base: null,
    head: {
      ...results.meta.head,
      sha: (0xc0 + index).toString(16).padStart(40, 'c'),
      message: 'deps @mallory',
    },
  }
  return results
}
