// Unchanged code under the family of gated metrics the default rules give a service of N
// endpoints in one mixed scenario, simulated with the shipped functions (simulated-gate.ts): per
// endpoint the gated latencies (p50, and the gated tail) and the error rate, and the throughput of
// all requests. Within a round the endpoints' latency log-ratios move together (correlation RHO, a
// busy machine slows them all), each with the given per-round SD; throughput varies 0.3% a round
// (an open model sends what the script says); error rates stay 0. Prints how often a run ends
// REGRESSION, IMPROVEMENT or LIKELY_OVER_DELTA — the last also as it was before it was corrected
// across the family (tested per metric at the look's level). The informational metrics of the same
// rules (p95, p99, max and throughput per endpoint; the aggregate's latencies) are simulated too:
// their latencies like the gated ones, an endpoint's throughput with the random request mix (8% a
// round); the table gives the share of runs with at least one arrow (↑ ↓), corrected over the
// informational family as the report does, and each on its own (before).
// Seeded: the same command prints the same table.
//   [RHO=0.7] [SDS=0.02,0.05,0.1,0.2] node --import tsx bench/detection/family-aa.ts [runs=2000] [endpoints=3]
import { ALL_REQUESTS } from '../../src/model/metrics'
import type { MetricThreshold, MetricVerdict } from '../../src/model/types'
import { thresholdsForSeries } from '../../src/decide/rules'
import { defaultThresholds } from '../../src/settings/thresholds'
import { seededRandom } from '../../src/util/random'
import { gaussian, judgeRun, median, percent, type SimulatedMetric } from './simulated-gate'

const RUNS = Number(process.argv[2] ?? 2000)
const ENDPOINTS = Number(process.argv[3] ?? 3)
const RHO = Number(process.env.RHO ?? 0.7)
const SDS = process.env.SDS?.split(',').map(Number) ?? [0.02, 0.05, 0.1, 0.2]
const MIN = 10
const MAX = 20
const THROUGHPUT_SD = 0.003
const MIX_SD = 0.08

const endpoints = Array.from({ length: ENDPOINTS }, (_, i) => `default GET /endpoint-${i + 1}`)
const rules: Array<{ key: string; rule: MetricThreshold }> = [...endpoints, ALL_REQUESTS].flatMap((key) =>
  thresholdsForSeries(key, defaultThresholds()).map((rule) => ({ key, rule })),
)
const gated = rules.filter(({ rule }) => rule.gate)
const informs = rules.filter(({ rule }) => !rule.gate)

function simulate(sd: number, random: () => number): SimulatedMetric[] {
  const rounds = Array.from({ length: MAX }, () => gaussian(random))
  return rules.map(({ key, rule }) => ({
    rule,
    differences: rounds.map((shared) => {
      if (rule.metric === 'error_rate') return 0
      if (rule.metric === 'throughput')
        return (key === ALL_REQUESTS ? THROUGHPUT_SD : MIX_SD) * gaussian(random)
      return sd * (Math.sqrt(RHO) * shared + Math.sqrt(1 - RHO) * gaussian(random))
    }),
  }))
}

const family = gated.map(
  ({ key, rule }) => `${rule.metric} of ${key === ALL_REQUESTS ? 'all requests' : key.split(' ').at(-1)}`,
)
console.log(
  `${RUNS} simulated A/A runs per row; ${gated.length} gated metrics (${family.join(', ')}), ${informs.length} informational; latency correlation ${RHO} within a round; looks at 10, 15, 20.`,
)
console.log('')
console.log(
  '| SD per round | REGRESSION | IMPROVEMENT | likely over δ | likely over δ, per metric (before) | NO CHANGE | median rounds | an informational arrow | an informational arrow, per metric (before) |',
)
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const sd of SDS) {
  const random = seededRandom(0xfa3117 + Math.round(sd * 1000) + ENDPOINTS * 7919)
  const tally = new Map<string, number>()
  const add = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1)
  const rounds: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const outcome = judgeRun(simulate(sd, random), { minRounds: MIN, maxRounds: MAX })
    add(outcome.verdict)
    add(`before:${outcome.uncorrectedVerdict}`)
    if (outcome.arrows > 0) add('arrow')
    if (outcome.arrowsUncorrected > 0) add('arrow before')
    rounds.push(outcome.rounds)
  }
  const count = (v: MetricVerdict | `before:${MetricVerdict}` | 'arrow' | 'arrow before') => tally.get(v) ?? 0
  console.log(
    `| ${Number((sd * 100).toFixed(2))}% | ${percent(count('REGRESSION'), RUNS)} | ${percent(count('IMPROVEMENT'), RUNS)} | ${percent(count('LIKELY_OVER_DELTA'), RUNS)} | ${percent(count('before:LIKELY_OVER_DELTA'), RUNS)} | ${percent(count('NO_CHANGE'), RUNS)} | ${median(rounds)} | ${percent(count('arrow'), RUNS)} | ${percent(count('arrow before'), RUNS)} |`,
  )
}
