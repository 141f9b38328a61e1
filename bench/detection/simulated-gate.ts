// The gate's decision on simulated rounds, with the shipped functions: at each look of the plan,
// every metric's paired interval (pairedInterval), the family-wise test over the gated metrics
// (adjustFamily: maxT over rounds flipped jointly) and each metric's verdict (classify); the run
// stops at the first look where a regression is clear or every gated metric is decided, as
// needsMoreRounds does; at that look, the informational metrics' arrows (their own family's maxT).
// With one instance per arm (`oneInstance`), every gated metric is judged as compareResults judges
// such a run (withFewInstances, judgeMetric) and the run stops at its first look, as
// needsMoreRounds stops it. An error rate with `counts` gets the shipped interval on its pooled
// counts. Used by sensitivity.ts (one gated metric), family-aa.ts (the default rules' family) and
// gate-oc.ts (the gate's operating characteristic).
import { adjustFamily, judgeMetric, type FamilyMember } from '../../src/decide/assemble'
import { classify, type AdjustedP } from '../../src/decide/classify'
import { ONE_INSTANCE_REASON } from '../../src/decide/instance-pairs'
import { withFewInstances } from '../../src/decide/paired'
import { pairedInterval, type PairedCounts } from '../../src/decide/paired-test'
import { informMoved } from '../../src/model/format'
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
  /** An error rate's failed and total requests of each arm, round by round (what its interval pools). */
  counts?: PairedCounts[]
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
  /** One instance per arm for the whole run (`fresh-instances: run`, a URL target). */
  oneInstance?: boolean
  /** An error rate's interval from its differences alone, as before the counts were pooled. */
  withoutCounts?: boolean
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

/** The counts of rounds 1…n, pooled per arm. */
function pooled(counts: PairedCounts[], n: number): PairedCounts {
  const sum = (arm: 'base' | 'head', field: 'failed' | 'requests') =>
    counts.slice(0, n).reduce((total, c) => total + c[arm][field], 0)
  return {
    base: { failed: sum('base', 'failed'), requests: sum('base', 'requests') },
    head: { failed: sum('head', 'failed'), requests: sum('head', 'requests') },
  }
}

function members(metrics: SimulatedMetric[], n: number, options: GateOptions) {
  const alpha = lookAlpha(options.minRounds, options.maxRounds)
  return metrics.map((m) => {
    const byRound = m.differences.slice(0, n)
    const counts = m.counts && !options.withoutCounts ? pooled(m.counts, n) : undefined
    const stats = options.mean
      ? signFlipInterval(byRound, alpha)
      : pairedInterval(byRound, m.rule.absolute, alpha, counts)
    const member: FamilyMember & { undecided?: string } = { threshold: m.rule, stats, byRound }
    return options.oneInstance && m.rule.gate ? withFewInstances(member, ONE_INSTANCE_REASON) : member
  })
}

function judgeLook(metrics: SimulatedMetric[], n: number, options: GateOptions, final: boolean) {
  const alpha = lookAlpha(options.minRounds, options.maxRounds)
  const all = members(metrics, n, options)
  const gated = all.filter((m) => m.threshold.gate && !m.undecided && Number.isFinite(m.stats!.p))
  const adjusted = options.mean ? adjustByMean(gated) : adjustFamily(gated, 'paired')
  const verdicts = all
    .filter((m) => m.threshold.gate)
    .map((m) => {
      const p = adjusted.get(m) ?? null
      const corrected = judgeMetric(m, p, gated.length, alpha, final).verdict
      const uncorrected =
        p && !m.undecided && !m.fewInstances
          ? classify(m.threshold, m.stats!, { ...p, worse: 0 }, gated.length, alpha, final).verdict
          : corrected
      return { corrected, uncorrected }
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
  const informs = members(metrics, n, options).flatMap((m) =>
    !m.threshold.gate && m.stats && Number.isFinite(m.stats.p) ? [{ ...m, stats: m.stats }] : [],
  )
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
  // One instance per arm: more rounds bring no new instance, so the first look is the last.
  const looks = planLooks(options.minRounds, options.maxRounds).slice(0, options.oneInstance ? 1 : undefined)
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
