// Does a calibration's plan settle the runs that follow it? Simulated through the product's own
// functions: a calibration of 20 A/A rounds (calibrate, as `loadgate calibrate` runs it on the
// default plan, 10/20 rounds) plans the rounds; then default runs of unchanged code with that plan
// are judged look by look, and a run settles when it reads NO CHANGE by the plan's last look. One
// gated metric, the default p50 rule (δ +5%), normal noise per round. A look reads NO CHANGE when
// classify says so of the shipped interval (pairedInterval: signed-rank, at the plan's level per
// look); the family test is left out for speed (it only matters for REGRESSION and IMPROVEMENT,
// which stop an unchanged run in well under 1% of runs here). VERIFY=1 judges every run with the
// whole gate as well (simulated-gate.ts judgeRun: family test and stop rule) and counts where the
// two disagree; it is about 50 times slower.
// The true σ is the one the normal formula settles in 12 rounds (90% power at the first look).
// "old" is the plan as calibration made it before: min-rounds from σ̂ by the normal formula, the
// looks in the calibrated ratio. "new" is calibrate's own suggestion.
// Two cases: one session (the runs face the calibration's σ); and sessions whose σ moves from one
// to the next (SD of log σ 0.3: the 5.2% and 11.7% of one week are 2.7 SDs apart at that), with
// STORED=5 earlier sessions of 20 rounds stored, each run facing a session of its own.
//   [STORED=5] [TAU=0.3] [SEED=0] [VERIFY=1] node --import tsx bench/detection/plan-coverage.ts [calibrations=400] [runs per plan=20]
import { calibrate, noiseSigma } from '../../src/decide/calibration'
import { classify } from '../../src/decide/classify'
import { pairedInterval } from '../../src/decide/paired-test'
import { planLooks } from '../../src/decide/sequential'
import { lookAlpha } from '../../src/decide/plan'
import { roundsForMargin, roundsPlan } from '../../src/decide/settling'
import type { NoiseSession } from '../../src/model/calibration'
import type { MetricThreshold } from '../../src/model/types'
import { normalQuantile } from '../../src/decide/stats/basic'
import { defaultThresholds } from '../../src/settings/thresholds'
import { seededRandom } from '../../src/util/random'
import { makeResults } from '../../testkit/results-factory'
import { gaussian, judgeRun, percent } from './simulated-gate'

const CALIBRATIONS = Number(process.argv[2] ?? 400)
const RUNS = Number(process.argv[3] ?? 20)
const STORED = Number(process.env.STORED ?? 5)
const TAU = Number(process.env.TAU ?? 0.3)
const SEED = Number(process.env.SEED ?? 0)
const VERIFY = process.env.VERIFY === '1'
const MIN = 10
const MAX = 20
const CALIBRATION_ROUNDS = MAX
const RULE: MetricThreshold = defaultThresholds().find((t) => t.metric === 'p50' && t.gate)!
const ALPHA = lookAlpha(MIN, MAX)
const MARGIN = Math.log1p(RULE.delta)
const Z = normalQuantile(1 - ALPHA) + normalQuantile(0.9)
/** The σ whose normal-formula rounds are 12: ((z₁₋ₐ + z₀.₉) σ / δ)² = 12. */
const SIGMA = (MARGIN * Math.sqrt(12)) / Z

interface Plan {
  minRounds: number
  maxRounds: number
}

/** A calibration's results: 20 A/A rounds whose p50 log-ratio is normal with this σ. */
function aaResults(sigma: number, random: () => number) {
  const d = Array.from({ length: CALIBRATION_ROUNDS }, () => sigma * gaussian(random))
  const results = makeResults({
    rounds: CALIBRATION_ROUNDS,
    minRounds: MIN,
    maxRounds: MAX,
    base: () => ({ p50: 100 }),
    head: (round) => ({ p50: 100 * Math.exp(d[round - 1]!) }),
  })
  results.settings.thresholds = [RULE]
  return results
}

/** The plan as calibration made it before: the normal formula at σ̂, looks in the calibrated ratio. */
function oldPlan(sigmaHat: number): Plan {
  const needed = Math.max(5, Math.ceil(((Z * sigmaHat) / MARGIN) ** 2 - 1e-9))
  return roundsPlan(needed, { minRounds: MIN, maxRounds: MAX })
}

/** A stored session: a gate run's σ of its 20 rounds (noiseSigma, as a comparison keeps it) at a session σ of its own. */
function storedSession(sessionSigma: () => number, random: () => number, i: number): NoiseSession {
  const sigma = sessionSigma()
  const differences = Array.from({ length: CALIBRATION_ROUNDS }, () => sigma * gaussian(random))
  return {
    measuredAt: `2026-11-0${(i % 9) + 1}T00:00:00Z`,
    commit: 'a'.repeat(40),
    sigmas: [
      {
        key: 'api GET /items/:id',
        metric: 'p50',
        sigma: noiseSigma(differences, false).sigma,
        rounds: CALIBRATION_ROUNDS,
      },
    ],
  }
}

const NOT_SIGNIFICANT = { bad: 1, worse: 1, good: 1 }
let disagreements = 0

/** The look at which a run of unchanged code reads NO CHANGE, or null when none of the plan's looks does. */
function settlingLook(differences: number[], plan: Plan): number | null {
  const alpha = lookAlpha(plan.minRounds, plan.maxRounds)
  const looks = planLooks(plan.minRounds, plan.maxRounds)
  for (const [i, n] of looks.entries()) {
    const stats = pairedInterval(differences.slice(0, n), false, alpha)
    const final = i === looks.length - 1
    if (classify(RULE, stats, NOT_SIGNIFICANT, 1, alpha, final).verdict === 'NO_CHANGE') return n
  }
  return null
}

/** The share of RUNS default runs with this plan that read NO CHANGE at the first look, and by the last. */
function settles(plan: Plan, runSigma: () => number, random: () => number): [number, number] {
  let first = 0
  let last = 0
  for (let i = 0; i < RUNS; i++) {
    const sigma = runSigma()
    const differences = Array.from({ length: plan.maxRounds }, () => sigma * gaussian(random))
    const look = settlingLook(differences, plan)
    if (VERIFY) {
      const outcome = judgeRun([{ rule: RULE, differences }], plan)
      const whole = outcome.verdict === 'NO_CHANGE' ? outcome.rounds : null
      if (whole !== look) disagreements++
    }
    if (look === null) continue
    last++
    if (look === plan.minRounds) first++
  }
  return [first, last]
}

function quantiles(values: number[]): string {
  const sorted = values.slice().sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return `${at(0.1)} / ${at(0.5)} / ${at(0.9)}`
}

function simulate(sessions: boolean): void {
  const random = seededRandom(0x9a11 + SEED * 0x9e3779b1 + (sessions ? 7 : 0))
  // Each session's own σ: the same every time, or log-normal about SIGMA with SD TAU.
  const sessionSigma = () => (sessions ? SIGMA * Math.exp(TAU * gaussian(random)) : SIGMA)
  const tally = {
    old: { min: [] as number[], max: [] as number[], first: 0, last: 0 },
    new: { min: [] as number[], max: [] as number[], first: 0, last: 0 },
  }
  for (let c = 0; c < CALIBRATIONS; c++) {
    const stored = sessions
      ? Array.from({ length: STORED }, (_, i) => storedSession(sessionSigma, random, i))
      : []
    const calibration = calibrate(aaResults(sessionSigma(), random), ALPHA, {
      calibrations: [],
      runs: stored,
    })
    const plans = { old: oldPlan(calibration.rows[0]!.sigma), new: calibration.suggestion }
    for (const name of ['old', 'new'] as const) {
      const plan = { minRounds: plans[name].minRounds, maxRounds: plans[name].maxRounds }
      const [first, last] = settles(plan, sessionSigma, random)
      tally[name].min.push(plan.minRounds)
      tally[name].max.push(plan.maxRounds)
      tally[name].first += first
      tally[name].last += last
    }
  }
  const runs = CALIBRATIONS * RUNS
  for (const name of ['old', 'new'] as const) {
    const t = tally[name]
    console.log(
      `| ${sessions ? `σ varies by session (SD of log σ ${TAU}), ${STORED} stored` : 'one session'} | ${name} | ${quantiles(t.min)} | ${quantiles(t.max)} | ${percent(t.first, runs)} | ${percent(t.last, runs)} |`,
    )
  }
}

console.log(
  `${CALIBRATIONS} calibrations of ${CALIBRATION_ROUNDS} A/A rounds, ${RUNS} default runs after each; p50 δ +${RULE.delta * 100}%, ` +
    `true σ ${(SIGMA * 100).toFixed(2)}% a round (the normal formula's 12 rounds), level ${ALPHA.toFixed(4)} per look.`,
)
console.log('')
console.log(
  '| case | plan | min-rounds 10/50/90% | max-rounds 10/50/90% | runs settled at the first look | runs settled by max-rounds |',
)
console.log('|---|---|---|---|---:|---:|')
/** At the true σ itself: the first look's share of settled runs at the normal formula's rounds and at t's. */
function atTrueSigma(runs = 4000): void {
  const random = seededRandom(0x7a5e + SEED)
  const firstLook = (rounds: number) => {
    const plan = { minRounds: rounds, maxRounds: 2 * rounds }
    let settled = 0
    for (let i = 0; i < runs; i++) {
      const differences = Array.from({ length: plan.maxRounds }, () => SIGMA * gaussian(random))
      if (settlingLook(differences, plan) === rounds) settled++
    }
    return percent(settled, runs)
  }
  const t = roundsForMargin(SIGMA, MARGIN, ALPHA)
  console.log(
    `\nAt the true σ, ${runs} runs each: the normal formula's 12 rounds settle ${firstLook(12)} at that first look; ` +
      `t's ${t} rounds settle ${firstLook(t)} (the aim: 90%).`,
  )
}

simulate(false)
simulate(true)
atTrueSigma()
if (VERIFY) console.log(`\nruns where the whole gate (judgeRun) read otherwise: ${disagreements}`)
