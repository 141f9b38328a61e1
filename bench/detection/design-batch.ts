// The design table of one batch: unchanged code (A/A) on both reference services under each
// measurement design — one arm at a time or both at once (duet), fresh instances every round or one
// per arm for the run — the cells interleaved run by run, so that a day's noise falls on every design
// alike. Each cell's run is bench/detection/detection-confirm.ts with that design's settings and the
// defaults otherwise; its results go to DIR/<service>/<design>/, which round-spread.ts and
// offset-coverage.ts read. Prints every run's verdict line as it ends. About 2 to 10 minutes a run.
//   node --import tsx bench/detection/design-batch.ts DIR [repetitions=2]
// RUN_OFFSET=K numbers the runs from K + 1 (seeds and file names), as detection-confirm does.
import { spawn } from 'node:child_process'
import path from 'node:path'

const [dir, repetitionsArg] = process.argv.slice(2)
if (!dir) throw new Error('usage: node --import tsx bench/detection/design-batch.ts DIR [repetitions=2]')
const repetitions = Number(repetitionsArg ?? 2)
const offset = Number(process.env.RUN_OFFSET ?? 0)

/** The designs, by the settings detection-confirm takes from the environment. */
const DESIGNS: Record<string, Record<string, string>> = {
  'one-at-a-time': {},
  'one-at-a-time-run': { FRESH_INSTANCES: 'run' },
  duet: { ARMS_UNDER_LOAD: 'both' },
  'duet-run': { ARMS_UNDER_LOAD: 'both', FRESH_INSTANCES: 'run' },
}
const SERVICES = ['compose', 'cpu-bound']

/** Runs one A/A run of a cell and returns detection-confirm's row for it. */
function runCell(service: string, design: string, run: number): Promise<string> {
  const env = {
    ...process.env,
    ...DESIGNS[design],
    SERVICE: service,
    SAVE_DIR: path.join(dir!, service, design),
    RUN_OFFSET: String(run - 1),
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/detection/detection-confirm.ts', '1', 'a-a'],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      const row = out.split('\n').find((line) => line.startsWith('| a-a |'))
      resolve(row ?? `| a-a | – | – | exit ${code} | no row printed | – |`)
    })
  })
}

let run = offset
for (let repetition = 1; repetition <= repetitions; repetition++)
  for (const design of Object.keys(DESIGNS))
    for (const service of SERVICES) {
      run += 1
      const row = await runCell(service, design, run)
      process.stdout.write(`${service} ${design} #${run}: ${row}\n`)
    }

process.stdout.write(
  `\nPer-round spread: node --import tsx bench/detection/round-spread.ts ${SERVICES.map((s) =>
    Object.keys(DESIGNS)
      .map((d) => path.join(dir, s, d))
      .join(' '),
  ).join(' ')}\n`,
)
