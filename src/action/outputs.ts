import * as core from '@actions/core'
import { worstVerdict } from '../decide'
import type { BenchmarkOutcome } from '../pipeline'
import { logLine } from './log'

/** One benchmark in the `verdicts-json` output: what a later step forwards (Slack, release notes). */
export interface BenchmarkVerdict {
  benchmark: string
  verdict: string | null
  blocking: boolean
  headline: string
  /** Every gated metric: its change (a fraction; absolute for absolute rules) and interval. */
  gated: Array<{
    series: string
    metric: string
    verdict: string
    change: number | null
    ci: { low: number; high: number } | null
  }>
}

export function benchmarkVerdicts(outcomes: BenchmarkOutcome[]): BenchmarkVerdict[] {
  return outcomes.map((o) => ({
    benchmark: o.benchmark,
    verdict: o.verdict,
    blocking: o.blocking,
    headline: o.headline,
    gated: (o.comparison?.series ?? []).flatMap((series) =>
      series.metrics
        .filter((m) => m.gate)
        .map((m) => ({
          series: series.key,
          metric: m.metric,
          verdict: m.verdict,
          change: m.change,
          ci: m.ci ? { low: m.ci.low, high: m.ci.high } : null,
        })),
    ),
  }))
}

const lines = (values: Array<string | undefined>) => values.filter(Boolean).join('\n')

/** The step's outputs: one value for all benchmarks, one line (or comment) per benchmark. */
export function setOutputs(outcomes: BenchmarkOutcome[], workDir: string): void {
  core.setOutput('verdict', worstVerdict(outcomes.map((o) => o.verdict)) ?? '')
  core.setOutput('results-file', outcomes.length === 1 ? (outcomes[0]?.resultsFile ?? '') : workDir)
  core.setOutput('comment-url', lines(outcomes.map((o) => o.commentUrl)))
  core.setOutput('dashboard-url', outcomes.find((o) => o.dashboardUrl)?.dashboardUrl ?? '')
  core.setOutput('comparison-file', lines(outcomes.map((o) => o.comparisonFile)))
  core.setOutput('report-html-file', lines(outcomes.map((o) => o.reportHtmlFile)))
  core.setOutput(
    'comment-markdown',
    outcomes
      .map((o) => o.commentMarkdown ?? '')
      .filter(Boolean)
      .join('\n\n'),
  )
  core.setOutput('verdicts-json', JSON.stringify(benchmarkVerdicts(outcomes)))
}

/**
 * An error annotation per blocked benchmark, so the run's page says why without its log. The
 * runner escapes what would end the command; control characters (untrusted names) become `?`.
 */
export function annotateBlocked(outcomes: BenchmarkOutcome[]): void {
  for (const outcome of outcomes.filter((o) => o.blocking))
    core.error(logLine(outcome.headline), { title: logLine(`loadgate · ${outcome.benchmark}`) })
}
