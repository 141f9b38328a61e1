// Operating characteristics of the gate's decision for one gated metric, simulated: the product's
// defaults (p50 with δ +5%, looks at 10, 15 and 20 rounds, α 0.05 over all looks) on runs whose
// truth is known. A round's head − base log-ratio is ln(1 + true change) plus normal noise of the
// given per-round SD. With FAR_OUT=0.3, that share of rounds also has one arm's whole trial 8–50%
// slower, either arm at random (what a third of the CPU-bound service's rounds showed). Every look
// judges the rounds so far exactly as the gate does (simulated-gate.ts: the shipped interval,
// family test and classify) and the run stops at the first look that decides.
// What δ promises: REGRESSION in at most 5% of runs when the truth is δ/2 or less, NO CHANGE in
// at most 5% when it is δ or more, at any noise. Seeded: the same command prints the same table.
// The true changes are fractions of δ (0, δ/2, ¾δ, δ, 2δ by default). "Blocks under fail-on
// LIKELY_OVER_DELTA" is REGRESSION or likely over δ: what a team that blocks on the label gets.
// TEST=mean judges by the mean log-ratio and its sign-flip test instead, for comparison.
// gate-oc.ts, next to it, gives the check's P(pass | change), one instance per arm, URL targets and
// error rates on few requests (binomial); family-aa.ts the default rules' gated and informational families.
// METRIC=p90 judges the default p90 rule (δ +10%); SDS=0.07,0.1 sets the per-round SDs (fractions);
// SEED=1 (2, …) draws other runs of the same cells, an independent check of a row.
//   [FAR_OUT=0.3] [TEST=mean] [METRIC=p90] [SDS=…] [SEED=0] node --import tsx bench/detection/sensitivity.ts [runs=2000] [changes=0,0.5,0.75,1,2]
import type { MetricThreshold, MetricVerdict } from '../../src/model/types'
import { lookAlpha } from '../../src/decide/plan'
import { planLooks } from '../../src/decide/sequential'
import { defaultThresholds } from '../../src/settings/thresholds'
import { seededRandom } from '../../src/util/random'
import { gaussian, judgeRun, median, percent, worstHalfWidth } from './simulated-gate'

const RUNS = Number(process.argv[2] ?? 2000)
const MIN = 10
const MAX = 20
const FRACTIONS = process.argv[3]?.split(',').map(Number) ?? [0, 0.5, 0.75, 1, 2]
const FAR_OUT = Number(process.env.FAR_OUT ?? 0)
const MEAN = process.env.TEST === 'mean'
const SDS =
  process.env.SDS?.split(',').map(Number) ?? (FAR_OUT > 0 ? [0.01, 0.025, 0.05] : [0.02, 0.05, 0.1, 0.2])
const METRIC = process.env.METRIC ?? 'p50'
const SEED = Number(process.env.SEED ?? 0)
const RULE: MetricThreshold = defaultThresholds().find((t) => t.metric === METRIC && t.gate)!

/** A round's noise: normal, and in a FAR_OUT share of rounds one arm's trial 8–50% slower. */
function noise(sd: number, random: () => number): number {
  const normal = sd * gaussian(random)
  if (FAR_OUT === 0 || random() >= FAR_OUT) return normal
  return normal + (random() < 0.5 ? 1 : -1) * Math.log1p(0.08 + 0.42 * random())
}

function truth(fraction: number): string {
  const change = `+${Number((fraction * RULE.delta * 100).toFixed(2))}%`
  const names: Record<number, string> = { 0: '0', 0.5: 'δ/2', 0.75: '¾δ', 1: 'δ', 2: '2δ' }
  return fraction === 0 ? '0' : `${names[fraction] ?? `${fraction}δ`} (${change})`
}

console.log(
  `${RUNS} simulated runs per row (each share ±${worstHalfWidth(RUNS).toFixed(1)} points or better, 95%)${MEAN ? ', judged by the mean' : ''}${FAR_OUT > 0 ? `, ${FAR_OUT * 100}% of rounds far out` : ''}; ${METRIC} δ +${RULE.delta * 100}%; looks at ${planLooks(MIN, MAX).join(', ')} rounds, level ${lookAlpha(MIN, MAX).toFixed(4)} per look.`,
)
console.log('')
console.log(
  `| true change | ${FAR_OUT > 0 ? 'normal SD' : 'SD'} per round | REGRESSION | NO CHANGE | INCONCLUSIVE | of which likely over δ | blocks under fail-on LIKELY_OVER_DELTA | median rounds |`,
)
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const fraction of FRACTIONS) {
  const change = fraction * RULE.delta
  for (const sd of SDS) {
    const random = seededRandom(
      0xde17a + Math.round(change * 1000) * 31 + Math.round(sd * 1000) + SEED * 0x9e3779b1,
    )
    const tally = new Map<MetricVerdict, number>()
    const rounds: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const differences = Array.from({ length: MAX }, () => Math.log1p(change) + noise(sd, random))
      const outcome = judgeRun([{ rule: RULE, differences }], { minRounds: MIN, maxRounds: MAX, mean: MEAN })
      tally.set(outcome.verdict, (tally.get(outcome.verdict) ?? 0) + 1)
      rounds.push(outcome.rounds)
    }
    const count = (v: MetricVerdict) => tally.get(v) ?? 0
    const likely = count('LIKELY_OVER_DELTA')
    console.log(
      `| ${truth(fraction)} | ${Number((sd * 100).toFixed(2))}% | ${percent(count('REGRESSION'), RUNS)} | ${percent(count('NO_CHANGE') + count('IMPROVEMENT'), RUNS)} | ${percent(count('INCONCLUSIVE') + likely, RUNS)} | ${percent(likely, RUNS)} | ${percent(count('REGRESSION') + likely, RUNS)} | ${median(rounds)} |`,
    )
  }
}
