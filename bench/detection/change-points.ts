// Change-point detection on synthetic default-branch histories with known steps, against the
// reference: Apache Otava 0.8.0 (installed into a throwaway virtual environment) on the same series.
// Prints precision and recall side by side as a markdown table, then where the two disagree and why.
//   node --import tsx bench/detection/change-points.ts [histories per row=20]
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { changePoints, DEFAULT_DETECTOR_OPTIONS, findShifts } from '../../src/decide/change-points'
import { weakChangePoints } from '../../src/decide/change-points/otava'
import { compareSegments } from '../../src/decide/change-points/t-test'
import { recordsOf, stepSeries, type StepSeriesOptions } from '../../testkit/step-histories'

const PER_ROW = Number(process.argv[2] ?? 20)
const RUNS = 60
const VENV = '/tmp/loadgate-otava-venv'
/** A detected point within this many runs of a true step finds it. */
const TOLERANCE = 2

interface Row {
  label: string
  histories: StepSeriesOptions[]
  /** Index of the runner change in these histories, if any. */
  runnerChangeAt?: number
}

function rows(): Row[] {
  const list: Row[] = []
  const histories = (seed: number, make: (seed: number) => Omit<StepSeriesOptions, 'seed'>) =>
    Array.from({ length: PER_ROW }, (_, i) => ({ ...make(seed * 1000 + i), seed: seed * 1000 + i }))
  let seed = 1
  for (const noise of [0.02, 0.05, 0.1]) {
    list.push({
      label: `no step, noise ${noise * 100}%`,
      histories: histories(seed++, () => ({ runs: RUNS, noise })),
    })
    for (const size of [0.03, 0.05, 0.1, 0.3])
      list.push({
        label: `+${size * 100}% at run 30, noise ${noise * 100}%`,
        histories: histories(seed++, () => ({ runs: RUNS, noise, steps: [{ at: 30, size }] })),
      })
  }
  list.push({
    label: '+10% at 30, noise 5%, 3 outliers of +40%',
    histories: histories(seed++, (s) => ({
      runs: RUNS,
      noise: 0.05,
      steps: [{ at: 30, size: 0.1 }],
      outliers: [8, 19 + (s % 5), 47].map((at) => ({ at, size: 0.4 })),
    })),
  })
  list.push({
    label: 'no step, noise 5%, 3 outliers of +40%',
    histories: histories(seed++, (s) => ({
      runs: RUNS,
      noise: 0.05,
      outliers: [8, 19 + (s % 5), 47].map((at) => ({ at, size: 0.4 })),
    })),
  })
  list.push({
    label: 'two steps +10% at 20, −10% at 40, noise 5%',
    histories: histories(seed++, () => ({
      runs: RUNS,
      noise: 0.05,
      steps: [
        { at: 20, size: 0.1 },
        { at: 40, size: -1 / 11 },
      ],
    })),
  })
  list.push({
    label: '+10% with a runner change at 30, noise 5%',
    runnerChangeAt: 30,
    histories: histories(seed, () => ({ runs: RUNS, noise: 0.05, steps: [{ at: 30, size: 0.1 }] })),
  })
  return list
}

const OTAVA_SCRIPT = `
import json, sys
from otava.analysis import compute_change_points, split
jobs = json.load(sys.stdin)
out = []
for job in jobs:
    # compute_change_points merges its weak points in place: the first pass is asked for separately.
    weak = split(list(job["values"]), 50, 0.01)
    cps, _ = compute_change_points(list(job["values"]), window_len=50, max_pvalue=0.001, min_magnitude=job["min_magnitude"])
    out.append({"points": [[int(c.index), float(c.stats.forward_rel_change())] for c in cps], "weak": [int(c.index) for c in weak]})
print(json.dumps(out))
`

interface OtavaAnswer {
  /** Index and the relative change Otava reports. */
  points: Array<[number, number]>
  /** The first pass's points. */
  weak: number[]
}

function otava(series: number[][], minMagnitude: number): OtavaAnswer[] {
  if (!existsSync(`${VENV}/bin/python`)) {
    execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' })
    execFileSync(`${VENV}/bin/pip`, ['install', '--quiet', 'apache-otava==0.8.0'], { stdio: 'inherit' })
  }
  const input = JSON.stringify(series.map((values) => ({ values, min_magnitude: minMagnitude })))
  const output = execFileSync(`${VENV}/bin/python`, ['-c', OTAVA_SCRIPT], { input, maxBuffer: 1 << 28 })
  return JSON.parse(output.toString('utf8')) as OtavaAnswer[]
}

interface Score {
  found: number
  steps: number
  reported: number
}

function score(detected: number[], truth: number[]): Score {
  const unmatched = [...truth]
  let found = 0
  for (const index of detected) {
    const match = unmatched.findIndex((t) => Math.abs(t - index) <= TOLERANCE)
    if (match >= 0) {
      unmatched.splice(match, 1)
      found++
    }
  }
  return { found, steps: truth.length, reported: detected.length }
}

function add(a: Score, b: Score): Score {
  return { found: a.found + b.found, steps: a.steps + b.steps, reported: a.reported + b.reported }
}

function cell(s: Score): string {
  const precision = s.reported === 0 ? '–' : `${Math.round((100 * s.found) / s.reported)}%`
  const recall = s.steps === 0 ? '–' : `${Math.round((100 * s.found) / s.steps)}%`
  const falseAlarms = s.reported - s.found
  return `${precision} / ${recall}${falseAlarms > 0 ? ` (${falseAlarms} false)` : ''}`
}

/** Why loadgate and Otava (same p and minimum change) disagree on one history. */
function why(values: number[], answer: OtavaAnswer): string {
  const theirs = answer.points
  const ours = weakChangePoints(values, DEFAULT_DETECTOR_OPTIONS)
  if (ours.join() !== answer.weak.join())
    return `the first pass differs (loadgate [${ours.join(', ')}], Otava [${answer.weak.join(', ')}])`
  const indexes = theirs.map(([index]) => index)
  const bounds = [0, ...indexes, values.length]
  const short = indexes.filter(
    (index, k) => Math.min(index - bounds[k]!, bounds[k + 2]! - index) < DEFAULT_DETECTOR_OPTIONS.minRuns,
  )
  if (short.length > 0)
    return `Otava keeps a point with a segment under ${DEFAULT_DETECTOR_OPTIONS.minRuns} runs (${short.join(', ')})`
  const stale = theirs.filter(([index, change], k) => {
    const actual = compareSegments(values.slice(bounds[k], index), values.slice(index, bounds[k + 2])).change
    return Math.abs(actual - change) > 1e-9
  })
  if (stale.length > 0) {
    const [index, change] = stale[0]!
    const k = indexes.indexOf(index)
    const actual = compareSegments(values.slice(bounds[k], index), values.slice(index, bounds[k + 2])).change
    return `Otava reports ${percent(change)} at ${index} from before its neighbour was dropped; its final segments differ by ${percent(actual)} (its merge re-tests the two points after a dropped one, not the one before)`
  }
  return "same first pass; Otava's merge drops by p-values it did not re-test after dropping a neighbour"
}

function percent(change: number): string {
  return `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`
}

const table = rows()
const all = table.flatMap((row) => row.histories.map((h) => stepSeries(h)))
const otavaDefault = otava(all, 0)
const otavaMatched = otava(all, DEFAULT_DETECTOR_OPTIONS.minChange)
const opt = DEFAULT_DETECTOR_OPTIONS
console.log(
  `${RUNS} runs per history, ${PER_ROW} histories per row; precision / recall (a point within ±${TOLERANCE} runs of a true step finds it).\n` +
    `loadgate: p ≤ ${opt.maxP}, change ≥ ${opt.minChange * 100}%, ≥ ${opt.minRuns} runs per segment, window ${opt.windowRuns}.\n`,
)
console.log(
  '| history | loadgate | Otava 0.8.0, same p and 5% | Otava 0.8.0 defaults (p 0.001, no minimum) |',
)
console.log('|---|---|---|---|')
const differences: string[] = []
const total = {
  ours: { found: 0, steps: 0, reported: 0 },
  matched: { found: 0, steps: 0, reported: 0 },
  plain: { found: 0, steps: 0, reported: 0 },
}
let samePass = 0
let labelled = 0
let runnerShifts = 0
let offset = 0
for (const row of table) {
  let ours = { found: 0, steps: 0, reported: 0 }
  let matched = { ...ours }
  let plain = { ...ours }
  row.histories.forEach((history, i) => {
    const values = all[offset + i]!
    const truth = (history.steps ?? []).map((s) => s.at)
    const detected = changePoints(values).map((p) => p.index)
    ours = add(ours, score(detected, truth))
    const answer = otavaMatched[offset + i]!
    const theirs = answer.points
    if (weakChangePoints(values, DEFAULT_DETECTOR_OPTIONS).join() === answer.weak.join()) samePass++
    matched = add(
      matched,
      score(
        theirs.map(([index]) => index),
        truth,
      ),
    )
    plain = add(
      plain,
      score(
        otavaDefault[offset + i]!.points.map(([index]) => index),
        truth,
      ),
    )
    if (detected.join() !== theirs.map(([index]) => index).join())
      differences.push(
        `${row.label} #${i}: loadgate [${detected.join(', ')}], Otava [${theirs.map(([index]) => index).join(', ')}] — ${why(values, answer)}`,
      )
    if (row.runnerChangeAt !== undefined) {
      const shifts = findShifts(recordsOf(values, { cpuFrom: row.runnerChangeAt }), () => [
        { metric: 'p95', direction: 'lower' },
      ])
      for (const shift of shifts) {
        const at = Number(shift.firstAfter.runId) - 1000
        if (Math.abs(at - row.runnerChangeAt) > TOLERANCE) continue
        runnerShifts++
        if (shift.environmentChanged) labelled++
      }
    }
  })
  offset += row.histories.length
  total.ours = add(total.ours, ours)
  total.matched = add(total.matched, matched)
  total.plain = add(total.plain, plain)
  console.log(`| ${row.label} | ${cell(ours)} | ${cell(matched)} | ${cell(plain)} |`)
}
console.log(`| **all** | ${cell(total.ours)} | ${cell(total.matched)} | ${cell(total.plain)} |`)
console.log(
  `\nRunner-change row: ${labelled} of ${runnerShifts} shifts found at the runner change are labelled "environment changed".`,
)
console.log(
  `First pass (E-Divisive windows kept at p ≤ ${10 * opt.maxP}): the same points as Otava's in ${samePass} of ${all.length} histories.`,
)
console.log(
  `\nHistories where loadgate and Otava (same p and 5%) differ: ${differences.length} of ${all.length}`,
)
for (const line of differences) console.log(`- ${line}`)
