import type { FailOn, MetricVerdict, OutcomeVerdict, Verdict } from '../model/types'

/**
 * Every verdict from most to least severe: how metric verdicts combine into a series verdict,
 * series verdicts into a run's, and several benchmarks' verdicts into one.
 */
export const VERDICT_SEVERITY: readonly Verdict[] = [
  'INVALID',
  'NOTHING_GATED',
  'REGRESSION',
  'TARGET_MISSED',
  'LIKELY_OVER_DELTA',
  'INCONCLUSIVE',
  'IMPROVEMENT',
  'NO_CHANGE',
  'NO_BASE',
]

/** The same order without INVALID, NOTHING_GATED and NO_BASE, which only a whole run can be. */
export const METRIC_VERDICT_SEVERITY: readonly MetricVerdict[] = VERDICT_SEVERITY.filter(
  (verdict): verdict is MetricVerdict =>
    verdict !== 'INVALID' && verdict !== 'NOTHING_GATED' && verdict !== 'NO_BASE',
)

/** A verdict's place in the order: lower is more severe. */
export function severityRank(verdict: Verdict): number {
  return VERDICT_SEVERITY.indexOf(verdict)
}

/** The most severe of several benchmarks' outcomes; ERROR (loadgate failed) above every verdict. */
export function worstVerdict(verdicts: Array<OutcomeVerdict | null>): OutcomeVerdict | null {
  if (verdicts.includes('ERROR')) return 'ERROR'
  let worst: Verdict | null = null
  for (const verdict of verdicts) {
    if (verdict === 'ERROR') continue
    if (verdict && (worst === null || severityRank(verdict) < severityRank(worst))) worst = verdict
  }
  return worst
}

/** The worst of some metric verdicts; no change when there are none (nothing gated). */
export function worstMetricVerdict(verdicts: MetricVerdict[]): MetricVerdict {
  return METRIC_VERDICT_SEVERITY.find((verdict) => verdicts.includes(verdict)) ?? 'NO_CHANGE'
}

/**
 * Whether `fail-on` fails this verdict: naming INCONCLUSIVE also fails one that is likely over δ,
 * naming REGRESSION a missed target (a limit the team set, as the gate always blocked on it).
 * NOTHING_GATED always fails, whatever `fail-on` says: a gate that gates nothing must not pass for one.
 * NO_BASE never fails: the pull request that adopts loadgate has no base to compare with, and its
 * first contact with the gate must not be a red status (`fail-on` cannot name it).
 */
export function failsOn(failOn: readonly FailOn[], verdict: Verdict): boolean {
  if (verdict === 'NOTHING_GATED') return true
  if (verdict === 'NO_BASE') return false
  return (
    failOn.includes(verdict) ||
    (verdict === 'LIKELY_OVER_DELTA' && failOn.includes('INCONCLUSIVE')) ||
    (verdict === 'TARGET_MISSED' && failOn.includes('REGRESSION'))
  )
}
