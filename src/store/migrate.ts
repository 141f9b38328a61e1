import { RUN_RECORD_SCHEMA_VERSION, type RunRecord } from '../model/types'

/**
 * Run records as first written (schema 1): a flat commit, no run metadata, a single value per
 * metric and no per-trial values.
 */
interface RunRecordV1 {
  schemaVersion: 1
  benchmark: string
  branch: string
  time: string
  commit: { sha: string; message: string; author: string; timestamp: string }
  runner: string
  runId: string
  verdict: RunRecord['verdict']
  series: Array<{ key: string; metrics: Record<string, number> }>
}

/** Reads a stored run record of any known schema version; throws on unknown ones. */
export function migrateRunRecord(raw: unknown): RunRecord {
  const version = (raw as { schemaVersion?: unknown })?.schemaVersion
  if (version === RUN_RECORD_SCHEMA_VERSION) return raw as RunRecord
  if (version === 1) {
    const v1 = raw as RunRecordV1
    return {
      schemaVersion: RUN_RECORD_SCHEMA_VERSION,
      benchmark: v1.benchmark,
      branch: v1.branch,
      verdict: v1.verdict ?? null,
      meta: {
        runId: v1.runId,
        runUrl: '',
        repository: '',
        event: 'push',
        pullRequest: null,
        base: null,
        head: { ...v1.commit, ref: v1.branch },
        startedAt: v1.time,
        finishedAt: v1.time,
        runner: { os: '', cpuModel: v1.runner, cores: 0, memoryBytes: 0 },
        versions: { loadgate: '', k6: '', docker: '', compose: '' },
        hashes: { k6Script: '', composeFile: '' },
        seed: 0,
      },
      series: v1.series.map((s) => ({
        key: s.key,
        metrics: Object.fromEntries(
          Object.entries(s.metrics).map(([m, v]) => [m, { median: v, low: null, high: null }]),
        ),
      })),
      trials: {},
    }
  }
  throw new Error(`unknown run record schemaVersion ${JSON.stringify(version)}`)
}
