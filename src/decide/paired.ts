import type { Comparison, ResultsFile } from '../model/types'
import { assemble, metricDraft, type Draft } from './assemble'
import { dispersion, spread } from './dispersion'
import { alphaFor, type CompareOptions } from './plan'
import { pairedSamples, validTrials } from './samples'
import { sampleSize } from './sample-size'
import { rulesFor, seriesKeys } from './series'
import { signedRankInterval } from './stats/signed-rank'

/** Same-job A/B: base and head trials paired by round (the gate). */
export function compareResults(results: ResultsFile, options: CompareOptions): Comparison {
  const alpha = alphaFor(results)
  const trials = [...validTrials(results, 'base'), ...validTrials(results, 'head')]
  const drafts: Draft[] = seriesKeys(results).map((s) => {
    const rules = rulesFor(s.key, results)
    const metrics = rules.map((threshold) => {
      const samples = pairedSamples(results, s.key, threshold.metric, threshold.absolute)
      const stats = samples.differences.length > 0 ? signedRankInterval(samples.differences, 1 - alpha) : null
      return metricDraft(threshold, samples, stats)
    })
    const spreads = dispersion(
      spread(validTrials(results, 'base'), s.key),
      spread(validTrials(results, 'head'), s.key),
    )
    const size = sampleSize(trials, s.key, rules)
    return { series: { ...s, dispersion: spreads, ...(size ? { sampleSize: size } : {}) }, metrics }
  })
  return assemble(results, drafts, 'paired', options, alpha)
}

/** Stop after min-rounds unless a gated metric is still inconclusive (one planned extension). */
export function needsExtension(results: ResultsFile, options: CompareOptions): boolean {
  const comparison = compareResults(results, options)
  if (comparison.verdict === 'INVALID' || comparison.verdict === 'REGRESSION') return false
  return comparison.series.some((s) => s.metrics.some((m) => m.gate && m.verdict === 'INCONCLUSIVE'))
}
