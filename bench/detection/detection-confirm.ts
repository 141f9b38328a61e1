// Confirms bench/detection/detection.ts on fresh measurements rather than resampled ones: the gate run end to
// end with its defaults (looks at 10, 15 and 20 rounds, fresh instances every round; default
// thresholds), several times per scenario, each run with its own round-order seed. Prints every
// run's verdict and headline, then a tally. About 4 to 10 minutes a run on 2 cores
// at the default warm-up (3 to 7 with WARMUP=3s).
//   node --import tsx bench/detection/detection-confirm.ts [runs=4] [scenario ...]  (default: a-a latency+10%)
// SERVICE=cpu-bound runs the CPU-bound reference service's scenarios (default: a-a cpu+10%).
// MIN_ROUNDS / MAX_ROUNDS change the plan (e.g. 2 and 2 to check that a scenario runs at all).
// SAVE_DIR=DIR keeps every run's results.json there, for bench/detection/offset-coverage.ts.
// KEEP_RAW=DIR keeps every run's work directory (each trial's raw k6 output), for bench/detection/tail-estimators.ts.
// SAME_IMAGE=1 builds the example once and runs that one image in both arms' stacks (bench/detection/detection-scenarios.ts):
// an A/A offset that remains is the stacks', not the builds'. ARMS_UNDER_LOAD=both measures duet,
// FRESH_INSTANCES=run|round|N the instances, TRIAL_LENGTH=auto the trials' length, PAUSE_IDLE_ARM=false
// the idle arm (the settings of the same names). WARMUP=3s sets the warm-up of each new instance
// (the product's default, 10 s, otherwise).
// RUN_OFFSET=K numbers the runs (seeds and saved files) from K + 1, so a further batch draws round
// orders of its own.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { compareResults, needsMoreRounds } from '../../src/decide'
import type { ResultsFile, Verdict } from '../../src/model/types'
import { errorMessage } from '../../src/util/errors'
import { measureScenario, SCENARIOS, SERVICE, TRIAL } from './detection-scenarios'

const args = process.argv.slice(2)
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 4)
const scenarios = args.filter((a) => a in SCENARIOS)
const chosen = scenarios.length ? scenarios : SERVICE.defaultScenarios
const options = { failOn: ['REGRESSION' as Verdict, 'INVALID' as Verdict] }
const offset = Number(process.env.RUN_OFFSET ?? 0)

const rows: string[] = []
const tally = new Map<string, Map<Verdict | 'did not finish', number>>()
for (const scenario of chosen) {
  for (let i = 1; i <= runs; i++) {
    const started = Date.now()
    const counts = tally.get(scenario) ?? tally.set(scenario, new Map()).get(scenario)!
    let results: ResultsFile
    try {
      results = await measureScenario(scenario, {
        minRounds: Number(process.env.MIN_ROUNDS ?? 10),
        maxRounds: Number(process.env.MAX_ROUNDS ?? 20),
        seed: 7919 * (i + offset),
        shouldExtend: (partial) => needsMoreRounds(partial, options),
        onProgress: (message) => process.stderr.write(`${scenario} #${i}: ${message}\n`),
        ...(process.env.KEEP_RAW
          ? { keepRaw: path.join(process.env.KEEP_RAW, `${scenario.replace(/[^\w+-]/g, '_')}-${i + offset}`) }
          : {}),
      })
    } catch (error) {
      // A run that could not finish is a row of its own: the batch goes on.
      const minutes = ((Date.now() - started) / 60000).toFixed(1)
      rows.push(`| ${scenario} | ${i} | – | did not finish | ${errorMessage(error)} | ${minutes} |`)
      counts.set('did not finish', (counts.get('did not finish') ?? 0) + 1)
      continue
    }
    const comparison = compareResults(results, options)
    const minutes = ((Date.now() - started) / 60000).toFixed(1)
    if (process.env.SAVE_DIR) {
      await mkdir(process.env.SAVE_DIR, { recursive: true })
      await writeFile(
        path.join(process.env.SAVE_DIR, `${scenario.replace(/[^\w+-]/g, '_')}-${i + offset}.json`),
        JSON.stringify(results),
      )
    }
    rows.push(
      `| ${scenario} | ${i} | ${comparison.rounds} | ${comparison.verdict} | ${comparison.headline} | ${minutes} |`,
    )
    counts.set(comparison.verdict, (counts.get(comparison.verdict) ?? 0) + 1)
  }
}

process.stdout.write(
  [
    `Real end-to-end runs with the default settings (trials of ${TRIAL.DURATION} at ${TRIAL.RATE} requests/s):`,
    '',
    '| scenario | run | rounds | verdict | headline | minutes |',
    '|---|---:|---:|---|---|---:|',
    ...rows,
    '',
    ...[...tally].map(
      ([scenario, counts]) =>
        `${scenario}: ${[...counts].map(([verdict, n]) => `${verdict} ${n}/${runs}`).join(', ')}`,
    ),
    '',
  ].join('\n'),
)
