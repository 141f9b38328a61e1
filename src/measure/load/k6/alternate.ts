import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { errorMessage } from '../../../util/errors'

/**
 * Arms under load in alternation: a round's two k6 processes run at once, each arm's load on in its
 * own time slices and off in the other's, so that whatever else takes the machine for a moment
 * lands on both arms of the round (docs/statistics.md#alternating-arms). The user's script runs
 * unchanged: a wrapper re-exports it and rewrites only its scenarios' schedule.
 */

/** Short against the bursts of other work a runner sees (0.2–2 s), long against one request. */
export const SLICE_MS = 100

/** Where an arm's load is on: slice k of the trial's span belongs to the arm with `k % of === slot`. */
export interface AlternateSlices {
  slot: number
  of: number
  sliceMs: number
}

/**
 * The wrapper's code, plain JavaScript run by k6 (and by the tests through `alternateFunctions`).
 * Every scenario must be a constant-arrival-rate: an open model whose schedule splits into slices
 * (a closed model's load follows its own latency). Each becomes a ramping-arrival-rate over `of`
 * times its span, at its rate in this arm's slices and at 0 in the others (0-s stages: steps, not
 * ramps); a start time moves with the stretched timeline.
 */
const TRANSFORM_SOURCE = String.raw`
function durationMs(value) {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return NaN
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)]
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value.trim()) return NaN
  const unit = { ms: 1, s: 1000, m: 60000, h: 3600000 }
  return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2]], 0)
}
function sliceStages(rate, startMs, spanMs, slices) {
  const stages = []
  for (let t = startMs; t < startMs + spanMs; ) {
    const slice = Math.floor(t / slices.sliceMs)
    const end = Math.min((slice + 1) * slices.sliceMs, startMs + spanMs)
    const target = slice % slices.of === slices.slot ? rate : 0
    stages.push({ duration: '0s', target }, { duration: (end - t) + 'ms', target })
    t = end
  }
  return stages
}
function alternatedOptions(options, slices) {
  const entries = Object.entries((options && options.scenarios) || {})
  if (entries.length === 0)
    throw new Error('arms-under-load alternating: the script defines no scenarios (options.scenarios)')
  const scenarios = {}
  for (const [name, scenario] of entries) {
    const { executor, rate, duration, startTime, ...rest } = scenario
    if (executor !== 'constant-arrival-rate')
      throw new Error('arms-under-load alternating: scenario ' + JSON.stringify(name) + ' uses ' +
        executor + '; every scenario must be a constant-arrival-rate (or use one-at-a-time)')
    const spanMs = durationMs(duration) * slices.of
    if (!(spanMs > 0))
      throw new Error('arms-under-load alternating: scenario ' + JSON.stringify(name) + ' has no readable duration')
    const startMs = (durationMs(startTime === undefined ? '0s' : startTime) || 0) * slices.of
    const stages = sliceStages(rate, startMs, spanMs, slices)
    scenarios[name] = Object.assign({}, rest, {
      executor: 'ramping-arrival-rate',
      startRate: stages[0].target,
      stages,
    }, startMs > 0 ? { startTime: startMs + 'ms' } : {})
  }
  return Object.assign({}, options, { scenarios })
}
`

/**
 * Why the options `k6 inspect` read from the script cannot alternate, or null: the wrapper's own
 * rule, so the check and the run never disagree.
 */
export function whyNotAlternating(options: unknown): string | null {
  try {
    alternateFunctions().alternatedOptions(options, { slot: 0, of: 2, sliceMs: SLICE_MS })
    return null
  } catch (error) {
    return errorMessage(error).replace(/^arms-under-load alternating: /, '')
  }
}

/** The wrapper's functions, for the tests: the same source k6 runs. */
export function alternateFunctions(): {
  durationMs: (value: unknown) => number
  sliceStages: (
    rate: number,
    startMs: number,
    spanMs: number,
    slices: AlternateSlices,
  ) => Array<{ duration: string; target: number }>
  alternatedOptions: (options: unknown, slices: AlternateSlices) => { scenarios: Record<string, unknown> }
} {
  return new Function(`${TRANSFORM_SOURCE}\nreturn { durationMs, sliceStages, alternatedOptions }`)()
}

/**
 * Writes the script k6 runs for one arm in `dir`: the user's module re-exported as it is (its
 * functions, setup, teardown and handleSummary), `options` replaced by this arm's alternated ones.
 */
export async function writeAlternateScript(
  dir: string,
  script: string,
  slices: AlternateSlices,
): Promise<string> {
  const file = path.join(dir, `alternate-${slices.slot}-of-${slices.of}-${slices.sliceMs}ms.js`)
  const user = JSON.stringify(pathToFileURL(path.resolve(script)).href)
  const source = [
    '// Written by loadgate (arms-under-load: alternating): the script below with its load in slices.',
    `import * as user from ${user}`,
    `export * from ${user}`,
    'export default user.default;',
    TRANSFORM_SOURCE,
    `export const options = alternatedOptions(user.options, ${JSON.stringify(slices)})`,
    '',
  ].join('\n')
  await writeFile(file, source)
  return file
}
