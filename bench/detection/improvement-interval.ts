// Does an IMPROVEMENT ever show an interval that reaches zero? IMPROVEMENT rests on the family's
// test of "better" (maxT of the rounds flipped jointly), the row shows the metric's own interval
// (signed-rank, at the look's level): where the two disagreed, a row would read "✅ improved" beside
// "[−9.0%, +0.4%]". One gated p50 (δ +5%, looks at 10, 15 and 20 rounds), the shipped functions
// (simulated-gate.ts), per-round noise normal or Student t with 3 degrees of freedom (heavy tails),
// a true improvement of δ/2 to 4δ. Counts the IMPROVEMENT runs and, among them, those whose shown
// interval at the stopping look reaches 0 or beyond. Seeded: the same command prints the same table.
//   [SEED=0] node --import tsx bench/detection/improvement-interval.ts [runs=2000]
import { lookAlpha } from '../../src/decide/plan'
import { pairedInterval } from '../../src/decide/paired-test'
import type { MetricThreshold } from '../../src/model/types'
import { defaultThresholds } from '../../src/settings/thresholds'
import { seededRandom } from '../../src/util/random'
import { gaussian, judgeRun, percent, type GateOptions } from './simulated-gate'

const RUNS = Number(process.argv[2] ?? 2000)
const SEED = Number(process.env.SEED ?? 0)
const PLAN: GateOptions = { minRounds: 10, maxRounds: 20 }
const P50: MetricThreshold = defaultThresholds().find((t) => t.metric === 'p50' && t.gate)!
const ALPHA = lookAlpha(PLAN.minRounds, PLAN.maxRounds)

/** Student t with 3 degrees of freedom, scaled to unit SD (its SD is √3). */
function t3(random: () => number): number {
  const chiSquare = [0, 1, 2].reduce((sum) => sum + gaussian(random) ** 2, 0)
  return gaussian(random) / Math.sqrt(chiSquare / 3) / Math.sqrt(3)
}

const NOISES: Array<[string, (random: () => number) => number]> = [
  ['normal', gaussian],
  ['t3', t3],
]

function row(noise: string, draw: (random: () => number) => number, fraction: number, sd: number): string {
  const random = seededRandom(Math.round(fraction * 1000 + sd * 1e5) * 31 + noise.length + SEED * 0x9e3779b1)
  const change = Math.log1p(-fraction * P50.delta)
  let improvements = 0
  let reachingZero = 0
  let widestHigh = -Infinity
  for (let run = 0; run < RUNS; run++) {
    const differences = Array.from({ length: PLAN.maxRounds }, () => change + sd * draw(random))
    const outcome = judgeRun([{ rule: P50, differences }], PLAN)
    if (outcome.verdict !== 'IMPROVEMENT') continue
    improvements++
    const shown = pairedInterval(differences.slice(0, outcome.rounds), false, ALPHA)
    widestHigh = Math.max(widestHigh, shown.high)
    if (shown.high >= 0) reachingZero++
  }
  const high = improvements ? `${(Math.expm1(widestHigh) * 100).toFixed(1)}%` : '–'
  return `| ${noise} | ${(sd * 100).toFixed(0)}% | −${fraction}δ | ${percent(improvements, RUNS)} | ${reachingZero} | ${high} |`
}

console.log(`IMPROVEMENT and its shown interval, p50 δ +${P50.delta * 100}%, ${RUNS} runs a row`)
console.log('')
console.log(
  '| noise | SD per round | true change | IMPROVEMENT | of them, interval reaching 0 | highest upper end shown |',
)
console.log('|---|---:|---|---:|---:|---:|')
for (const [noise, draw] of NOISES)
  for (const sd of [0.02, 0.05, 0.1, 0.2])
    for (const fraction of [0.5, 1, 2, 4]) console.log(row(noise, draw, fraction, sd))
