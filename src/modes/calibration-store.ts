import { noiseFloorFor } from '../decide/calibration'
import type { Calibration } from '../model/calibration'
import { readCalibration } from '../model/calibration-file'
import type { Comparison } from '../model/types'
import type { BenchmarkSettings } from '../settings/types'
import { readStoredCalibration, storeCalibration } from '../store/calibration'
import { errorMessage, LoadgateError } from '../util/errors'
import { historyOf, type ModeRun } from './mode-context'

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
  const stored = await reporter.group(
    `loadgate ${calibration.benchmark}: store the calibration on ${settings.ghPagesBranch}`,
    () =>
      storeCalibration(
        {
          workspace: settings.workspace,
          branch: settings.ghPagesBranch,
          dataDir: settings.dataDir,
          committer: forge?.committer ?? null,
        },
        calibration,
      ),
  )
  if (!stored.pushed) {
    throw new LoadgateError(
      `Could not push the calibration of '${calibration.benchmark}' to '${settings.ghPagesBranch}' after ` +
        `${stored.attempts} attempts (${stored.error})`,
    )
  }
  reporter.info(`${calibration.benchmark}: stored the calibration as ${stored.path}`)
  return stored.path
}
