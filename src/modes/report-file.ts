import { readFile } from 'node:fs/promises'
import { compareResults, failsOn } from '../decide'
import { readComparisonArtifact } from '../model/comparison-file'
import { readResults } from '../model/results-file'
import type { Comparison, ResultsFile } from '../model/types'
import type { BenchmarkSettings, Settings } from '../settings/types'
import { LoadgateError } from '../util/errors'

/** What `report-file` held: raw trials (decided here) or a comparison another run decided. */
export type ReportInput =
  | { kind: 'results'; benchmark: string; results: ResultsFile }
  | { kind: 'comparison'; benchmark: string; comparison: Comparison }

/** A results.json (it has trials) or a comparison.json, validated either way. */
export async function readReportInput(settings: Settings): Promise<ReportInput> {
  const isResults = await readFile(settings.reportFile, 'utf8')
    .then((text) => Array.isArray((JSON.parse(text) as { trials?: unknown }).trials))
    .catch(() => false)
  if (isResults) {
    const results = await readResults(settings.reportFile)
    return { kind: 'results', benchmark: results.benchmark, results }
  }
  const comparison = await readComparisonArtifact(settings.reportFile)
  return { kind: 'comparison', benchmark: comparison.benchmark, comparison }
}

/**
 * This workflow's own configuration of the benchmark the file speaks about. The file is untrusted:
 * it may not pick the status context (`loadgate/<benchmark>`), so an unconfigured name is refused.
 */
export function configuredBenchmark(settings: Settings, benchmark: string): BenchmarkSettings {
  const names = settings.benchmarks.map((b) => b.name)
  if (names.length === 0) {
    throw new LoadgateError(
      "Input 'k6-script' is empty: mode report needs the benchmark as the PR workflow configures it " +
        '(k6-script, name and thresholds, or benchmarks in loadgate.yml) to check the report against',
    )
  }
  const bench = settings.benchmarks.find((b) => b.name === benchmark)
  if (!bench) {
    throw new LoadgateError(
      `Input 'report-file' reports benchmark '${benchmark.slice(0, 64)}', but this workflow configures ` +
        `${names.map((n) => `'${n}'`).join(', ')}: refusing to report it`,
    )
  }
  return bench
}

/**
 * The verdict from raw trials under this workflow's settings: its thresholds, error and dropped
 * limits, rounds and fail-on replace whatever the measuring run wrote into the file.
 */
export function decideUnderOwnSettings(
  results: ResultsFile,
  settings: Settings,
  bench: BenchmarkSettings,
): Comparison {
  const own: ResultsFile = {
    ...results,
    settings: {
      ...results.settings,
      minRounds: settings.minRounds,
      maxRounds: settings.maxRounds,
      maxErrorRate: settings.maxErrorRate,
      maxDroppedRate: settings.maxDroppedRate,
      thresholds: bench.thresholds,
      erratic: bench.erratic,
      benchmarks: settings.benchmarks.length,
    },
  }
  return compareResults(own, { failOn: settings.failOn })
}

/** A comparison decided elsewhere: its consequences still follow this workflow's fail-on. */
export function judgeUnderOwnFailOn(comparison: Comparison, settings: Settings): Comparison {
  return { ...comparison, blocking: failsOn(settings.failOn, comparison.verdict) }
}
