// The detection bench beside a disturbance: starts bench/disturbance/generate.ts (KIND, bounded by
// MAX_SECONDS and by this script's life), runs bench/detection/detection-confirm.ts with the same
// arguments and environment (SERVICE, TRIAL_DURATION, RUN_OFFSET, ...), stops the disturbance, and
// prints a summary that records the disturbance and the steal: the whole batch's steal from
// /proc/stat, and per saved run its verdict, rounds, minutes, the most steal and foreign CPU of a
// trial, and the rounds measured again. Run it on a machine with nothing else running.
//   SERVICE=cpu-bound TRIAL_DURATION=5s RUN_OFFSET=0 SAVE_DIR=DIR \
//     node --import tsx bench/disturbance/beside.ts KIND [--threads N] -- RUNS SCENARIO [SCENARIO ...]
// KIND: bursty | half-core | membw | none (the same batch with no disturbance, for the quiet figures).
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { everyMeasured } from '../../src/decide/samples'
import { readCpuTimes, stolenFraction } from '../../src/measure/host-cpu'
import type { ResultsFile, Verdict } from '../../src/model/types'
import { savedRuns } from '../detection/saved-runs'
import { KINDS, type Kind } from './generate'

const separator = process.argv.indexOf('--')
const own = process.argv.slice(2, separator < 0 ? undefined : separator)
const passed = separator < 0 ? [] : process.argv.slice(separator + 1)
const kind = own[0] as Kind | 'none'
if (kind !== 'none' && !KINDS.includes(kind)) {
  process.stderr.write(
    `beside: the disturbance must be one of ${KINDS.join(', ')}, none; got "${kind ?? ''}"\n`,
  )
  process.exit(2)
}
const threads = own.includes('--threads') ? ['--threads', own[own.indexOf('--threads') + 1]!] : []
const saveDir = process.env.SAVE_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'loadgate-beside-')))
await mkdir(saveDir, { recursive: true })
const maxSeconds = Number(process.env.MAX_SECONDS ?? 6 * 3600)

/** Starts a child with this script's environment; resolves with its exit code and what it printed. */
function started(args: string[], env: NodeJS.ProcessEnv, stdout: 'pipe' | 'inherit') {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env,
    stdio: ['ignore', stdout, 'inherit'],
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const ended = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out })),
  )
  return { child, ended }
}

const percent = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x * 100)}%`)

function runRow(results: ResultsFile): string {
  const options = { failOn: ['REGRESSION' as Verdict, 'INVALID' as Verdict] }
  const comparison = compareResults(results, options)
  const trials = everyMeasured(results)
  const most = (read: (t: (typeof trials)[number]) => number | undefined) =>
    Math.max(0, ...trials.flatMap((t) => read(t) ?? []))
  const minutes = results.meta.timing ? (results.meta.timing.wallSeconds / 60).toFixed(1) : '–'
  const repeated = results.repeats?.rounds.map((r) => r.round) ?? []
  return `| ${comparison.verdict} | ${comparison.rounds} | ${minutes} | ${percent(most((t) => t.hostCpuStolen))} | ${percent(most((t) => t.foreignCpu))} | ${repeated.join(', ') || '–'} | ${(results.repeats?.exhausted ?? []).join(', ') || '–'} |`
}

const before = await readCpuTimes()
const disturbance =
  kind === 'none'
    ? null
    : started(
        ['bench/disturbance/generate.ts', kind, '--seconds', String(maxSeconds), ...threads],
        process.env,
        'pipe',
      )
const bench = started(
  ['bench/detection/detection-confirm.ts', ...passed],
  { ...process.env, SAVE_DIR: saveDir },
  'pipe',
)
const { code, out } = await bench.ended
disturbance?.child.kill('SIGTERM')
const generated = disturbance ? (await disturbance.ended).out.trim() : 'none'
const steal = stolenFraction(before, await readCpuTimes())
const runs = await savedRuns(saveDir)

process.stdout.write(
  [
    `Disturbance: ${kind}${threads.length ? ` (${threads.join(' ')})` : ''}; ${generated}`,
    `Steal over the whole batch: ${steal === null ? 'not read (no /proc/stat)' : percent(steal)} of the CPU time`,
    `Command: ${[
      ...Object.entries(process.env)
        .filter(([k]) =>
          [
            'SERVICE',
            'TRIAL_DURATION',
            'RUN_OFFSET',
            'WARMUP',
            'MIN_ROUNDS',
            'MAX_ROUNDS',
            'ARMS_UNDER_LOAD',
          ].includes(k),
        )
        .map(([k, v]) => `${k}=${v}`),
      `SAVE_DIR=${saveDir}`,
    ].join(' ')} node --import tsx bench/disturbance/beside.ts ${own.join(' ')} -- ${passed.join(' ')}`,
    '',
    out.trim(),
    '',
    '| verdict | rounds | minutes | most steal of a trial | most foreign CPU of a trial | rounds measured again | still disturbed |',
    '|---|---:|---:|---:|---:|---|---|',
    ...runs.map(runRow),
    '',
  ].join('\n'),
)
process.exit(code ?? 1)
