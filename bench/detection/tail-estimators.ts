// Can a better per-trial quantile estimate settle a p95 that rests on a few hundred requests?
// Two parts, the second only when kept runs are given:
// 1. Simulated (seeded): the SD of log p95 and log p50 from n requests, by k6's interpolated rank
//    and by Harrell–Davis, over smooth and bimodal latency distributions.
// 2. Recorded: fresh A/A runs kept with KEEP_RAW (bench/detection/detection-confirm.ts). Per gated series and
//    metric, the per-round SD of the head/base log-ratio with each estimator, and the part of it that
//    sampling alone explains (each trial's own bootstrap SD of log p95, combined over both arms).
//    What sampling does not explain is the machine and the instances, which no estimator removes.
//   node --import tsx bench/detection/tail-estimators.ts [KEPT_RUN_DIR ...]
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { readK6Output } from '../../src/measure/load/k6/parse'
import { percentile } from '../../src/measure/load/k6/values'
import { harrellDavisQuantile } from './harrell-davis'

type Estimator = (sorted: Float64Array, p: number) => number
const ESTIMATORS: Record<string, Estimator> = {
  interpolated: percentile,
  'Harrell–Davis': harrellDavisQuantile,
}

function sd(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1))
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`

function simulated(): string[] {
  let seed = 7
  const uniform = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const exponential = () => -Math.log(uniform())
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform())
  const shapes: Record<string, () => number> = {
    exponential: exponential,
    'log-normal, σ 0.5': () => Math.exp(0.5 * normal()),
    '3% of requests 5× slower': () => (uniform() < 0.03 ? 5 : 1) * (1 + 0.2 * exponential()),
  }
  const rows = [
    '| latencies | requests | metric | SD of log, interpolated | SD of log, Harrell–Davis | ratio |',
    '|---|---:|---|---:|---:|---:|',
  ]
  for (const [shape, draw] of Object.entries(shapes)) {
    for (const n of [100, 200, 750]) {
      for (const p of [0.5, 0.95]) {
        const logs: Record<string, number[]> = { interpolated: [], 'Harrell–Davis': [] }
        for (let r = 0; r < 2000; r++) {
          const sorted = Float64Array.from({ length: n }, draw).sort()
          for (const [name, estimate] of Object.entries(ESTIMATORS))
            logs[name]!.push(Math.log(estimate(sorted, p)))
        }
        const [a, b] = [sd(logs.interpolated!), sd(logs['Harrell–Davis']!)]
        rows.push(`| ${shape} | ${n} | p${p * 100} | ${pct(a)} | ${pct(b)} | ${(b / a).toFixed(2)} |`)
      }
    }
  }
  return rows
}

/** Each kept trial's latencies per series, sorted: `round → arm → series → values`. */
async function keptTrials(dir: string): Promise<Map<number, Map<string, Map<string, Float64Array>>>> {
  const rounds = new Map<number, Map<string, Map<string, Float64Array>>>()
  const files: string[] = []
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(path.join(at, entry.name))
      else if (/^round-\d+-(base|head)\.json\.gz$/.test(entry.name)) files.push(path.join(at, entry.name))
    }
  }
  await walk(dir)
  for (const file of files) {
    const [, round, arm] = /round-(\d+)-(base|head)/.exec(file)!
    const output = await readK6Output(file)
    const series = new Map<string, Float64Array>()
    for (const [key, acc] of output.series) series.set(key, acc.latencies.view().slice().sort())
    const byArm = rounds.get(Number(round)) ?? rounds.set(Number(round), new Map()).get(Number(round))!
    byArm.set(arm!, series)
  }
  return rounds
}

/** The bootstrap variance of log(quantile) of one trial's values. */
function bootstrapVariance(sorted: Float64Array, p: number, draws = 200): number {
  let seed = sorted.length * 7919 + 1
  const uniform = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const logs: number[] = []
  const resample = new Float64Array(sorted.length)
  for (let d = 0; d < draws; d++) {
    for (let i = 0; i < sorted.length; i++) resample[i] = sorted[Math.floor(uniform() * sorted.length)]!
    resample.sort()
    logs.push(Math.log(percentile(resample, p)))
  }
  return sd(logs) ** 2
}

interface SeriesRounds {
  ratios: Record<string, number[]>
  /** Per round, the bootstrap variance of the log-ratio from both trials' own requests. */
  samplingVariances: number[]
  requests: number[]
}

async function recorded(dirs: string[]): Promise<string[]> {
  const rows = new Map<string, SeriesRounds>()
  const rowOf = (id: string) =>
    rows.get(id) ??
    rows
      .set(id, { ratios: { interpolated: [], 'Harrell–Davis': [] }, samplingVariances: [], requests: [] })
      .get(id)!
  for (const dir of dirs) {
    for (const arms of (await keptTrials(dir)).values()) {
      const base = arms.get('base')
      const head = arms.get('head')
      if (!base || !head) continue
      for (const [key, baseValues] of base) {
        const headValues = head.get(key)
        if (!headValues || baseValues.length < 20 || headValues.length < 20) continue
        for (const p of [0.5, 0.95]) {
          const row = rowOf(`${key} | p${p * 100}`)
          for (const [name, estimate] of Object.entries(ESTIMATORS))
            row.ratios[name]!.push(Math.log(estimate(headValues, p) / estimate(baseValues, p)))
          row.samplingVariances.push(bootstrapVariance(baseValues, p) + bootstrapVariance(headValues, p))
          row.requests.push(baseValues.length, headValues.length)
        }
      }
    }
  }
  const table = [
    '| series | metric | requests a trial | rounds | per-round SD, interpolated | per-round SD, Harrell–Davis | of which sampling alone |',
    '|---|---|---:|---:|---:|---:|---:|',
  ]
  for (const [id, row] of [...rows].sort((a, b) => a[0].localeCompare(b[0]))) {
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
    table.push(
      `| ${id} | ${Math.round(mean(row.requests))} | ${row.ratios.interpolated!.length} | ` +
        `${pct(sd(row.ratios.interpolated!))} | ${pct(sd(row.ratios['Harrell–Davis']!))} | ` +
        `${pct(Math.sqrt(mean(row.samplingVariances)))} |`,
    )
  }
  return table
}

const dirs = process.argv.slice(2)
const out = ['Simulated, 2000 samples a row (seeded):', '', ...simulated(), '']
if (dirs.length)
  out.push(`Recorded, ${dirs.length} kept runs (${dirs.join(', ')}):`, '', ...(await recorded(dirs)), '')
process.stdout.write(`${out.join('\n')}\n`)
