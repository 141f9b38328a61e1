import path from 'node:path'
import { calibrate, noiseFloorFor, planAlpha, type StoredNoise } from '../decide/calibration'
import { priceCalibration } from '../measure/cost'
import { measure } from '../measure/measure'
import type { Calibration } from '../model/calibration'
import { readCalibration, writeCalibration } from '../model/calibration-file'
import type { Comparison } from '../model/types'
import { budgetHeadline, farAboveLine, renderCalibrationMarkdown } from '../report/calibration'
import type { BenchmarkSettings } from '../settings/types'
import { storeCalibrationInFile } from '../store'
import { readStoredCalibration, readStoredNoise, storeCalibration } from '../store/calibration'
import { errorMessage, LoadgateError } from '../util/errors'
import {
  headCommit,
  historyOf,
  measureOptions,
  outcomeWithoutVerdict,
  type BenchmarkOutcome,
  type ModeRun,
} from './mode-context'
import { checkHistoryWritable, historyName, historyPlace } from './history-place'

// Calibration as a mode: the A/A run that measures the noise, and the stored calibration that
// compare (the noise floor beside a verdict) and record (keeping it current) read and write.

/**
 * `mode: calibrate`: A/A rounds of the head (both arms the same commit, measured as a comparison
 * would measure them), then each gated metric's noise floor and what the plan can detect. As many
 * rounds as max-rounds, never extended; the plan judged is min-rounds / max-rounds as configured.
 */
export async function calibrateMode(
  run: ModeRun,
  bench: BenchmarkSettings,
): Promise<BenchmarkOutcome & { calibration: Calibration; calibrationFile: string }> {
  const { settings, context, reporter } = run
  // On the default branch of a repository (not a local run), the calibration is every PR's reference.
  const stores =
    context.eventName !== 'local' && context.branch !== '' && context.branch === context.defaultBranch
  if (stores) await checkHistoryWritable(settings, context.serverUrl)
  const headSha = await headCommit(run)
  const rounds = { ...settings, minRounds: settings.maxRounds }
  const { results, resultsPath } = await reporter.group(`loadgate ${bench.name}: A/A rounds`, () =>
    measure({
      ...measureOptions({ ...run, settings: rounds }, bench),
      arms: ['base', 'head'],
      baseSha: headSha,
      headSha,
    }),
  )
  results.settings.minRounds = settings.minRounds
  const calibration = calibrate(results, planAlpha(settings), await storedNoise(run, bench.name))
  Object.assign(calibration, priceCalibration(calibration, results, settings.calibrateBudgetSeconds))
  const calibrationFile = path.join(path.dirname(resultsPath), 'calibration.json')
  await writeCalibration(calibrationFile, calibration)
  reporter.summary(renderCalibrationMarkdown(calibration))
  const noisier = farAboveLine(calibration)
  if (noisier) reporter.warning(`${bench.name}: ${noisier}`)
  if (stores) await storeLatestCalibration(run, calibration)
  const headline =
    budgetHeadline(calibration) ||
    (calibration.suggestion.sufficient
      ? `the plan detects every gated metric's minimum effect with 90% power`
      : `suggested min-rounds ${calibration.suggestion.minRounds}, max-rounds ${calibration.suggestion.maxRounds}`)
  reporter.info(`${bench.name}: ${headline}`)
  return { ...outcomeWithoutVerdict(bench.name, headline, resultsPath), calibration, calibrationFile }
}

/** The stored noise history the plan is sized from; unreadable, the calibration plans from its own rounds. */
async function storedNoise(run: ModeRun, benchmark: string): Promise<StoredNoise> {
  return readStoredNoise(historyOf(run, benchmark)).catch((error: unknown) => {
    run.reporter.warning(
      `The stored noise history could not be read (the plan rests on this calibration alone): ${errorMessage(error)}`,
    )
    return { calibrations: [], runs: [] }
  })
}

/** Adds the stored calibration's noise floor to a comparison a pull request will be shown. */
export async function attachNoiseFloor(
  run: ModeRun,
  bench: BenchmarkSettings,
  comparison: Comparison,
): Promise<void> {
  if (run.context.eventName === 'local') return
  const { reporter } = run
  const calibration = await readStoredCalibration(historyOf(run, bench.name)).catch((error: unknown) => {
    reporter.warning(`The stored calibration could not be read: ${errorMessage(error)}`)
    return null
  })
  const noiseFloor = calibration ? noiseFloorFor(comparison, calibration) : null
  if (noiseFloor) comparison.noiseFloor = noiseFloor
}

/** The `calibration` input, read and checked against the configured benchmarks before anything is measured. */
export async function calibrationInput(run: ModeRun): Promise<Calibration | null> {
  const { settings } = run
  if (!settings.calibrationFile) return null
  const calibration = await readCalibration(settings.calibrationFile, "Input 'calibration'")
  if (!settings.benchmarks.some((b) => b.name === calibration.benchmark)) {
    throw new LoadgateError(
      `Input 'calibration' is '${settings.calibrationFile}': it calibrates benchmark '${calibration.benchmark}', ` +
        `expected one of ${settings.benchmarks.map((b) => `'${b.name}'`).join(', ')}`,
    )
  }
  return calibration
}

/** Stores a calibration as the benchmark's latest on the history branch; a failed push fails the run. */
export async function storeLatestCalibration(run: ModeRun, calibration: Calibration): Promise<string> {
  const { settings, reporter, forge } = run
  const where = historyName(settings)
  if (settings.history.file) {
    const file = settings.history.file
    await reporter.group(`loadgate ${calibration.benchmark}: store the calibration in ${where}`, () =>
      storeCalibrationInFile(file, calibration),
    )
    reporter.info(`${calibration.benchmark}: stored the calibration in ${where}`)
    return file
  }
  const stored = await reporter.group(
    `loadgate ${calibration.benchmark}: store the calibration on ${where}`,
    () =>
      storeCalibration(
        { ...historyPlace(settings, run.context.serverUrl), committer: forge?.committer ?? null },
        calibration,
      ),
  )
  if (!stored.pushed) {
    throw new LoadgateError(
      `Could not push the calibration of '${calibration.benchmark}' to ${where} after ` +
        `${stored.attempts} attempts (${stored.error})`,
    )
  }
  reporter.info(`${calibration.benchmark}: stored the calibration as ${stored.path}`)
  return stored.path
}
