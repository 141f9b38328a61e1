import path from 'node:path'
import { calibrate, planAlpha } from '../decide/calibration'
import { measure } from '../measure/measure'
import type { Calibration } from '../model/calibration'
import { writeCalibration } from '../model/calibration-file'
import { renderCalibrationMarkdown } from '../report/calibration'
import type { BenchmarkSettings } from '../settings/types'
import { checkPushAccess } from '../store'
import { storeLatestCalibration } from './calibration-store'
import {
  headCommit,
  measureOptions,
  outcomeWithoutVerdict,
  type BenchmarkOutcome,
  type ModeRun,
} from './mode-context'

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
  if (stores) await checkPushAccess({ workspace: settings.workspace, branch: settings.ghPagesBranch })
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
  const calibration = calibrate(results, planAlpha(settings))
  const calibrationFile = path.join(path.dirname(resultsPath), 'calibration.json')
  await writeCalibration(calibrationFile, calibration)
  reporter.summary(renderCalibrationMarkdown(calibration))
  if (stores) await storeLatestCalibration(run, calibration)
  const headline = calibration.suggestion.sufficient
    ? `the plan detects every gated metric's minimum effect with 90% power`
    : `suggested min-rounds ${calibration.suggestion.minRounds}, max-rounds ${calibration.suggestion.maxRounds}`
  reporter.info(`${bench.name}: ${headline}`)
  return { ...outcomeWithoutVerdict(bench.name, headline, resultsPath), calibration, calibrationFile }
}
