// Detection quality of the default settings, measured on real recordings (bench/recordings/,
// written by bench/detection/detection-record.ts): each scenario's rounds are resampled into many runs of a
// given length, and each run is judged exactly as the gate judges one. Prints, per scenario and run
// length, how often the verdict is REGRESSION / NO CHANGE / INCONCLUSIVE, next to what a
// single-sample ratio threshold (one base trial against one head trial) says on the same trials.
//   node --import tsx bench/detection/detection.ts [resamples=2000]
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { seededRandom } from '../../src/measure/schedule'
import { compareResults, looksOf, needsMoreRounds } from '../../src/decide'
import type { Comparison, ResultsFile, Trial } from '../../src/model/types'

const RESAMPLES = Number(process.argv[2] ?? 2000)
const DIR = path.resolve('bench/recordings')
const options = { failOn: ['REGRESSION' as const, 'INVALID' as const] }
const RATIOS = [1.1, 1.5, 2]
/** Table order: the A/A control first, then the injected changes from small to large. */
const ORDER = ['a-a', 'latency+5%', 'latency+10%', 'latency+20%', 'cpu+10%']
/** Run lengths: fixed rounds, and the default (looks at 10, 15 and 20 rounds, stopping once settled). */
const PLANS = [
  { label: '6', min: 6, max: 6 },
  { label: '10', min: 10, max: 10 },
  { label: '20', min: 20, max: 20 },
  { label: '10→15→20 (default)', min: 10, max: 20 },
]

interface Round {
  base: Trial
  head: Trial
}

function roundsOf(results: ResultsFile): Round[] {
  const measured = results.trials.filter((t) => t.phase === 'measure')
  const byRound = new Map<number, Partial<Round>>()
  for (const t of measured) (byRound.get(t.round) ?? byRound.set(t.round, {}).get(t.round)!)[t.arm] = t
  return [...byRound.values()].filter((r): r is Round => Boolean(r.base && r.head))
}

/** A results file holding `picked` rounds (renumbered), as a run with that plan would have. */
function runOf(template: ResultsFile, picked: Round[], plan: { min: number; max: number }): ResultsFile {
  return {
    ...template,
    settings: { ...template.settings, minRounds: plan.min, maxRounds: plan.max },
    schedule: picked.map(() => ['base', 'head']),
    trials: picked.flatMap((r, i) => [
      { ...r.base, round: i + 1 },
      { ...r.head, round: i + 1 },
    ]),
  }
}

/** `n` distinct recorded rounds, drawn without replacement. */
function draw(rounds: Round[], n: number, random: () => number): Round[] {
  const pool = [...rounds]
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i))
    ;[pool[i], pool[j]] = [pool[j]!, pool[i]!]
  }
  return pool.slice(0, n)
}

function judge(template: ResultsFile, rounds: Round[], plan: (typeof PLANS)[number], random: () => number) {
  const picked = draw(rounds, plan.max, random)
  const looks = looksOf(runOf(template, picked, plan))
  for (const look of looks.slice(0, -1)) {
    const partial = runOf(template, picked.slice(0, look), plan)
    if (!needsMoreRounds(partial, options)) return compareResults(partial, options)
  }
  return compareResults(runOf(template, picked, plan), options)
}

/** The single-sample rule: alarm when any endpoint's p50 or p95 in the head trial exceeds ratio × base. */
function ratioAlarm(round: Round, ratio: number): boolean {
  return round.head.series.some((h) => {
    if (h.key === 'all requests' || !h.latency) return false
    const b = round.base.series.find((s) => s.key === h.key)?.latency
    return Boolean(b && (h.latency.p50 > ratio * b.p50 || h.latency.p95 > ratio * b.p95))
  })
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7)
const formatAmount = (x: number, absolute: boolean) =>
  absolute ? `${(100 * x).toFixed(2)} pp` : `${(100 * x).toFixed(1)}%`
/** Median head/base ratio over (base, head) pairs, as a signed percentage. */
function medianRatio(pairs: (number | null)[][]): string {
  const ratios = pairs.flatMap(([b, h]) => (b && h ? [h / b] : [])).sort((a, b) => a - b)
  if (ratios.length === 0) return '—'
  const change = ratios[Math.floor(ratios.length / 2)]! - 1
  return `${change >= 0 ? '+' : '−'}${Math.abs(100 * change).toFixed(1)}%`
}

/** CPU seconds of every service in the trial per request served. */
function cpuPerRequest(t: Trial): number | null {
  const all = t.series.find((s) => s.key === 'all requests')?.requests ?? 0
  if (!all || t.resources.some((r) => r.cpuSeconds === null)) return null
  return t.resources.reduce((sum, r) => sum + r.cpuSeconds!, 0) / all
}

const floorUnits = new Map<string, string>()
const rank = (file: string) => {
  const i = ORDER.indexOf(file.replace(/\.json\.gz$/, ''))
  return i === -1 ? ORDER.length : i
}
const files = (await readdir(DIR))
  .filter((f) => f.endsWith('.json.gz'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
if (files.length === 0)
  throw new Error(`no recordings in ${DIR}: run bench/detection/detection-record.ts first`)

const lines: string[] = []
lines.push(
  `| scenario | rounds | P(regression) | P(no change) | P(inconclusive) | P(improvement) | P(invalid) |`,
  `|---|---|---:|---:|---:|---:|---:|`,
)
const ratioLines = [
  `| scenario | recorded rounds | ${RATIOS.map((r) => `alarm at ${Math.round(r * 100)}%`).join(' | ')} | endpoint p50 change | CPU per request change |`,
  `|---|---:|${RATIOS.map(() => '---:').join('|')}|---:|---:|`,
]
const floorLines: string[] = []
for (const file of files) {
  const scenario = file.replace(/\.json\.gz$/, '')
  const results = JSON.parse(gunzipSync(await readFile(path.join(DIR, file))).toString()) as ResultsFile
  const rounds = roundsOf(results)
  for (const plan of PLANS) {
    if (plan.max > rounds.length) continue
    const random = seededRandom(plan.max * 7919 + scenario.length)
    const counts = {
      REGRESSION: 0,
      NO_CHANGE: 0,
      INCONCLUSIVE: 0,
      LIKELY_OVER_DELTA: 0,
      TARGET_MISSED: 0,
      IMPROVEMENT: 0,
      INVALID: 0,
      NOTHING_GATED: 0,
      NO_BASE: 0,
    }
    let extended = 0
    for (let i = 0; i < RESAMPLES; i++) {
      const c: Comparison = judge(results, rounds, plan, random)
      counts[c.verdict]++
      if (c.rounds > plan.min) extended++
    }
    const p = (v: keyof typeof counts) => pct(counts[v] / RESAMPLES)
    const note = plan.max > plan.min ? ` (${pct(extended / RESAMPLES).trim()} extended)` : ''
    lines.push(
      `| ${scenario} | ${plan.label}${note} | ${p('REGRESSION')} | ${p('NO_CHANGE')} | ${p('INCONCLUSIVE')} | ${p('IMPROVEMENT')} | ${p('INVALID')} |`,
    )
  }
  const p50 = (t: Trial, key: string) => t.series.find((x) => x.key === key)?.latency?.p50 ?? null
  const endpoints = rounds[0]!.base.series.filter((x) => x.key !== 'all requests').map((x) => x.key)
  const p50Change = medianRatio(
    rounds.flatMap((r) => endpoints.map((key) => [p50(r.base, key), p50(r.head, key)])),
  )
  const cpuChange = medianRatio(rounds.map((r) => [cpuPerRequest(r.base), cpuPerRequest(r.head)]))
  ratioLines.push(
    `| ${scenario} | ${rounds.length} | ${RATIOS.map((ratio) => pct(rounds.filter((r) => ratioAlarm(r, ratio)).length / rounds.length)).join(' | ')} | ${p50Change} | ${cpuChange} |`,
  )
  if (scenario === 'a-a') {
    // The noise floor the comparison reports (the smallest change it could tell from noise), per
    // gated metric, at 10 and 20 rounds: the median over resamples.
    for (const n of [10, 20]) {
      const random = seededRandom(n)
      const floors = new Map<string, number[]>()
      for (let i = 0; i < 400; i++) {
        const c = compareResults(runOf(results, draw(rounds, n, random), { min: n, max: n }), options)
        for (const s of c.series)
          for (const m of s.metrics.filter((m) => m.gate && m.noiseFloor !== null)) {
            const where = s.key === 'all requests' ? 'all requests' : 'each endpoint'
            const key = `${m.metric} of ${where} (δ ${formatAmount(m.delta, m.absolute)})`
            const unit = m.absolute ? 'pp' : '%'
            floorUnits.set(key, unit)
            ;(floors.get(key) ?? floors.set(key, []).get(key)!).push(m.noiseFloor!)
          }
      }
      for (const [key, values] of [...floors].sort()) {
        values.sort((a, b) => a - b)
        const median = values[Math.floor(values.length / 2)]!
        floorLines.push(`| ${key} | ${n} | ±${formatAmount(median, floorUnits.get(key) === 'pp')} |`)
      }
    }
  }
}

process.stdout.write(
  [
    `Verdicts of resampled runs (${RESAMPLES} per row; rounds drawn without replacement from the recordings):`,
    '',
    ...lines,
    '',
    'Single-sample ratio thresholds on the same recordings (one base trial against one head trial, every recorded round;',
    'an alarm when any endpoint’s p50 or p95 exceeds the ratio), and the change each scenario really made (median over',
    'rounds and endpoints of head/base):',
    '',
    ...ratioLines,
    '',
    'Default δ against the noise floor measured on A/A (median over resampled runs; gated metrics, all series):',
    '',
    '| metric (default δ) | rounds | noise floor |',
    '|---|---:|---:|',
    ...floorLines,
    '',
  ].join('\n'),
)
