import path from 'node:path'
import type { Calibration } from '../model/calibration'
import { readCalibration } from '../model/calibration-file'
import type { BenchmarkOutcome } from '../pipeline'
import { renderCalibrationText } from '../report/calibration'
import { writeSuggestion } from '../settings/write-suggestion'
import { writeJson, writeOut } from './output'

/**
 * Prints each benchmark's calibration (`--json`: one JSON array) and, with `write` (the config
 * file's path), puts the rounds that suit every benchmark into it.
 */
export async function printCalibrations(
  outcomes: BenchmarkOutcome[],
  options: { json: boolean; write: string },
): Promise<void> {
  const calibrations: Calibration[] = []
  for (const outcome of outcomes) {
    const file = path.join(path.dirname(outcome.resultsFile), 'calibration.json')
    const calibration = await readCalibration(file, 'calibration')
    calibrations.push(calibration)
    if (options.json) continue
    writeOut(`${renderCalibrationText(calibration)}\n`)
    writeOut(`results: ${outcome.resultsFile}\ncalibration: ${file}\n\n`)
  }
  if (options.json) writeJson(calibrations)
  if (!options.write || calibrations.length === 0) return
  // Rounds are shared by every benchmark of the file: the most any of them needs.
  const suggestion = {
    minRounds: Math.max(...calibrations.map((c) => c.suggestion.minRounds)),
    maxRounds: Math.max(...calibrations.map((c) => c.suggestion.maxRounds)),
  }
  await writeSuggestion(options.write, suggestion)
  const line = `wrote min-rounds ${suggestion.minRounds}, max-rounds ${suggestion.maxRounds} into ${options.write}\n`
  if (options.json) process.stderr.write(line)
  else writeOut(line)
}
