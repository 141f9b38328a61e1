import { planReach, smallestGatedFamily } from '../decide/plan'
import type { FailOn } from '../model/types'
import type { RunMode } from './run-mode'
import type { BenchmarkSettings } from './types'
import { fail } from './values'

export interface RoundsPlan {
  mode: RunMode
  /** The raw `baseline` input: a stored baseline is one look of head trials, not rounds of pairs. */
  baseline: string
  minRounds: number
  maxRounds: number
  failOn: FailOn[]
  benchmarks: BenchmarkSettings[]
}

/**
 * Refuses a gate whose rounds can never find a significant regression: at max-rounds the smallest
 * one-sided p (2⁻ⁿ, which the family-wise adjustment also reaches) stays above the looks' level. A gated
 * absolute target blocks without significance, so a plan with one can always block.
 */
export function checkRoundsPlan(plan: RoundsPlan): void {
  if (
    (plan.mode !== 'compare' && plan.mode !== 'merge') ||
    plan.baseline === 'stored' ||
    !plan.failOn.includes('REGRESSION')
  )
    return
  for (const benchmark of plan.benchmarks) {
    if (benchmark.thresholds.some((t) => t.gate && t.target)) continue
    const family = smallestGatedFamily(benchmark.thresholds)
    if (family === 0) continue
    const reach = planReach(plan.minRounds, plan.maxRounds, family, plan.benchmarks.length)
    if (reach.canBlock) continue
    fail(
      'max-rounds',
      String(plan.maxRounds),
      `at least ${reach.workableMaxRounds} with min-rounds ${plan.minRounds}: ${plan.maxRounds} rounds reach a ` +
        `p of ${Number(reach.smallestP.toPrecision(3))} at best for the gated metrics of benchmark '${benchmark.name}', ` +
        `above the level ${Number(reach.alpha.toPrecision(3))} of each look, so no regression could ever block (fail-on: INVALID for a run that only measures)`,
    )
  }
}
