// Does `calibrate` tell the truth about a reference service (the bundled example; SERVICE=cpu-bound
// the CPU-bound one)? Calibrates it as `mode: calibrate`
// does with the default plan (10 rounds, extended to 15 and 20: max-rounds A/A rounds of one
// commit), prints the table and the suggestion, applies the suggestion (rounds, and the longer
// trials when it asks for more requests) and runs a fresh A/A comparison with it, end to end.
// Same trials as bench/detection/detection-confirm.ts; about 10 to 20 minutes on 2 cores.
// MIN_ROUNDS / MAX_ROUNDS change the plan calibrated (e.g. 3 and 3 to check that it runs at all).
//   node --import tsx bench/detection/calibrate-confirm.ts [seed=1]
import { compareResults, needsMoreRounds } from '../../src/decide'
import { calibrate, planAlpha } from '../../src/decide/calibration'
import type { Verdict } from '../../src/model/types'
import { renderCalibrationText } from '../../src/report/calibration'
import { measureScenario, SERVICE, TRIAL } from './detection-scenarios'

const seed = Number(process.argv[2] ?? 1)
const plan = {
  minRounds: Number(process.env.MIN_ROUNDS ?? 10),
  maxRounds: Number(process.env.MAX_ROUNDS ?? 20),
  benchmarks: [null],
}
const progress = (label: string) => (message: string) => process.stderr.write(`${label}: ${message}\n`)

let started = Date.now()
const aa = await measureScenario('a-a', {
  minRounds: plan.maxRounds,
  maxRounds: plan.maxRounds,
  seed: 104_729 * seed,
  onProgress: progress('calibrate'),
})
aa.settings.minRounds = plan.minRounds
const calibration = calibrate(aa, planAlpha(plan))
const calibrateMinutes = (Date.now() - started) / 60000
const { suggestion } = calibration

const trialSeconds = Number.parseFloat(TRIAL.DURATION)
const trial: Record<string, string> =
  suggestion.trialSeconds > trialSeconds ? { DURATION: `${suggestion.trialSeconds}s` } : {}
const options = { failOn: ['REGRESSION' as Verdict, 'INVALID' as Verdict] }
started = Date.now()
const results = await measureScenario('a-a', {
  minRounds: suggestion.minRounds,
  maxRounds: suggestion.maxRounds,
  seed: 104_729 * seed + 1,
  trial,
  shouldExtend: (partial) => needsMoreRounds(partial, options),
  onProgress: progress('a-a with the suggestion'),
})
const comparison = compareResults(results, options)

process.stdout.write(
  [
    `Calibration of ${SERVICE.label} (trials of ${TRIAL.DURATION} at ${TRIAL.RATE} requests/s), ${calibrateMinutes.toFixed(1)} min:`,
    '',
    renderCalibrationText(calibration),
    '',
    `Applied: min-rounds ${suggestion.minRounds}, max-rounds ${suggestion.maxRounds}` +
      (trial.DURATION ? `, trials of ${trial.DURATION}` : `, trials unchanged (${TRIAL.DURATION})`),
    `Next A/A run: ${comparison.verdict} after ${comparison.rounds} rounds — ${comparison.headline} ` +
      `(${((Date.now() - started) / 60000).toFixed(1)} min)`,
    '',
  ].join('\n'),
)
