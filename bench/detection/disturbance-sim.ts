// Is measuring a disturbed round again valid? Simulated runs on a busy runner, judged with the
// shipped functions: the disturbed-round rule and its repeat policy (decide/disturbance.ts), the
// samples that leave superseded trials out (decide/samples.ts), and the gate's looks and verdicts
// (simulated-gate.ts: pairedInterval, the family test, classify) on one gated p50 (δ +5%, looks at
// 10, 15 and 20 rounds, fresh instances every round).
//
// Each trial's log latency is the arm's level, the head's change, per-trial noise (SD/√2 a trial, so
// a round's log ratio has SD `SD`) and what the runner did to it: a neighbour's burst lands on a
// trial at random (either arm alike) and takes a share f of the host's CPU, slowing the trial by
// SLOW·f; the hypervisor sometimes keeps a share s of the busy time (steal), slowing it by SLOW·s.
// The counters read what the product reads: foreign CPU (capped where the host saturates, which is
// the only way the run's own CPU, the head's change included, can reach it) and steal. The head's
// change makes its requests slower and its containers take more CPU; it never enters foreign CPU.
//
// Three ways to treat the rounds: as measured; the repeat rule (a round whose two trials differ by
// 10 points in foreign CPU or steal of busy is measured again, fresh draws, at most 1 a round and 3
// a run); and the covariate (each round's log ratio less β·Δ, where Δ is the difference between
// the trials' foreign CPU plus steal of busy, β fitted by least squares on the run's 20 rounds).
// Runners: quiet; bursts (a neighbour on a share of the trials), light (a third as many); a neighbour through the whole run
// (the same share in every trial, as bursts on top). Seeded: the same command prints the same table.
//   [SEED=0] [SD=0.05] [SLOW=0.5] [BURSTS=0.15] node --import tsx bench/detection/disturbance-sim.ts [runs=60]
import { DEFAULT_REPEAT_BOUNDS, repeatPolicy } from '../../src/decide/disturbance'
import { pairedSamples } from '../../src/decide/samples'
import type { MetricThreshold, MetricVerdict, ResultsFile, Trial } from '../../src/model/types'
import { defaultThresholds } from '../../src/settings/thresholds'
import { seededRandom } from '../../src/util/random'
import { gaussian, judgeRun, percent, worstHalfWidth, type GateOptions } from './simulated-gate'

const RUNS = Number(process.argv[2] ?? 60)
const SEED = Number(process.env.SEED ?? 0)
const SD = Number(process.env.SD ?? 0.05)
const SLOW = Number(process.env.SLOW ?? 0.5)
const BURSTS = Number(process.env.BURSTS ?? 0.15)
const PLAN: GateOptions = { minRounds: 10, maxRounds: 20 }
const P50: MetricThreshold = defaultThresholds().find((t) => t.metric === 'p50' && t.gate)!
const KEY = 'api GET /'
/** The run's own share of the host's CPU in a base trial (containers, k6, the engine). */
const RUN_SHARE = 0.45

type Method = 'as measured' | 'repeat rule' | 'covariate'
interface Runner {
  name: string
  /** Foreign share every trial has (a neighbour through the whole run). */
  steady: number
  bursts: number
}

const RUNNERS: Runner[] = [
  { name: 'quiet', steady: 0, bursts: 0 },
  { name: 'light bursts', steady: 0, bursts: BURSTS / 3 },
  { name: 'bursts', steady: 0, bursts: BURSTS },
  { name: 'neighbour throughout + bursts', steady: 0.3, bursts: BURSTS },
]

/** One trial as the product records it, its p50 slowed by what took the CPU beside it. */
function simulatedTrial(
  arm: 'base' | 'head',
  round: number,
  change: number,
  runner: Runner,
  random: () => number,
) {
  const burst = random() < runner.bursts ? 0.2 + 0.6 * random() : 0.03 * random()
  const steal = random() < runner.bursts / 2 ? 0.05 + 0.25 * random() : 0.01 * random()
  const own = RUN_SHARE * (arm === 'head' ? 1 + change : 1)
  const wanted = runner.steady + burst
  // Saturated, the neighbour gets what the run leaves: the only path from the head's CPU to the reading.
  const foreign = Math.min(wanted, Math.max(0, 1 - own))
  const busy = Math.min(1, own + foreign)
  const noise = (SD / Math.SQRT2) * gaussian(random)
  const slowed = SLOW * (foreign + steal) * (1 + 0.3 * gaussian(random))
  const p50 = 10 * Math.exp((arm === 'head' ? Math.log1p(change) : 0) + noise + slowed)
  const trial = {
    arm,
    round,
    phase: 'measure',
    valid: true,
    hostCpuBusy: busy,
    hostCpuStolen: steal * busy,
    foreignCpu: foreign,
    series: [{ key: KEY, latency: { p50 } }],
    custom: [],
  }
  return trial as unknown as Trial
}

/** Each round's not-the-run's share, head less base: foreign CPU plus steal of the busy time. */
function besideGap(trials: Trial[], round: number): number {
  const share = (arm: string) => {
    const t = trials.find((x) => x.round === round && x.arm === arm && !x.superseded)!
    return t.foreignCpu! + t.hostCpuStolen! / t.hostCpuBusy!
  }
  return share('head') - share('base')
}

/** Least squares of d on x with an intercept: the slope. */
function slope(d: number[], x: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length
  const [md, mx] = [mean(d), mean(x)]
  const sxx = x.reduce((a, xi) => a + (xi - mx) ** 2, 0)
  return sxx > 0 ? x.reduce((a, xi, i) => a + (xi - mx) * (d[i]! - md), 0) / sxx : 0
}

/** One run of 20 rounds on `runner`, treated by `method`: its verdict, rounds, repeats and fitted slope. */
function simulatedRun(method: Method, change: number, runner: Runner, random: () => number) {
  const trials: Trial[] = []
  const policy = repeatPolicy(DEFAULT_REPEAT_BOUNDS)
  const repeatedAt: number[] = []
  for (let round = 1; round <= PLAN.maxRounds; round++) {
    trials.push(simulatedTrial('base', round, change, runner, random))
    trials.push(simulatedTrial('head', round, change, runner, random))
    while (method === 'repeat rule' && policy.measureAgain(round, trials)) {
      for (const t of trials) if (t.round === round) t.superseded = true
      repeatedAt.push(round)
      trials.push(simulatedTrial('base', round, change, runner, random))
      trials.push(simulatedTrial('head', round, change, runner, random))
    }
  }
  const samples = pairedSamples({ trials } as ResultsFile, KEY, 'p50', false)
  let differences = samples.byRound as number[]
  let beta = 0
  if (method === 'covariate') {
    const gaps = samples.rounds!.map((r) => besideGap(trials, r))
    beta = slope(differences, gaps)
    differences = differences.map((d, i) => d - beta * gaps[i]!)
  }
  const outcome = judgeRun([{ rule: P50, differences }], PLAN)
  const repeats = repeatedAt.filter((r) => r <= outcome.rounds).length
  // Every run reaches round 10: repeats there are what a change could move, whatever its length.
  const firstTen = repeatedAt.filter((r) => r <= PLAN.minRounds).length
  return { verdict: outcome.verdict, rounds: outcome.rounds, repeats, firstTen, beta }
}

function row(method: Method, change: number, runner: Runner): string {
  const random = seededRandom(
    // The same runner for every head and treatment: the rows of a runner differ by those alone.
    (RUNNERS.indexOf(runner) * 31 + 0x55 + SEED * 0x9e3779b1) >>> 0,
  )
  const verdicts = new Map<MetricVerdict, number>()
  let rounds = 0
  let repeats = 0
  let firstTen = 0
  let beta = 0
  for (let i = 0; i < RUNS; i++) {
    const run = simulatedRun(method, change, runner, random)
    verdicts.set(run.verdict, (verdicts.get(run.verdict) ?? 0) + 1)
    rounds += run.rounds
    repeats += run.repeats
    firstTen += run.firstTen
    beta += run.beta
  }
  const share = (...vs: MetricVerdict[]) =>
    percent(
      vs.reduce((n, v) => n + (verdicts.get(v) ?? 0), 0),
      RUNS,
    )
  const changeText = change ? `+${Math.round(change * 100)}%` : '0 (A/A)'
  const extra =
    method === 'repeat rule'
      ? `${(repeats / RUNS).toFixed(2)} (${(firstTen / RUNS).toFixed(2)} in rounds 1–10)`
      : method === 'covariate'
        ? `β ${(beta / RUNS).toFixed(2)}`
        : '–'
  return `| ${runner.name} | ${method} | ${changeText} | ${share('REGRESSION')} | ${share('NO_CHANGE')} | ${share('INCONCLUSIVE', 'LIKELY_OVER_DELTA')} | ${share('IMPROVEMENT')} | ${(rounds / RUNS).toFixed(1)} | ${extra} |`
}

const started = Date.now()
console.log(
  `node --import tsx bench/detection/disturbance-sim.ts ${RUNS}   (SEED=${SEED} SD=${SD} SLOW=${SLOW} BURSTS=${BURSTS})`,
)
console.log(
  `${RUNS} simulated runs a row (a share near 5% ±${(196 * Math.sqrt((0.05 * 0.95) / RUNS)).toFixed(1)} points, any share ±${worstHalfWidth(RUNS).toFixed(1)} or better, 95%); ` +
    `p50 δ +${P50.delta * 100}%, looks at 10, 15, 20 rounds; per-round SD ${SD * 100}% of the log ratio on a quiet runner; ` +
    `a burst on ${BURSTS * 100}% of the trials takes 20–80% of the host (steal 5–30% of busy on half as many), slowing the trial by ${SLOW}× the share; ` +
    `repeats at most ${DEFAULT_REPEAT_BOUNDS.perRound} a round, ${DEFAULT_REPEAT_BOUNDS.perRun} a run.`,
)
console.log('')
console.log(
  '| runner | method | head change | REGRESSION | NO CHANGE | undecided | IMPROVEMENT | mean rounds | mean repeats (repeat rule) / mean slope (covariate) |',
)
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|')
for (const runner of RUNNERS)
  for (const method of ['as measured', 'repeat rule', 'covariate'] as const)
    for (const change of [0, 0.1, 0.3]) console.log(row(method, change, runner))
console.log('')
console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`)
