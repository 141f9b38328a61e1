import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { failsOn, findInvalidReasons } from '../decide'
import type { Forge } from '../forge'
import { measure } from '../measure/measure'
import type { MergedThrough } from '../model/acceptance'
import type { Calibration } from '../model/calibration'
import { resultsFileSchema, type ResultsFile } from '../model/results'
import type { RunRecord, Verdict } from '../model/types'
import type { Reporter } from '../report/reporter'
import { defaultShiftRules, shiftRulesOf } from '../settings/change-points'
import { builtInDefault } from '../settings/input-lookup'
import type { BenchmarkSettings, Settings } from '../settings/types'
import type { RunContext } from '../forge'
import type { HistoryRepository } from '../settings/history-settings'
import { appendRunToFile, parseRunFile, type RecordOutcome, recordRun, toRunRecord } from '../store'
import { errorMessage, LoadgateError } from '../util/errors'
import { calibrationInput, storeLatestCalibration } from './calibrate'
import { shiftFinder, watchRecordedHistory } from './change-points'
import { type BenchmarkOutcome, headCommit, measureOptions, type ModeRun } from './mode-context'
import { checkHistoryWritable, dashboardLink, historyName, historyPlace } from './history-place'
import { notify } from './notify'

/** `mode: record`: measures the head and appends the run to the history branch. */
export async function recordMode(run: ModeRun, bench: BenchmarkSettings): Promise<BenchmarkOutcome> {
  const { settings, reporter } = run
  // Before any container starts: a run that cannot be pushed is minutes of measuring for nothing.
  await checkHistoryWritable(settings, run.context.serverUrl)
  const calibration = await calibrationInput(run)
  const headSha = await headCommit(run)
  const { results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure`, () =>
    measure({ ...measureOptions(run, bench), arms: ['head'], headSha }),
  )
  return recordResults(run, bench, { results, resultsPath, calibration })
}

/**
 * A measured run, recorded: pushed to the history branch (with the badge), the shift issues kept,
 * and a blocked run told to the webhook.
 */
export async function recordResults(
  run: ModeRun,
  bench: BenchmarkSettings,
  measured: { results: ResultsFile; resultsPath: string; calibration: Calibration | null },
): Promise<BenchmarkOutcome> {
  const { settings, context, reporter } = run
  const { results, resultsPath, calibration } = measured
  const headSha = results.meta.head.sha
  const invalid = findInvalidReasons(results)
  const verdict: Verdict | null = invalid.length > 0 ? 'INVALID' : null
  const record = toRunRecord(
    results,
    null,
    context.branch || context.defaultBranch,
    shiftRulesOf(bench, settings.changePoints),
  )
  record.verdict = verdict
  const merged = await mergedThroughOf(run, headSha, bench.name)
  if (merged) record.mergedThrough = merged
  const stored = await storeRun(run, record, path.dirname(resultsPath))
  if (calibration?.benchmark === bench.name) await storeLatestCalibration(run, calibration)
  if (invalid.length === 0) await watchRecordedHistory(run, bench, record.branch)
  const headline =
    invalid.length > 0
      ? `Recorded an invalid run — ${invalid.map((r) => r.message).join('; ')}`
      : `Recorded ${results.trials.filter((t) => t.phase === 'measure').length} trials of ${bench.name}`
  reporter.summary(`### loadgate — ${bench.name}\n\n${headline}\n\nStored as \`${stored.path}\`.\n`)
  reporter.info(`${bench.name}: ${headline}; stored ${stored.path}`)
  if (stored.earlierRunsOfCommit > 0) reporter.info(rerunNote(headSha, stored.earlierRunsOfCommit))
  const blocking = verdict !== null && failsOn(settings.failOn, verdict)
  const dashboardUrl = dashboardLink(run, bench.name) ?? ''
  // Told about where the team looks: the default branch (a record run of another branch is its own business).
  if (blocking && (!context.defaultBranch || record.branch === context.defaultBranch))
    await notify(run, {
      event: 'run-blocked',
      benchmark: bench.name,
      sha: headSha,
      detail: invalid.map((r) => r.message).join('; '),
      runUrl: results.meta.runUrl,
      dashboard: dashboardUrl,
    })
  return {
    benchmark: bench.name,
    verdict,
    blocking,
    headline,
    resultsFile: resultsPath,
    commentUrl: '',
    dashboardUrl,
  }
}

/**
 * The pull request the recorded commit came through: a shift it starts links its comment, and is
 * not filed as a surprise when its result was accepted. Best effort: a run is recorded whatever
 * GitHub answers.
 */
async function mergedThroughOf(
  run: ModeRun,
  headSha: string,
  benchmark: string,
): Promise<MergedThrough | null> {
  const { forge, reporter } = run
  if (!forge?.canPublish) return null
  try {
    const merged = await forge.mergedThrough(headSha, benchmark)
    if (merged?.accepted)
      reporter.info(
        `${benchmark}: ${headSha.slice(0, 7)} came through #${merged.pullRequest}, whose result ${merged.accepted.by} accepted: ${merged.accepted.reason}`,
      )
    return merged
  } catch (error) {
    reporter.warning(
      `Could not ask GitHub which pull request ${headSha.slice(0, 7)} came through: ${errorMessage(error)}`,
    )
    return null
  }
}

/** What pushing a run needs of the settings. */
export type StoreSettings = Pick<
  Settings,
  'workspace' | 'ghPagesBranch' | 'history' | 'dataDir' | 'retention'
> &
  Partial<Pick<Settings, 'benchmarks' | 'changePoints'>>

/** Pushes one run record to the history branch (or adds it to the history file); a run that cannot be pushed is saved and named in the error. */
export async function storeRun(
  run: Pick<ModeRun, 'reporter' | 'forge'> & {
    settings: StoreSettings
    context?: Pick<RunContext, 'serverUrl'>
  },
  record: RunRecord,
  fallbackDir: string,
): Promise<RecordOutcome> {
  const { settings, reporter, forge } = run
  if (settings.history.file) return storeRunInFile(settings.history.file, record, reporter)
  const stored = await reporter.group(
    `loadgate ${record.benchmark}: record to ${historyName(settings)}`,
    () =>
      recordRun({
        ...historyPlace(settings, run.context?.serverUrl),
        record,
        retention: settings.retention,
        fallbackDir,
        committer: forge?.committer ?? null,
        onWarning: (message) => reporter.warning(message),
        findShifts: shiftFinder(settings.benchmarks, settings.changePoints),
      }),
  )
  if (!stored.pushed) throw new LoadgateError(notPushedMessage(settings, stored))
  return stored
}

async function storeRunInFile(file: string, record: RunRecord, reporter: Reporter): Promise<RecordOutcome> {
  const earlierRunsOfCommit = await reporter.group(`loadgate ${record.benchmark}: record to ${file}`, () =>
    appendRunToFile(file, record),
  )
  return { path: file, pushed: true, attempts: 1, earlierRunsOfCommit }
}

function notPushedMessage(settings: StoreSettings, stored: RecordOutcome): string {
  const tries = stored.attempts > 1 ? ` after ${stored.attempts} attempts` : ''
  const flags = [
    settings.ghPagesBranch === builtInDefault('gh-pages-branch')
      ? ''
      : ` --gh-pages-branch ${settings.ghPagesBranch}`,
    settings.dataDir === builtInDefault('data-dir') ? '' : ` --data-dir ${settings.dataDir}`,
    repositoryFlag(settings.history.repository),
  ].join('')
  return (
    `Could not push the run to ${historyName(settings)}${tries} (${stored.error}); it is saved in ` +
    `${stored.fallbackFile}: record it without measuring again with 'loadgate record --push-only ` +
    `${stored.fallbackFile}${flags}' in a checkout of the repository (on GitHub, record.yml uploads it as the ` +
    `artifact 'loadgate-record')`
  )
}

function repositoryFlag(repository: HistoryRepository | null): string {
  if (!repository) return ''
  return ` --history-repository ${repository.kind === 'github' ? repository.repository : repository.url}`
}

/**
 * A commit recorded again is stored beside its earlier runs, never instead of them: run files are
 * immutable, and every run is a measurement (together they show the run-to-run spread).
 */
export function rerunNote(sha: string, earlier: number): string {
  const times = earlier === 1 ? 'once' : `${earlier} times`
  return (
    `commit ${sha.slice(0, 7)} was recorded ${times} before: this run is stored beside ` +
    `${earlier === 1 ? 'it' : 'them'}, and the dashboard draws every run`
  )
}

/**
 * `loadgate record --push-only FILE`: records a run that was measured but could not be pushed,
 * without measuring again. FILE is the run file the failed record saved, or a record run's results.json.
 */
export async function pushSavedRun(options: {
  file: string
  settings: StoreSettings
  reporter: Reporter
  forge?: Forge | null
  /** Branch a results.json is recorded for (a saved run file names its own). */
  branch: string
}): Promise<RecordOutcome> {
  const record = await readSavedRun(options.file, options.branch)
  await checkHistoryWritable(options.settings)
  const stored = await storeRun(
    { settings: options.settings, reporter: options.reporter, forge: options.forge ?? null },
    record,
    path.dirname(options.file),
  )
  options.reporter.info(
    `${record.benchmark}: recorded the run of ${record.meta.head.sha.slice(0, 7)}; stored ${stored.path}`,
  )
  return stored
}

export async function readSavedRun(file: string, branch: string): Promise<RunRecord> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    throw new LoadgateError(`'${file}' cannot be read: expected the run file a failed record saved`)
  }
  const parsed = parseRunFile(text)
  if ('record' in parsed) return parsed.record
  const results = resultsFileSchema.safeParse(jsonOrNull(text))
  if (results.success && results.data.mode === 'record') {
    if (!branch)
      throw new LoadgateError(
        `'${file}' is a results file: check out the branch it was measured for and run again`,
      )
    const { thresholds, erratic = [] } = results.data.settings
    const record = toRunRecord(
      results.data,
      null,
      branch,
      shiftRulesOf({ thresholds, erratic }, defaultShiftRules().detector),
    )
    record.verdict = findInvalidReasons(results.data).length > 0 ? 'INVALID' : null
    return record
  }
  throw new LoadgateError(
    `'${file}' is not a saved run: expected the run file a failed record saved, or the results.json ` +
      `of a record run (as a run file: ${parsed.reason})`,
  )
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
