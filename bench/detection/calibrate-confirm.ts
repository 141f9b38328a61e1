// Does `calibrate` tell the truth about a reference service (the bundled example; SERVICE=cpu-bound
// the CPU-bound one)? Calibrates it as `mode: calibrate`
// does with the default plan (10 rounds, extended to 15 and 20: max-rounds A/A rounds of one
// commit), prints the table and the suggestion, applies the suggestion (rounds, and the longer
// trials when it asks for more requests) and runs a fresh A/A comparison with it, end to end.
// Same trials as bench/detection/detection-confirm.ts; about 10 to 20 minutes on 2 cores.
// MIN_ROUNDS / MAX_ROUNDS change the plan calibrated (e.g. 3 and 3 to check that it runs at all).
// BUDGET=10m applies the plan that budget affords instead (calibrate-budget): its rounds and trial
// length, and for each gated metric it leaves unsettled a δ of what it settles under, rounded up
// to a whole percent, as a team would write it into thresholds; and says how long the A/A run took.
// SAVE_DIR=DIR keeps both runs' results.json there. RUNS=N runs N fresh A/A comparisons with the
// applied plan instead of one, each its own seed, and says how many settled (NO CHANGE) by the
// plan's max-rounds: whether the plan settles the runs that follow it (docs/statistics.md, How
// calibration plans rounds).
//   [SERVICE=cpu-bound] [RUNS=1] node --import tsx bench/detection/calibrate-confirm.ts [seed=1]
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { compareResults, needsMoreRounds } from '../../src/decide'
import { calibrate, planAlpha } from '../../src/decide/calibration'
import { priceCalibration } from '../../src/measure/cost'
import type { Calibration } from '../../src/model/calibration'
import type { Verdict } from '../../src/model/types'
import { renderCalibrationText } from '../../src/report/calibration'
import { parseDuration } from '../../src/settings/values'
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
const budgetSeconds = process.env.BUDGET ? parseDuration('BUDGET', process.env.BUDGET) : 0
Object.assign(calibration, priceCalibration(calibration, aa, budgetSeconds))
const calibrateMinutes = (Date.now() - started) / 60000
const { suggestion, budget } = calibration

/** The δ a team would write for each metric the budget leaves unsettled: what it settles under, rounded up. */
function budgetThresholds(c: Calibration): string {
  return c.rows
    .flatMap((row, i) => {
      const settles = c.budget!.settles[i]!
      if (settles <= Math.abs(row.delta)) return []
      const sign = row.direction === 'higher' ? '-' : '+'
      const delta = row.absolute
        ? `${sign}${Math.ceil(settles * 100) / 100}`
        : `${sign}${Math.ceil(settles * 100)}%`
      return [`${row.key}: ${row.metric} ${delta}`]
    })
    .join('\n')
}

const trialSeconds = Number.parseFloat(TRIAL.DURATION)
const applied = budget
  ? { minRounds: budget.minRounds, maxRounds: budget.maxRounds, trialSeconds: budget.trialSeconds }
  : suggestion
const trial: Record<string, string> =
  applied.trialSeconds > trialSeconds ? { DURATION: `${applied.trialSeconds}s` } : {}
const thresholds = budget ? budgetThresholds(calibration) : ''
const options = { failOn: ['REGRESSION' as Verdict, 'INVALID' as Verdict] }
const RUNS = Number(process.env.RUNS ?? 1)

/** Keeps a run's results in SAVE_DIR/<folder>/<name>.json, for bench/detection/round-spread.ts. */
async function save(folder: string, name: string, file: unknown): Promise<void> {
  if (!process.env.SAVE_DIR) return
  await mkdir(path.join(process.env.SAVE_DIR, folder), { recursive: true })
  await writeFile(path.join(process.env.SAVE_DIR, folder, `${name}.json`), JSON.stringify(file))
}

await save('calibration', String(seed), aa)
const runs: string[] = []
let settled = 0
started = Date.now()
let comparison = null as ReturnType<typeof compareResults> | null
for (let run = 0; run < RUNS; run++) {
  started = Date.now()
  const results = await measureScenario('a-a', {
    minRounds: applied.minRounds,
    maxRounds: applied.maxRounds,
    seed: 104_729 * seed + 1 + run,
    trial,
    inputs: thresholds ? { thresholds } : {},
    shouldExtend: (partial) => needsMoreRounds(partial, options),
    onProgress: progress(`a-a ${run + 1} of ${RUNS} with the suggestion`),
  })
  comparison = compareResults(results, options)
  if (comparison.verdict === 'NO_CHANGE') settled++
  runs.push(
    `  ${run + 1}: ${comparison.verdict} after ${comparison.rounds} rounds (${((Date.now() - started) / 60000).toFixed(1)} min)`,
  )
  await save('applied', RUNS === 1 ? String(seed) : `${seed}-${run + 1}`, results)
}

process.stdout.write(
  [
    `Calibration of ${SERVICE.label} (trials of ${TRIAL.DURATION} at ${TRIAL.RATE} requests/s), ${calibrateMinutes.toFixed(1)} min:`,
    '',
    renderCalibrationText(calibration),
    '',
    `Applied${budget ? ` (the plan of BUDGET=${process.env.BUDGET})` : ''}: min-rounds ${applied.minRounds}, max-rounds ${applied.maxRounds}` +
      (trial.DURATION ? `, trials of ${trial.DURATION}` : `, trials unchanged (${TRIAL.DURATION})`) +
      (thresholds ? `, thresholds:\n  ${thresholds.split('\n').join('\n  ')}` : ''),
    RUNS === 1
      ? `Next A/A run: ${comparison!.verdict} after ${comparison!.rounds} rounds — ${comparison!.headline} ` +
        `(${((Date.now() - started) / 60000).toFixed(1)} min${budget ? `, budget ${(budget.seconds / 60).toFixed(1)} min` : ''})`
      : [
          `Next ${RUNS} A/A runs: ${settled} settled (NO CHANGE) by max-rounds ${applied.maxRounds}, ` +
            `${((100 * settled) / RUNS).toFixed(0)}%`,
          ...runs,
        ].join('\n'),
    '',
  ].join('\n'),
)
