import type { Comparison, ResultsFile } from '../model/types'
import { assemble, metricDraft, type Draft } from './assemble'
import { describeHeadline } from './headline'
import { ALPHA, type CompareOptions } from './plan'
import { unpairedSamples, validTrials } from './samples'
import { rulesFor, seriesKeys } from './series'
import { dispersion, spread } from './dispersion'
import { failsOn } from './severity'

/** What each metric says when there is no base: shown beside the head's figures. */
export const NO_BASE_NOTE = 'no base to compare with'

/**
 * The head measured alone, because the base could not be (the pull request that adopts loadgate,
 * whose base cannot run even with the head's harness): its figures and absolute targets, and no
 * comparison. The verdict is NO_BASE — never an approval of "no change" — and passes; a head whose
 * own run cannot be trusted is INVALID as ever.
 */
export function compareHeadAlone(results: ResultsFile, options: CompareOptions): Comparison {
  const head = validTrials(results, 'head')
  const drafts: Draft[] = seriesKeys(results).map((s) => ({
    series: { ...s, dispersion: dispersion(null, spread(head, s.key)) },
    metrics: rulesFor(s.key, results).map((threshold) =>
      metricDraft(threshold, unpairedSamples([], head, s.key, threshold.metric), null, NO_BASE_NOTE),
    ),
  }))
  const comparison = assemble(results, drafts, 'head-only', options, ALPHA)
  if (comparison.verdict !== 'INVALID') {
    comparison.verdict = 'NO_BASE'
    comparison.blocking = failsOn(options.failOn, 'NO_BASE')
    comparison.headline = describeHeadline(comparison)
  }
  return comparison
}
