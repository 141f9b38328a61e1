import type { Comparison, ResultsFile, RunRecord } from '../model/types'
import { assemble, metricDraft, type Draft } from './assemble'
import { dispersion, spread } from './dispersion'
import { ALPHA, type CompareOptions } from './plan'
import { transformAll, unpairedSamples, validTrials } from './samples'
import { rulesFor, seriesKeys } from './series'
import { rankSumInterval } from './stats/rank-sum'

/**
 * `baseline: stored`: head trials of this run against the stored trials of a base-branch run,
 * unpaired (two-sample Hodges–Lehmann, Mann–Whitney interval). A cross-run comparison: the
 * machine and its load may differ between the two runs, which the report says.
 */
export function compareWithStored(
  results: ResultsFile,
  baseline: RunRecord,
  options: CompareOptions,
): Comparison {
  // One look only: a stored baseline is never extended, so no Pocock level.
  const alpha = ALPHA
  const head = validTrials(results, 'head')
  const drafts: Draft[] = seriesKeys(results).map((s) => {
    const metrics = rulesFor(s.key, results).map((threshold) => {
      const stored = baseline.trials[s.key]?.[threshold.metric] ?? []
      const samples = unpairedSamples(stored, head, s.key, threshold.metric)
      const x = transformAll(samples.base, threshold.absolute)
      const y = transformAll(samples.head, threshold.absolute)
      const stats = x.length && y.length ? rankSumInterval(x, y, 1 - alpha) : null
      return metricDraft(threshold, samples, stats)
    })
    return { series: { ...s, dispersion: dispersion(null, spread(head, s.key)) }, metrics }
  })
  const comparison = assemble(results, drafts, 'stored', options, alpha)
  comparison.meta = { ...comparison.meta, base: baseline.meta.head }
  return comparison
}
