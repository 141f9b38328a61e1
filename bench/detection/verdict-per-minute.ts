// What an answer costs: for saved runs (detection-confirm.ts with SAVE_DIR), each run's verdict as the
// shipped decision functions give it, its rounds, the minutes from the stacks' start to the last
// trial, the share of them in measured trials, how its warm-ups ended, and whether any gated metric
// read "likely over δ". Then, per folder, the counts and medians a batch is judged by. Each run's
// settings are printed beside it, so a batch that did not run with the product's defaults shows.
//   node --import tsx bench/detection/verdict-per-minute.ts DIR [DIR ...]
import { compareResults } from '../../src/decide'
import { median } from '../../src/decide/stats/basic'
import type { Comparison, ResultsFile, Verdict } from '../../src/model/types'
import { savedRuns } from './saved-runs'

const options = { failOn: ['REGRESSION' as Verdict, 'INVALID' as Verdict] }

function settingsText(results: ResultsFile): string {
  const s = results.settings
  const auto = results.meta.timing?.warmupAuto
  const warmup = s.warmupUntilSteady
    ? `steady≤${s.warmupSeconds}s`
    : auto
      ? `auto ${auto.seconds}s (${auto.runtimes.join('+') || 'no JIT'})`
      : `${s.warmupSeconds}s`
  const gated = [...new Set(s.thresholds.filter((t) => t.gate).map((t) => t.metric))].join('+')
  const window = median(results.trials.filter((t) => t.phase === 'measure').map((t) => t.durationSeconds))
  return `looks ${s.minRounds}–${s.maxRounds}, warm-up ${warmup}, ${window?.toFixed(1)} s trials, gated ${gated}`
}

function likelyOverDelta(comparison: Comparison): boolean {
  return comparison.series.some((s) => s.metrics.some((m) => m.gate && m.verdict === 'LIKELY_OVER_DELTA'))
}

function row(results: ResultsFile): {
  verdict: Verdict
  minutes: number | null
  share: number | null
  text: string
} {
  const comparison = compareResults(results, options)
  const timing = results.meta.timing
  const minutes = timing ? timing.wallSeconds / 60 : null
  const ends = timing?.warmupEnds
  const warmups = ends
    ? `${ends.steady} steady, ${ends.capped} capped, ${ends.seconds.map(Math.round).join('/')} s`
    : '–'
  const text = [
    comparison.verdict + (likelyOverDelta(comparison) ? ' (likely over δ)' : ''),
    comparison.rounds,
    minutes === null ? '–' : minutes.toFixed(1),
    timing ? `${Math.round(timing.measuredShare * 100)}%` : '–',
    warmups,
    settingsText(results),
  ].join(' | ')
  return { verdict: comparison.verdict, minutes, share: timing?.measuredShare ?? null, text: `| ${text} |` }
}

for (const dir of process.argv.slice(2)) {
  const rows = (await savedRuns(dir)).map(row)
  console.log(`\n${dir}\n`)
  console.log('| verdict | rounds | minutes | measured | warm-ups (min/median/max) | settings |')
  console.log('|---|---:|---:|---:|---|---|')
  for (const r of rows) console.log(r.text)
  const counts = new Map<string, number>()
  for (const r of rows) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1)
  const minutes = rows.flatMap((r) => (r.minutes === null ? [] : [r.minutes]))
  const shares = rows.flatMap((r) => (r.share === null ? [] : [r.share]))
  console.log(
    `\n${rows.length} runs: ${[...counts].map(([v, n]) => `${v} ${n}`).join(', ')}; ` +
      `median ${median(minutes)?.toFixed(1) ?? '–'} minutes; measured share ${shares.length ? `${Math.round(Math.min(...shares) * 100)}–${Math.round(Math.max(...shares) * 100)}%` : '–'}`,
  )
}
