import { seededRandom } from '../src/measure/schedule'
import { RUN_RECORD_SCHEMA_VERSION, type RunRecord } from '../src/model/types'

export interface StepSeriesOptions {
  runs: number
  /** Relative standard deviation of the noise (0.05 = 5%). */
  noise: number
  /** Steps: from run `at` on, the level is multiplied by 1 + `size`. */
  steps?: Array<{ at: number; size: number }>
  /** Runs whose value is multiplied by 1 + `size` alone (a one-off outlier). */
  outliers?: Array<{ at: number; size: number }>
  seed: number
  level?: number
}

/** A per-run median series: a level with Gaussian noise, known steps and outliers. */
export function stepSeries(options: StepSeriesOptions): number[] {
  const random = seededRandom(options.seed)
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  const values: number[] = []
  for (let i = 0; i < options.runs; i++) {
    let level = options.level ?? 100
    for (const step of options.steps ?? []) if (i >= step.at) level *= 1 + step.size
    const outlier = options.outliers?.find((o) => o.at === i)
    values.push(level * (1 + options.noise * gaussian()) * (1 + (outlier?.size ?? 0)))
  }
  return values
}

/** Run records of benchmark `api` on main, one per value, for series `key`'s p90 and p95 (p50 half of it). */
export function recordsOf(
  values: number[],
  options: {
    key?: string
    cpuFrom?: number
    shaOf?: (index: number) => string
    messageOf?: (i: number) => string
  } = {},
): RunRecord[] {
  return values.map((value, i) => {
    const time = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString()
    const sha = options.shaOf?.(i) ?? (i + 1).toString(16).padStart(40, 'b')
    return {
      schemaVersion: RUN_RECORD_SCHEMA_VERSION,
      benchmark: 'api',
      branch: 'main',
      verdict: null,
      meta: {
        runId: String(1000 + i),
        runUrl: `https://github.com/acme/shop/actions/runs/${1000 + i}`,
        repository: 'acme/shop',
        event: 'push',
        pullRequest: null,
        base: null,
        head: {
          sha,
          ref: 'main',
          message: options.messageOf?.(i) ?? `change ${i}`,
          author: 'Dev',
          timestamp: time,
        },
        startedAt: time,
        finishedAt: time,
        runner: {
          os: 'Linux 6.8.0 x64',
          cpuModel:
            options.cpuFrom !== undefined && i >= options.cpuFrom ? 'Intel Xeon 8370C' : 'AMD EPYC 7763',
          cores: 4,
          memoryBytes: 16e9,
        },
        versions: { loadgate: '0.1.0', k6: '1.8.1', docker: '28', compose: '2.40.3' },
        hashes: { k6Script: '', composeFile: '' },
        seed: 1,
      },
      series: [
        {
          key: options.key ?? 'api POST /orders',
          metrics: {
            p50: { median: value / 2, low: null, high: null },
            p90: { median: value, low: null, high: null },
            p95: { median: value, low: null, high: null },
          },
        },
      ],
      trials: {},
    }
  })
}
