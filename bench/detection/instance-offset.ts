// Is a run's interval honest about the instances it measured? Fresh A/A runs of the bundled example
// (the head is the base commit itself) with `fresh-instances: run` (one stack instance per arm for
// the whole run) and `round` (new instances every round), the modes taking turns. Per mode and per
// gated series and metric it prints: the mean over runs of each run's mean head − base log-ratio,
// the spread (SD) of those per-run means, the mean half-width of the runs' own intervals, and how
// many runs' intervals cover 0 (the truth). An interval that accounts for the instance offset has
// 1.96 × SD ≲ its half-width and covers 0 at its stated level; wall time per run follows.
//   node --import tsx bench/detection/instance-offset.ts [--runs=6] [--rounds=10] [--trial-duration=5s] [--modes=run,round]
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { measure } from '../../src/measure/measure'
import { metricValue } from '../../src/model/metrics'
import type { MetricId, ResultsFile } from '../../src/model/types'
import { makeExampleRepo } from '../../testkit/example-repo'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'

const flag = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const runs = Number(flag('runs', '6'))
const rounds = Number(flag('rounds', '10'))
const trialDuration = flag('trial-duration', '5s')
const modes = flag('modes', 'run,round').split(',')

interface MetricOfRun {
  /** Mean over rounds of ln(head / base). */
  meanLogRatio: number
  /** The run's own interval of the change, as log-ratios; null where the run gave none. */
  interval: { low: number; high: number; level: number } | null
}

/** One A/A run: the example measured against itself; returns its results and wall time. */
async function runAA(mode: string, index: number): Promise<{ results: ResultsFile; seconds: number }> {
  const repo = await makeExampleRepo()
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-offset-'))
  const started = Date.now()
  try {
    const { resultsPath } = await measure({
      settings: settingsFor(repo.dir, {
        'work-dir': workDir,
        'min-rounds': String(rounds),
        'max-rounds': String(rounds),
        warmup: '3s',
        'fresh-instances': mode,
        'fail-on': 'INVALID',
        seed: String(7919 * index + 17),
      }),
      bench: exampleBenchmark({ k6Env: { DURATION: trialDuration, RATE: '100' } }),
      arms: ['base', 'head'],
      // Head = base: the same commit in both arms, so the true change is exactly zero.
      baseSha: repo.headSha,
      meta: { runId: `off${process.pid}`, runUrl: '', repository: '', event: 'local', pullRequest: null },
      onProgress: (e) => process.stderr.write(`${mode} #${index}: ${e.message}\n`),
    })
    const results = JSON.parse(await readFile(resultsPath, 'utf8')) as ResultsFile
    return { results, seconds: (Date.now() - started) / 1000 }
  } finally {
    await rm(workDir, { recursive: true, force: true })
    await repo.cleanup()
  }
}

/** Per gated relative metric ("<series> <metric>"): the run's mean log-ratio and its interval. */
function metricsOfRun(results: ResultsFile): Map<string, MetricOfRun> {
  const comparison = compareResults(results, { failOn: ['INVALID'] })
  const out = new Map<string, MetricOfRun>()
  for (const series of comparison.series) {
    for (const metric of series.metrics) {
      if (!metric.gate || metric.absolute) continue
      const logRatios = pairedLogRatios(results, series.key, metric.metric)
      if (!logRatios.length) continue
      const { ci } = metric
      out.set(`${series.key} ${metric.metric}`, {
        meanLogRatio: mean(logRatios),
        interval:
          ci && ci.low > -1 && Number.isFinite(ci.high)
            ? { low: Math.log1p(ci.low), high: Math.log1p(ci.high), level: ci.level }
            : null,
      })
    }
  }
  return out
}

function pairedLogRatios(results: ResultsFile, key: string, metric: MetricId): number[] {
  const measured = results.trials.filter((t) => t.phase === 'measure' && t.valid)
  const ratios: number[] = []
  for (let round = 1; round <= rounds; round++) {
    const value = (arm: string) => {
      const trial = measured.find((t) => t.round === round && t.arm === arm)
      return trial ? metricValue(trial, key, metric) : null
    }
    const [base, head] = [value('base'), value('head')]
    if (base && head && base > 0 && head > 0) ratios.push(Math.log(head / base))
  }
  return ratios
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
const sd = (values: number[]) => {
  if (values.length < 2) return NaN
  const m = mean(values)
  return Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / (values.length - 1))
}
const pct = (logRatio: number) => (Number.isFinite(logRatio) ? `${(logRatio * 100).toFixed(2)}%` : '–')

const perMode = new Map(
  modes.map((mode) => [mode, { runs: [] as Map<string, MetricOfRun>[], seconds: [] as number[] }]),
)
for (let index = 1; index <= runs; index++) {
  // The modes take turns, so a slow drift of the machine meets both alike.
  for (const mode of modes) {
    const { results, seconds } = await runAA(mode, index)
    const entry = perMode.get(mode)!
    entry.runs.push(metricsOfRun(results))
    entry.seconds.push(seconds)
    if (results.error) process.stderr.write(`${mode} #${index}: ${results.error}\n`)
  }
}

const lines = [
  `Fresh A/A runs of the bundled example (head = base commit): ${runs} per mode, ${rounds} rounds, ` +
    `${trialDuration} trials at 100 requests/s, 3s warm-up per instance.`,
  '',
]
for (const [mode, { runs: ofRuns, seconds }] of perMode) {
  lines.push(`fresh-instances: ${mode}`, '')
  lines.push(
    '| series metric | runs | mean of run means | SD of run means | 1.96 × SD | mean half-width (level) | cover 0 |',
  )
  lines.push('|---|---:|---:|---:|---:|---:|---:|')
  const keys = [...new Set(ofRuns.flatMap((m) => [...m.keys()]))].sort()
  for (const key of keys) {
    const found = ofRuns.map((m) => m.get(key)).filter((m): m is MetricOfRun => m !== undefined)
    const means = found.map((m) => m.meanLogRatio)
    const intervals = found.flatMap((m) => (m.interval ? [m.interval] : []))
    const halfWidth = intervals.length ? mean(intervals.map((i) => (i.high - i.low) / 2)) : NaN
    const level = intervals.length ? `${(mean(intervals.map((i) => i.level)) * 100).toFixed(1)}%` : '–'
    const covering = intervals.filter((i) => i.low <= 0 && i.high >= 0).length
    lines.push(
      `| ${key} | ${found.length} | ${pct(mean(means))} | ${pct(sd(means))} | ${pct(1.96 * sd(means))} | ` +
        `${pct(halfWidth)} (${level}) | ${covering}/${intervals.length} |`,
    )
  }
  const wall = seconds.map((s) => `${s.toFixed(0)} s`).join(', ')
  lines.push('', `wall time per run: ${wall} (mean ${mean(seconds).toFixed(0)} s)`, '')
}
process.stdout.write(`${lines.join('\n')}\n`)
