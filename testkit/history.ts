import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  buildDerived,
  buildIndexFile,
  copySite,
  rebuildDerived,
  runFileName,
  writeDerived,
} from '../src/store'
import { commitToHistory, removeCheckout } from '../src/store/history-commit'
import { Git } from '../src/util/git'
import type { RunsFile, SeriesColumnsFile } from '../src/store/derive'
import { RUN_RECORD_SCHEMA_VERSION, type RunRecord } from '../src/model/types'
import { wobble } from './results-factory'
import { shiftFinder } from '../src/modes/change-points'

export interface HistoryOptions {
  runs: number
  series: string[]
  benchmarks?: string[]
  /** Message of the run with this index (default `change N`). */
  message?: (index: number) => string
  /** Commit of the run with this index (default the index in hex, padded with `a`). */
  sha?: (index: number) => string
  /** Time between runs (default an hour). */
  spacingMs?: number
  /** Throughput median of the run with this index (default about 100/s). */
  throughput?: (index: number) => number
}

/** A generated history (run records → derived files) with the dashboard, written to `dir`. */
export async function writeHistory(dir: string, options: HistoryOptions): Promise<void> {
  const files = []
  for (const benchmark of options.benchmarks ?? ['api']) {
    const records: RunRecord[] = []
    for (let i = 0; i < options.runs; i++) {
      const time = new Date(Date.UTC(2026, 0, 1) + i * (options.spacingMs ?? 3_600_000)).toISOString()
      const step = i > options.runs * 0.6 ? 1.25 : 1
      records.push({
        schemaVersion: RUN_RECORD_SCHEMA_VERSION,
        benchmark,
        branch: i % 5 === 0 ? 'release' : 'main',
        verdict: i === Math.floor(options.runs * 0.6) + 1 ? 'REGRESSION' : i === 3 ? 'INVALID' : null,
        meta: {
          runId: String(i),
          runUrl: `https://github.com/acme/shop/actions/runs/${i}`,
          repository: 'acme/shop',
          event: 'push',
          pullRequest: null,
          base: null,
          head: {
            sha: options.sha?.(i) ?? i.toString(16).padStart(40, 'a'),
            ref: 'head',
            message: options.message?.(i) ?? `change ${i}`,
            author: 'Dev <one>',
            timestamp: time,
          },
          startedAt: time,
          finishedAt: time,
          runner: { os: 'Linux x64', cpuModel: 'AMD EPYC', cores: 2, memoryBytes: 8e9 },
          versions: { loadgate: '0.1.0', k6: '1.8.1', docker: '28', compose: '2.40.3' },
          hashes: { k6Script: '', composeFile: '' },
          seed: 1,
        },
        series: options.series.map((key, s) => {
          const p50 = (4 + s) * step * (1 + wobble(i, 0.05, s))
          return {
            key,
            metrics: {
              p50: { median: p50, low: p50 * 0.95, high: p50 * 1.05 },
              p90: { median: p50 * 1.6, low: p50 * 1.5, high: p50 * 1.75 },
              p95: { median: p50 * 2, low: p50 * 1.85, high: p50 * 2.2 },
              p99: { median: p50 * 3, low: null, high: null },
              throughput: {
                median: options.throughput?.(i) ?? 100 * (1 + wobble(i, 0.02, s + 9)),
                low: null,
                high: null,
              },
              error_rate: { median: i === 3 ? 0.06 : 0, low: null, high: null },
            },
          }
        }),
        trials: {},
      })
    }
    const derived = buildDerived(benchmark, records, shiftFinder())
    files.push(derived)
    await writeDerived(path.join(dir, 'data', benchmark), derived)
  }
  await writeFile(path.join(dir, 'data', 'index.json'), JSON.stringify(buildIndexFile(files)))
  await copySite(dir)
}

/** A benchmark's derived chart data as the dashboard reads it: runs.json and every series file. */
export async function readDerived(
  root: string,
  benchmark: string,
): Promise<{ runs: RunsFile; series: Record<string, SeriesColumnsFile> }> {
  const dir = path.join(root, 'data', benchmark)
  const runs = JSON.parse(await readFile(path.join(dir, 'runs.json'), 'utf8')) as RunsFile
  const series: Record<string, SeriesColumnsFile> = {}
  for (const { key, file } of runs.series)
    series[key] = JSON.parse(await readFile(path.join(dir, 'series', file), 'utf8')) as SeriesColumnsFile
  return { runs, series }
}

/**
 * Pushes `records` to the gh-pages branch of `workspace`'s origin in one commit, as that many
 * recorded runs would have left it (run files, derived files, badges, dashboard): a long history
 * in a fraction of a second.
 */
export async function pushHistory(
  workspace: string,
  records: RunRecord[],
  dataDir = 'loadgate',
): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-seed-'))
  const tree = path.join(scratch, 'tree')
  try {
    const outcome = await commitToHistory(
      { workspace, remote: 'origin', branch: 'gh-pages', tree },
      `seed ${records.length} runs`,
      async (checkout) => {
        const root = path.join(checkout, dataDir)
        for (const record of records) {
          const file = path.join(root, 'data', record.benchmark, 'runs', runFileName(record))
          await mkdir(path.dirname(file), { recursive: true })
          await writeFile(file, `${JSON.stringify(record)}\n`)
        }
        await rebuildDerived(root, shiftFinder())
      },
    )
    if (!outcome.pushed) throw new Error(`could not seed the history: ${outcome.error}`)
  } finally {
    await removeCheckout(new Git(workspace), tree)
    await rm(scratch, { recursive: true, force: true })
  }
}
