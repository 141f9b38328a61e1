// The gate's own error rates, simulated with the shipped functions (simulated-gate.ts), in three
// tables:
// 1. Its operating characteristic: P(the check passes | true change) for one gated p50 (δ +5%, looks
//    at 10, 15 and 20 rounds), fresh instances every round. "Passes" is a success under the default
//    fail-on that approves: NO CHANGE or IMPROVEMENT. REGRESSION fails; an undecided run
//    (INCONCLUSIVE, likely over δ) blocks nothing by default but approves nothing either (neutral),
//    so it is counted apart, beside what the check counted as success before (everything but REGRESSION).
// 2. One instance per arm (`fresh-instances: run`, a URL target): each run's head instance carries an
//    offset, normal with the given SD, constant over its rounds. Judged as if every round had
//    instances of its own (before), and as shipped (one instance per arm: REGRESSION or IMPROVEMENT
//    only beyond δ/2 + 20%, otherwise INCONCLUSIVE, never NO CHANGE).
// 3. Error rates on few requests: `error_rate` δ +0.5 pp, binomial failures of each request,
//    R requests a trial, judged from the differences alone (before) and with the pooled counts.
// 4. URL targets (`base-url`/`head-url`): two deployed environments are one instance per arm with
//    an offset of their own, larger than two instances on one runner show (SD 15–20%).
// With sensitivity.ts (one gated metric, fresh instances) and family-aa.ts (the default rules'
// gated and informational families), these are the gate's error rates as docs/statistics.md gives them.
// Seeded: the same command prints the same tables.
//   [SEED=0] node --import tsx bench/detection/gate-oc.ts [runs=300] [tables=1,2,3,4]
import type { MetricThreshold, MetricVerdict } from '../../src/model/types'
import { lookAlpha } from '../../src/decide/plan'
import { defaultThresholds } from '../../src/settings/thresholds'
import { seededRandom } from '../../src/util/random'
import { gaussian, judgeRun, percent, worstHalfWidth, type GateOptions } from './simulated-gate'

const RUNS = Number(process.argv[2] ?? 300)
const TABLES = (process.argv[3] ?? '1,2,3,4').split(',').map(Number)
const SEED = Number(process.env.SEED ?? 0)
const PLAN: GateOptions = { minRounds: 10, maxRounds: 20 }
const P50: MetricThreshold = defaultThresholds().find((t) => t.metric === 'p50' && t.gate)!
const ERRORS: MetricThreshold = defaultThresholds().find((t) => t.metric === 'error_rate' && t.gate)!
const FRACTIONS: Array<[string, number]> = [
  ['0', 0],
  ['δ/2', 0.5],
  ['δ', 1],
  ['2δ', 2],
]

type Tally = Map<MetricVerdict, number>

function tally(runs: number, one: () => MetricVerdict): Tally {
  const counts: Tally = new Map()
  for (let i = 0; i < runs; i++) {
    const verdict = one()
    counts.set(verdict, (counts.get(verdict) ?? 0) + 1)
  }
  return counts
}

const share = (t: Tally, ...verdicts: MetricVerdict[]) =>
  percent(
    verdicts.reduce((n, v) => n + (t.get(v) ?? 0), 0),
    RUNS,
  )
const passes = (t: Tally) => share(t, 'NO_CHANGE', 'IMPROVEMENT')
const undecided = (t: Tally) => share(t, 'INCONCLUSIVE', 'LIKELY_OVER_DELTA')
const oldSuccess = (t: Tally) => share(t, 'NO_CHANGE', 'IMPROVEMENT', 'INCONCLUSIVE', 'LIKELY_OVER_DELTA')
const sdText = (sd: number) => `${Number((sd * 100).toFixed(2))}%`

function seeded(...parts: number[]): () => number {
  return seededRandom(parts.reduce((s, p) => s * 31 + Math.round(p * 10_000), 0x0c + SEED * 0x9e3779b1))
}

/** A p50 run of 20 rounds: the true change, per-round noise and an offset shared by every round. */
function p50Run(change: number, sd: number, offset: number, random: () => number, options: GateOptions) {
  const differences = Array.from(
    { length: PLAN.maxRounds },
    () => Math.log1p(change) + offset + sd * gaussian(random),
  )
  return judgeRun([{ rule: P50, differences }], options).verdict
}

function operatingCharacteristic(): void {
  console.log(
    `Table 1 — P(the check passes | true change), p50 δ +${P50.delta * 100}%, fresh instances every round`,
  )
  console.log('')
  console.log(
    '| true change | SD per round | passes (NO CHANGE or IMPROVEMENT) | fails (REGRESSION) | undecided: neutral | success before (all but REGRESSION) |',
  )
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const [name, fraction] of FRACTIONS) {
    for (const sd of [0.02, 0.05, 0.1, 0.2]) {
      const random = seeded(1, fraction, sd)
      const t = tally(RUNS, () => p50Run(fraction * P50.delta, sd, 0, random, PLAN))
      console.log(
        `| ${name} | ${sdText(sd)} | ${passes(t)} | ${share(t, 'REGRESSION')} | ${undecided(t)} | ${oldSuccess(t)} |`,
      )
    }
  }
}

/** One instance per arm, as table 2 (instances on one runner) and table 4 (deployed environments) give it. */
function oneInstance(title: string, rows: Array<[number, number]>, stream: number): void {
  console.log(title)
  console.log('')
  console.log(
    '| trial SD | offset SD | true change | before: REGRESSION / IMPROVEMENT / NO CHANGE | as shipped: REGRESSION / IMPROVEMENT / INCONCLUSIVE |',
  )
  console.log('|---:|---:|---|---:|---:|')
  for (const [sd, offsetSd] of rows) {
    for (const [name, fraction] of [...FRACTIONS, ['6δ', 6] as [string, number]]) {
      const before = seeded(stream, sd, offsetSd, fraction)
      const after = seeded(stream, sd, offsetSd, fraction)
      const change = fraction * P50.delta
      const t0 = tally(RUNS, () => p50Run(change, sd, offsetSd * gaussian(before), before, PLAN))
      const t1 = tally(RUNS, () =>
        p50Run(change, sd, offsetSd * gaussian(after), after, { ...PLAN, oneInstance: true }),
      )
      console.log(
        `| ${sdText(sd)} | ${sdText(offsetSd)} | ${name} | ${share(t0, 'REGRESSION')} / ${share(t0, 'IMPROVEMENT')} / ${share(t0, 'NO_CHANGE')} | ${share(t1, 'REGRESSION')} / ${share(t1, 'IMPROVEMENT')} / ${undecided(t1)} |`,
      )
      if (t1.get('NO_CHANGE')) throw new Error('one instance per arm read NO CHANGE')
    }
  }
}

function binomial(requests: number, rate: number, random: () => number): number {
  let failed = 0
  for (let i = 0; i < requests; i++) if (random() < rate) failed++
  return failed
}

/** An error-rate run: each request of a trial fails with its arm's rate. */
function errorRun(
  requests: number,
  base: number,
  head: number,
  random: () => number,
  withoutCounts: boolean,
) {
  const counts = Array.from({ length: PLAN.maxRounds }, () => ({
    base: { failed: binomial(requests, base, random), requests },
    head: { failed: binomial(requests, head, random), requests },
  }))
  const differences = counts.map((c) => c.head.failed / requests - c.base.failed / requests)
  return judgeRun([{ rule: ERRORS, differences, counts }], { ...PLAN, withoutCounts }).verdict
}

function errorRates(): void {
  console.log(`Table 3 — error rates: δ +${ERRORS.delta * 100} pp, base rate 0.1%, binomial failures`)
  console.log('')
  console.log(
    '| requests a trial | true change | before: REGRESSION / NO CHANGE | as shipped: REGRESSION / NO CHANGE / INCONCLUSIVE |',
  )
  console.log('|---:|---|---:|---:|')
  for (const requests of [50, 500, 5000]) {
    for (const [name, fraction] of FRACTIONS) {
      const head = 0.001 + fraction * ERRORS.delta
      const t0 = tally(
        RUNS,
        (
          (r) => () =>
            errorRun(requests, 0.001, head, r, true)
        )(seeded(3, requests, fraction)),
      )
      const t1 = tally(
        RUNS,
        (
          (r) => () =>
            errorRun(requests, 0.001, head, r, false)
        )(seeded(3, requests, fraction)),
      )
      console.log(
        `| ${requests} | ${name} | ${share(t0, 'REGRESSION')} / ${share(t0, 'NO_CHANGE', 'IMPROVEMENT')} | ${share(t1, 'REGRESSION')} / ${share(t1, 'IMPROVEMENT')} / ${undecided(t1)} |`,
      )
      if (t1.get('NO_CHANGE')) throw new Error('one instance per arm read NO CHANGE')
    }
  }
}

console.log(
  `${RUNS} simulated runs a row (a share near 5% ±${(196 * Math.sqrt((0.05 * 0.95) / RUNS)).toFixed(1)} points, any share ±${worstHalfWidth(RUNS).toFixed(1)} or better, 95%); seed ${SEED}; looks at 10, 15, 20 rounds, level ${lookAlpha(PLAN.minRounds, PLAN.maxRounds).toFixed(4)} a look.`,
)
for (const table of TABLES) {
  console.log('')
  if (table === 1) operatingCharacteristic()
  if (table === 2)
    oneInstance(
      'Table 2 — one instance per arm: the head instance offset normal with the given SD, constant over the run',
      [
        [0.05, 0.05],
        [0.1, 0.1],
        [0.05, 0.1],
      ],
      2,
    )
  if (table === 3) errorRates()
  if (table === 4)
    oneInstance(
      'Table 4 — URL targets: two deployed environments, their offset normal with the given SD, constant over the run',
      [
        [0.05, 0.15],
        [0.05, 0.2],
        [0.1, 0.2],
      ],
      4,
    )
}
