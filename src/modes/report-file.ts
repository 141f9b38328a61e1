import { decisionSettings } from '../settings/decision-settings'
import { compareResults, failsOn } from '../decide'
import { readArtifactText } from '../model/artifact-file'
import { parseComparisonArtifact } from '../model/comparison-file'
import { parseResults } from '../model/results-file'
import type { Comparison, ResultsFile } from '../model/types'
import type { BenchmarkSettings, Settings } from '../settings/types'
import { errorMessage, LoadgateError } from '../util/errors'

/** What `report-file` held: raw trials (decided here) or a comparison another run decided. */
export type ReportInput =
  | { kind: 'results'; benchmark: string; results: ResultsFile }
  | { kind: 'comparison'; benchmark: string; comparison: Comparison }

/**
 * A results.json (it has trials) or a comparison.json, read once within the artifact bounds
 * (size, number of trials) and validated either way.
 */
export async function readReportInput(settings: Settings, benchmark?: string): Promise<ReportInput> {
  const file = reportFileOf(settings, benchmark)
  const text = await readArtifactText(file).catch((error: unknown) => {
    if (errorMessage(error).endsWith(': no such file'))
      throw new LoadgateError(
        'No results to decide from: the measuring run left none (it failed or was stopped before it ' +
          `measured; its log says why). Input 'report-file' is '${file}': no such file`,
      )
    throw new LoadgateError(`Input 'report-file': ${errorMessage(error)}`)
  })
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    throw new LoadgateError(
      `Input 'report-file' is '${file}': expected a results.json or comparison.json, not JSON (${errorMessage(error).split('\n')[0]})`,
    )
  }
  if (Array.isArray((document as { trials?: unknown } | null)?.trials)) {
    const results = parseResults(file, document)
    return { kind: 'results', benchmark: results.benchmark, results }
  }
  const comparison = parseComparisonArtifact(file, document)
  return { kind: 'comparison', benchmark: comparison.benchmark, comparison }
}

/** The placeholder in `report-file` that stands for each configured benchmark's name. */
export const BENCHMARK_PLACEHOLDER = '{benchmark}'

/** `report-file` for one benchmark: `{benchmark}` replaced by its (validated) name. */
export function reportFileOf(settings: Settings, benchmark?: string): string {
  return benchmark === undefined
    ? settings.reportFile
    : settings.reportFile.replaceAll(BENCHMARK_PLACEHOLDER, benchmark)
}

/**
 * The benchmark this step reports, when the workflow configures several and this pass is for
 * `expected`: the file must speak about it. A file for another one would leave `expected`'s
 * gate pending for ever while the other's is posted twice.
 */
export function checkReportedBenchmark(settings: Settings, reported: string, expected: string): void {
  if (reported === expected) return
  const file = reportFileOf(settings, expected)
  const hint = settings.reportFile.includes(BENCHMARK_PLACEHOLDER)
    ? ''
    : ` (with several benchmarks, name each one's file with ${BENCHMARK_PLACEHOLDER}, e.g. results/${BENCHMARK_PLACEHOLDER}/results.json)`
  throw new LoadgateError(
    `Input 'report-file' is '${file}', which reports benchmark '${reported.slice(0, 64)}', not '${expected}'${hint}`,
  )
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
    settings: { ...results.settings, ...decisionSettings(settings, bench) },
  }
  return compareResults(own, { failOn: settings.failOn })
}

/** A comparison decided elsewhere: its consequences still follow this workflow's fail-on. */
export function judgeUnderOwnFailOn(comparison: Comparison, settings: Settings): Comparison {
  return { ...comparison, blocking: failsOn(settings.failOn, comparison.verdict) }
}
