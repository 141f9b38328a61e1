import type { Verdict } from '../model/types'

/** From most to least severe: the order in which several benchmarks' verdicts combine. */
const SEVERITY: Verdict[] = ['INVALID', 'REGRESSION', 'INCONCLUSIVE', 'IMPROVEMENT', 'NO_CHANGE']

export function worstVerdict(verdicts: Array<Verdict | null>): Verdict | null {
  let worst: Verdict | null = null
  for (const verdict of verdicts) {
    if (verdict && (worst === null || SEVERITY.indexOf(verdict) < SEVERITY.indexOf(worst))) worst = verdict
  }
  return worst
}
