// Operating characteristics of the gate's decision for one gated metric, simulated: the product's
// defaults (p50 with δ +5%, looks at 10, 15 and 20 rounds, α 0.05 over all looks) on runs whose
// truth is known. A round's head − base log-ratio is ln(1 + true change) plus normal noise of the
// given per-round SD. With FAR_OUT=0.3, that share of rounds also has one arm's whole trial 8–50%
// slower, either arm at random (what a third of the CPU-bound service's rounds showed). Every look
// judges the rounds so far exactly as the gate does (signed-rank interval; maxT on d − ln(1 + δ/2),
// clipped at twice its median size, where that interval is beyond δ/2; classify) and the run stops
// at the first look that decides.
// What δ promises: REGRESSION in at most 5% of runs when the truth is δ/2 or less, NO CHANGE in
// at most 5% when it is δ or more, at any noise. Seeded: the same command prints the same table.
// TEST=mean judges by the mean log-ratio and its sign-flip test instead, for comparison.
// METRIC=p95 judges the default p95 rule (δ +10%); SDS=0.07,0.1 sets the per-round SDs (fractions).
//   [FAR_OUT=0.3] [TEST=mean] [METRIC=p95] [SDS=…] node --import tsx bench/detection/sensitivity.ts [runs=1000] [changes=0,0.02,0.04,0.05,0.1]
import { classify, type Classification } from '../../src/decide/classify'
import { lookAlpha } from '../../src/decide/plan'
import { analysisMargin } from '../../src/decide/rules'
import { planLooks } from '../../src/decide/sequential'
import { familyScores, pairedInterval } from '../../src/decide/paired-test'
import { maxTAdjusted } from '../../src/decide/stats/max-t'
import { signFlipInterval } from '../../src/decide/stats/sign-flip'
import type { MetricThreshold, MetricVerdict } from '../../src/model/types'
import { defaultThresholds } from '../../src/settings/thresholds'
import { seededRandom } from '../../src/util/random'

const RUNS = Number(process.argv[2] ?? 1000)
const MIN = 10
const MAX = 20
const CHANGES = process.argv[3]?.split(',').map(Number) ?? [0, 0.02, 0.04, 0.05, 0.1]
const FAR_OUT = Number(process.env.FAR_OUT ?? 0)
const MEAN = process.env.TEST === 'mean'
const SDS = process.env.SDS?.split(',').map(Number) ?? (FAR_OUT > 0 ? [0.01, 0.025, 0.05] : [0.02, 0.05, 0.1])
const METRIC = process.env.METRIC ?? 'p50'
const RULE: MetricThreshold = defaultThresholds().find((t) => t.metric === METRIC && t.gate)!

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** A round's noise: normal, and in a FAR_OUT share of rounds one arm's trial 8–50% slower. */
function noise(sd: number, random: () => number): number {
  const normal = sd * gaussian(random)
  if (FAR_OUT === 0 || random() >= FAR_OUT) return normal
  return normal + (random() < 0.5 ? 1 : -1) * Math.log1p(0.08 + 0.42 * random())
}

/** One look at the first n differences, as the gate judges a single gated metric. */
function look(differences: number[], final: boolean): Classification {
  const alpha = lookAlpha(MIN, MAX)
  const half = analysisMargin(RULE, 1 / 2)
  const interval = MEAN
    ? signFlipInterval(differences, alpha)
    : pairedInterval(differences, RULE.absolute, alpha)
  // REGRESSION also needs the metric's own interval beyond δ/2 (assemble.ts).
  const scores = (values: number[]) => (MEAN ? values : familyScores(values, RULE.absolute))
  const bad = interval.low > half ? maxTAdjusted([scores(differences.map((d) => d - half))])[0]! : 1
  const good = maxTAdjusted([scores(differences.map((d) => -d))])[0]!
  return classify(RULE, interval, { bad, good }, 1, alpha, final)
}

function run(change: number, sd: number, random: () => number): { verdict: MetricVerdict; rounds: number } {
  const differences = Array.from({ length: MAX }, () => Math.log1p(change) + noise(sd, random))
  const looks = planLooks(MIN, MAX)
  for (const [i, n] of looks.entries()) {
    const final = i === looks.length - 1
    const { verdict } = look(differences.slice(0, n), final)
    if (final || verdict === 'REGRESSION' || verdict === 'NO_CHANGE' || verdict === 'IMPROVEMENT')
      return { verdict, rounds: n }
  }
  throw new Error('unreachable')
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const pct = (count: number) => `${((100 * count) / RUNS).toFixed(1)}%`

console.log(
  `${RUNS} simulated runs per row${MEAN ? ', judged by the mean' : ''}${FAR_OUT > 0 ? `, ${FAR_OUT * 100}% of rounds far out` : ''}; ${METRIC} δ +${RULE.delta * 100}%; looks at ${planLooks(MIN, MAX).join(', ')} rounds, level ${lookAlpha(MIN, MAX).toFixed(4)} per look.`,
)
console.log('')
console.log(
  `| true change | ${FAR_OUT > 0 ? 'normal SD' : 'SD'} per round | REGRESSION | NO CHANGE | INCONCLUSIVE | of which likely over δ | median rounds |`,
)
console.log('|---:|---:|---:|---:|---:|---:|---:|')
for (const change of CHANGES) {
  for (const sd of SDS) {
    const random = seededRandom(0xde17a + Math.round(change * 1000) * 31 + Math.round(sd * 1000))
    const tally = new Map<MetricVerdict, number>()
    const rounds: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const outcome = run(change, sd, random)
      tally.set(outcome.verdict, (tally.get(outcome.verdict) ?? 0) + 1)
      rounds.push(outcome.rounds)
    }
    const count = (v: MetricVerdict) => tally.get(v) ?? 0
    const likely = count('LIKELY_OVER_DELTA')
    console.log(
      `| ${change === 0 ? '0' : `+${change * 100}%`} | ${Number((sd * 100).toFixed(2))}% | ${pct(count('REGRESSION'))} | ${pct(count('NO_CHANGE') + count('IMPROVEMENT'))} | ${pct(count('INCONCLUSIVE') + likely)} | ${pct(likely)} | ${median(rounds)} |`,
    )
  }
}
