// The gate's decision on simulated rounds, with the shipped functions: at each look of the plan,
// every metric's paired interval (pairedInterval), the family-wise test over the gated metrics
// (adjustFamily: maxT over rounds flipped jointly) and each metric's verdict (classify); the run
// stops at the first look where a regression is clear or every gated metric is decided, as
// needsMoreRounds does; at that look, the informational metrics' arrows (their own family's maxT).
// Used by sensitivity.ts (one gated metric) and family-aa.ts (the default rules' family).
import { adjustFamily, type FamilyMember } from '../../src/decide/assemble'
import { classify, type AdjustedP } from '../../src/decide/classify'
import { informMoved } from '../../src/model/format'
import { pairedInterval } from '../../src/decide/paired-test'
import { lookAlpha } from '../../src/decide/plan'
import { analysisMargin } from '../../src/decide/rules'
import { planLooks } from '../../src/decide/sequential'
import { worstMetricVerdict } from '../../src/decide/severity'
import { maxTAdjusted } from '../../src/decide/stats/max-t'
import { signFlipInterval } from '../../src/decide/stats/sign-flip'
import type { MetricThreshold, MetricVerdict } from '../../src/model/types'

/** One metric of a simulated run: its rule and its per-round difference (log-ratio, or points) for every round. */
export interface SimulatedMetric {
  rule: MetricThreshold
  differences: number[]
}

export interface SimulatedOutcome {
  /** The worst gated verdict, as the run reports it. */
  verdict: MetricVerdict
  /** The same run's verdict had LIKELY_OVER_DELTA been tested per metric, without the family correction. */
  uncorrectedVerdict: MetricVerdict
  rounds: number
  /** Informational metrics that show an arrow (↑ ↓) at the stopping look: corrected over their family, and each on its own. */
  arrows: number
  arrowsUncorrected: number
}

export interface GateOptions {
  minRounds: number
  maxRounds: number
  /** Judge by the mean and its sign-flip test instead of ranks (for comparison, single metrics only). */
  mean?: boolean
}

export function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** The family test by the mean, unclipped (what TEST=mean compares against); otherwise as shipped. */
function adjustByMean(members: FamilyMember[]): Map<FamilyMember, AdjustedP> {
  const sided = (m: FamilyMember, sign: number, shift: number) =>
    m.byRound.map((d) => (d === null ? null : sign * d - shift))
  const half = (m: FamilyMember) => analysisMargin(m.threshold, 1 / 2)
  const bad = maxTAdjusted(members.map((m) => sided(m, 1, half(m))))
  const worse = maxTAdjusted(members.map((m) => sided(m, 1, 0)))
  const good = maxTAdjusted(members.map((m) => sided(m, -1, 0)))
  return new Map(
    members.map((m, i) => [
      m,
      { bad: m.stats!.low > half(m) ? bad[i]! : 1, worse: worse[i]!, good: good[i]! },
    ]),
  )
}

function members(metrics: SimulatedMetric[], n: number, options: GateOptions) {
  const alpha = lookAlpha(options.minRounds, options.maxRounds)
  return metrics.map((m) => {
    const byRound = m.differences.slice(0, n)
    const stats = options.mean
      ? signFlipInterval(byRound, alpha)
      : pairedInterval(byRound, m.rule.absolute, alpha)
    return { threshold: m.rule, stats, byRound }
  })
}

function judgeLook(metrics: SimulatedMetric[], n: number, options: GateOptions, final: boolean) {
  const alpha = lookAlpha(options.minRounds, options.maxRounds)
  const gated = members(metrics, n, options).filter((m) => m.threshold.gate && Number.isFinite(m.stats.p))
  const adjusted = options.mean ? adjustByMean(gated) : adjustFamily(gated, 'paired')
  const verdicts = gated.map((m) => {
    const p = adjusted.get(m)!
    return {
      corrected: classify(m.threshold, m.stats, p, gated.length, alpha, final).verdict,
      uncorrected: classify(m.threshold, m.stats, { ...p, worse: 0 }, gated.length, alpha, final).verdict,
    }
  })
  return {
    verdict: worstMetricVerdict(verdicts.map((v) => v.corrected)),
    uncorrectedVerdict: worstMetricVerdict(verdicts.map((v) => v.uncorrected)),
    undecided: verdicts.some((v) => v.corrected === 'INCONCLUSIVE' || v.corrected === 'LIKELY_OVER_DELTA'),
  }
}

/**
 * The informational metrics' arrows at the stopping look, as assemble gives them: classify with
 * the p-values of their own family (maxT), and, for comparison, with each metric's own p-values.
 */
function informationalArrows(metrics: SimulatedMetric[], n: number, options: GateOptions) {
  const alpha = lookAlpha(options.minRounds, options.maxRounds)
  const informs = members(metrics, n, options).filter((m) => !m.threshold.gate && Number.isFinite(m.stats.p))
  if (informs.length === 0) return { arrows: 0, arrowsUncorrected: 0 }
  const family = adjustFamily(informs, 'paired')
  const arrow = (m: (typeof informs)[number], p: AdjustedP) => {
    const verdict = classify(m.threshold, m.stats, p, informs.length, alpha, true).verdict
    return informMoved({ gate: false, verdict, change: m.stats.estimate })
  }
  return {
    arrows: informs.filter((m) => arrow(m, family.get(m)!)).length,
    arrowsUncorrected: informs.filter((m) => arrow(m, adjustFamily([m], 'paired').get(m)!)).length,
  }
}

/** One simulated run through the plan's looks, stopping as the gate stops. */
export function judgeRun(metrics: SimulatedMetric[], options: GateOptions): SimulatedOutcome {
  const looks = planLooks(options.minRounds, options.maxRounds)
  for (const [i, n] of looks.entries()) {
    const final = i === looks.length - 1
    const look = judgeLook(metrics, n, options, final)
    if (final || look.verdict === 'REGRESSION' || !look.undecided) {
      // A stopped run is judged as a last look (δ 0 rules differ there only).
      const last = final ? look : judgeLook(metrics, n, options, true)
      return {
        verdict: last.verdict,
        uncorrectedVerdict: last.uncorrectedVerdict,
        rounds: n,
        ...informationalArrows(metrics, n, options),
      }
    }
  }
  throw new Error('unreachable')
}

export function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** A count of runs as a percentage of them. */
export function percent(count: number, runs: number): string {
  return `${((100 * count) / runs).toFixed(1)}%`
}

/** The largest 95% half-width of a proportion over `runs` runs (at 50%), in points. */
export function worstHalfWidth(runs: number): number {
  return 196 * Math.sqrt(0.25 / runs)
}
