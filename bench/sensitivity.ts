// Simulated detection quality of the gate's decision procedure, the current one next to the one it
// replaced (bench/legacy/procedure.ts), on synthetic runs whose truth is known. Each run has E
// endpoints with a gated p50 (δ 5%) and p95 (δ 10%); per round, each metric's head − base log-ratio is
// noise of the given distribution and SD (a share common to the round, as a busy machine gives, and
// p50 and p95 of an endpoint correlated) plus the true change. The aggregate's throughput and the
// error rates are constant, as in a clean run: the old procedure still counted them in its family.
// Both procedures look at 10 rounds and go on while a gated metric is inconclusive (old: once, to 20;
// new: at 15 and 20).
//   node --import tsx bench/sensitivity.ts [runs=400]
import { classify } from '../src/decide/classify'
import { lookAlpha } from '../src/decide/plan'
import { planLooks } from '../src/decide/sequential'
import { worstMetricVerdict } from '../src/decide/severity'
import { maxTAdjusted } from '../src/decide/stats/max-t'
import { signFlipInterval } from '../src/decide/stats/sign-flip'
import type { MetricThreshold, MetricVerdict } from '../src/model/types'
import { seededRandom } from '../src/util/random'
import { LEGACY_LOOK_ALPHA, legacyLook, type GatedSeries } from './legacy/procedure'

const RUNS = Number(process.argv[2] ?? 400)
const MIN = 10
const MAX = 20

type Noise = 'normal' | 't3' | 'lognormal'

interface Scenario {
  label: string
  endpoints: number
  noise: Noise
  sd: number
  /** True change of the first endpoint's p50 and p95 (relative). */
  p50: number
  p95: number
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** A draw of unit variance and mean zero. */
function unit(noise: Noise, random: () => number): number {
  if (noise === 'normal') return gaussian(random)
  if (noise === 't3') {
    const chi = gaussian(random) ** 2 + gaussian(random) ** 2 + gaussian(random) ** 2
    return gaussian(random) / Math.sqrt(chi / 3) / Math.sqrt(3)
  }
  const s = 0.5 // lognormal(0, 0.5), centred and scaled: right-skewed
  const mean = Math.exp((s * s) / 2)
  const sd = Math.sqrt((Math.exp(s * s) - 1) * Math.exp(s * s))
  return (Math.exp(s * gaussian(random)) - mean) / sd
}

/** Rounds × gated metrics (p50, p95 per endpoint) of head − base log-ratios. */
function simulate(scenario: Scenario, random: () => number): number[][][] {
  const rounds: number[][][] = []
  for (let r = 0; r < MAX; r++) {
    const shared = unit(scenario.noise, random)
    const perEndpoint: number[][] = []
    for (let e = 0; e < scenario.endpoints; e++) {
      const own = unit(scenario.noise, random)
      const draw = () =>
        (scenario.sd * (0.45 * shared + 0.55 * own + 0.7 * unit(scenario.noise, random))) /
        Math.sqrt(0.45 ** 2 + 0.55 ** 2 + 0.7 ** 2)
      const p50 = draw() + (e === 0 ? Math.log1p(scenario.p50) : 0)
      const p95 = draw() + (e === 0 ? Math.log1p(scenario.p95) : 0)
      perEndpoint.push([p50, p95])
    }
    rounds.push(perEndpoint)
  }
  return rounds
}

const P50: MetricThreshold = {
  metric: 'p50',
  series: '*',
  direction: 'lower',
  delta: 0.05,
  absolute: false,
  gate: true,
}
const P95: MetricThreshold = { ...P50, metric: 'p95', delta: 0.1 }

/** The gated metrics' differences over the first n rounds, metric by metric. */
function series(
  run: number[][][],
  n: number,
  endpoints: number,
): { threshold: MetricThreshold; values: number[] }[] {
  const out: { threshold: MetricThreshold; values: number[] }[] = []
  for (let e = 0; e < endpoints; e++) {
    out.push({ threshold: P50, values: run.slice(0, n).map((r) => r[e]![0]!) })
    out.push({ threshold: P95, values: run.slice(0, n).map((r) => r[e]![1]!) })
  }
  return out
}

interface Outcome {
  verdict: MetricVerdict
  rounds: number
}

function currentProcedure(run: number[][][], endpoints: number): Outcome {
  const looks = planLooks(MIN, MAX)
  const alpha = lookAlpha(MIN, MAX)
  for (const [i, n] of looks.entries()) {
    const final = i === looks.length - 1
    const metrics = series(run, n, endpoints)
    const bad = maxTAdjusted(metrics.map((m) => m.values))
    const good = maxTAdjusted(metrics.map((m) => m.values.map((v) => -v)))
    const verdicts = metrics.map(
      (m, j) =>
        classify(
          m.threshold,
          signFlipInterval(m.values, alpha),
          { bad: bad[j]!, good: good[j]! },
          metrics.length,
          alpha,
          final,
        ).verdict,
    )
    const verdict = worstMetricVerdict(verdicts)
    if (final || verdict === 'REGRESSION' || !verdicts.includes('INCONCLUSIVE')) return { verdict, rounds: n }
  }
  throw new Error('unreachable')
}

function legacyProcedure(run: number[][][], endpoints: number): Outcome {
  for (const n of [MIN, MAX]) {
    const metrics: GatedSeries[] = series(run, n, endpoints).map((m) => ({
      differences: m.values,
      margin: Math.log1p(m.threshold.delta),
    }))
    // Aggregate throughput and error rate, and each endpoint's error rate: constant, yet in the family.
    const constant = Array.from({ length: 2 + endpoints }, () => ({
      differences: new Array<number>(n).fill(0),
      margin: 0.005,
    }))
    const verdict = worstMetricVerdict(legacyLook([...metrics, ...constant], LEGACY_LOOK_ALPHA))
    if (n === MAX || verdict !== 'INCONCLUSIVE') return { verdict, rounds: n }
  }
  throw new Error('unreachable')
}

const scenarios: Scenario[] = [
  ...(['normal', 't3', 'lognormal'] as const).flatMap((noise) =>
    [2, 8].map((endpoints) => ({ label: `A/A, ${noise}`, endpoints, noise, sd: 0.1, p50: 0, p95: 0 })),
  ),
  ...[0.02, 0.05].map((sd) => ({
    label: 'A/A, normal',
    endpoints: 2,
    noise: 'normal' as const,
    sd,
    p50: 0,
    p95: 0,
  })),
  ...[0.02, 0.05].map((sd) => ({
    label: 'A/A, normal',
    endpoints: 8,
    noise: 'normal' as const,
    sd,
    p50: 0,
    p95: 0,
  })),
  ...[0.02, 0.05, 0.1].flatMap((sd) =>
    [0.04, 0.05, 0.1].map((change) => ({
      label: `+${change * 100}% p50 and p95`,
      endpoints: 2,
      noise: 'normal' as const,
      sd,
      p50: change,
      p95: change,
    })),
  ),
  { label: '+20% p50 only', endpoints: 8, noise: 'normal', sd: 0.05, p50: 0.2, p95: 0 },
  { label: '+20% p50 only', endpoints: 8, noise: 'normal', sd: 0.1, p50: 0.2, p95: 0 },
  { label: '+10% p50 only', endpoints: 8, noise: 'normal', sd: 0.05, p50: 0.1, p95: 0 },
]

const pct = (count: number) => `${((100 * count) / RUNS).toFixed(0)}%`

console.log(
  `${RUNS} simulated runs per row; looks at ${planLooks(MIN, MAX).join(', ')} rounds (old: ${MIN}, ${MAX}); level per look ${lookAlpha(MIN, MAX).toFixed(4)} one-sided (old ${LEGACY_LOOK_ALPHA} two-sided).`,
)
console.log('')
console.log(
  '| truth | endpoints | noise | SD | old: REGRESSION / NO CHANGE / INCONCLUSIVE, mean rounds | new: REGRESSION (at 1st look) / NO CHANGE / INCONCLUSIVE, mean rounds |',
)
console.log('|---|---:|---|---:|---|---|')
for (const scenario of scenarios) {
  const random = seededRandom(0xc0ffee)
  const tally = { old: new Map<MetricVerdict, number>(), new: new Map<MetricVerdict, number>() }
  let oldRounds = 0
  let newRounds = 0
  let firstLook = 0
  for (let i = 0; i < RUNS; i++) {
    const run = simulate(scenario, random)
    const before = legacyProcedure(run, scenario.endpoints)
    const after = currentProcedure(run, scenario.endpoints)
    tally.old.set(before.verdict, (tally.old.get(before.verdict) ?? 0) + 1)
    tally.new.set(after.verdict, (tally.new.get(after.verdict) ?? 0) + 1)
    oldRounds += before.rounds
    newRounds += after.rounds
    if (after.verdict === 'REGRESSION' && after.rounds === MIN) firstLook++
  }
  const cell = (t: Map<MetricVerdict, number>) =>
    `${pct(t.get('REGRESSION') ?? 0)} / ${pct((t.get('NO_CHANGE') ?? 0) + (t.get('IMPROVEMENT') ?? 0))} / ${pct(t.get('INCONCLUSIVE') ?? 0)}`
  console.log(
    `| ${scenario.label} | ${scenario.endpoints} | ${scenario.noise} | ${scenario.sd * 100}% | ${cell(tally.old)}, ${(oldRounds / RUNS).toFixed(1)} | ${pct(tally.new.get('REGRESSION') ?? 0)} (${pct(firstLook)}) / ${pct((tally.new.get('NO_CHANGE') ?? 0) + (tally.new.get('IMPROVEMENT') ?? 0))} / ${pct(tally.new.get('INCONCLUSIVE') ?? 0)}, ${(newRounds / RUNS).toFixed(1)} |`,
  )
}
