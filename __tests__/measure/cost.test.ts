import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  measuredCostNote,
  costNote,
  describeCost,
  measuredSteps,
  priceCalibration,
  runSeconds,
  planOf,
  planCost,
  secondsFor,
  secondsLeft,
  statedTrialSeconds,
  type RunPlan,
} from '../../src/measure/cost'
import { calibrate } from '../../src/decide/calibration'
import { minutesRange } from '../../src/report/format'
import { makeResults } from '../../testkit/results-factory'
import { timeLeft, trialClock } from '../../src/measure/progress'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'

const DEFAULTS: RunPlan = {
  arms: 2,
  looks: [10, 15, 20],
  warmup: true,
  freshInstances: 'round',
  armsUnderLoad: 'one-at-a-time',
}
const STEP = { trial: 7, warmup: 5, renewal: 8 }

describe('what a run will cost, from its plan', () => {
  test('rounds × trials, a warm-up per set of instances, a renewal per new set', () => {
    // 10 rounds: 20 trials of 7 s, 10 warm-ups of 5 s (side by side), 9 renewals of 8 s.
    assert.equal(secondsFor(DEFAULTS, 10, STEP), 140 + 50 + 72)
    assert.equal(secondsFor({ ...DEFAULTS, freshInstances: 'run' }, 10, STEP), 140 + 5)
    assert.equal(secondsFor({ ...DEFAULTS, freshInstances: 5 }, 10, STEP), 140 + 10 + 8)
    assert.equal(secondsFor({ ...DEFAULTS, warmup: false, freshInstances: 'run' }, 10, STEP), 140)
  })

  test('duet halves the measured time of a round, not the warm-ups or renewals', () => {
    const duet = { ...DEFAULTS, armsUnderLoad: 'both' as const }
    assert.equal(secondsFor(DEFAULTS, 10, STEP) - secondsFor(duet, 10, STEP), 70)
    assert.deepEqual(planCost(duet, STEP).seconds, [70 + 50 + 72, 140 + 100 + 152])
  })

  test('alternating: a round is one trial that spans both arms, two trial lengths and one k6 start-up', () => {
    const alternating = { ...DEFAULTS, armsUnderLoad: 'alternating' as const }
    assert.equal(secondsFor(alternating, 10, { ...STEP, trial: 14 }), secondsFor(DEFAULTS, 10, STEP))
    const settings = settingsFor(process.cwd(), { 'arms-under-load': 'alternating', warmup: '3s' })
    const bench = exampleBenchmark({ k6Env: { DURATION: '5s' } })
    assert.match(costNote(planOf(settings, bench, 2, 'round')), /if a trial takes 12 s/)
  })

  test('said before the run starts: the first look … the last', () => {
    assert.deepEqual(planCost(DEFAULTS, STEP), { rounds: [10, 20], seconds: [262, 532] })
    assert.equal(
      describeCost(DEFAULTS, STEP, 'stated'),
      'this run takes 10–20 rounds, about 5–9 minutes after the stacks start (stated)',
    )
    assert.match(describeCost({ ...DEFAULTS, looks: [3] }, STEP, 'x'), /takes 3 rounds, about 2 minutes/)
    assert.equal(minutesRange([20, 50]), '1 minute')
    assert.equal(minutesRange([0, 0]), 'under a minute')
  })

  test('the note a run starts with, from its settings', () => {
    const settings = settingsFor(process.cwd(), { 'min-rounds': '10', 'max-rounds': '20', warmup: '3s' })
    const bench = exampleBenchmark({ k6Env: { DURATION: '5s' } })
    assert.equal(
      costNote(planOf(settings, bench, 2, 'round')),
      // No renewal time is made up: what new instances take is said once the run has timed them.
      'this run takes 10–20 rounds, at least 4–7 minutes after the stacks start (if a trial takes 7 s, and the time new instances take, said once the first are timed)',
    )
    const duet = settingsFor(process.cwd(), {
      'arms-under-load': 'both',
      'min-rounds': '10',
      'max-rounds': '20',
      warmup: '3s',
    })
    assert.match(costNote(planOf(duet, bench, 2, 'round')), /10–20 rounds, at least 2–4 minutes/)
    assert.equal(
      costNote(planOf(settings, exampleBenchmark({ k6Env: {} }), 2, 'round')),
      'this run takes 10–20 rounds; the time left is estimated once a trial has run',
    )
    // One instance per arm: no renewal to state, and no look past the first (more rounds add no
    // instance pair), with what it can decide.
    const one = costNote(planOf(settings, bench, 2, 'run'))
    assert.match(one, /^this run takes 10 rounds, about 3 minutes after the stacks start/)
    assert.match(
      one,
      /\(if a trial takes 7 s; the progress line corrects it as they are timed\); one instance per arm: more rounds add no instance, so it stops there, and a gated metric is decided only when it moved by more than δ\/2 \+ 20% \(never NO CHANGE\); 6 or more instance pairs/,
    )
    assert.deepEqual(planOf(settings, bench, 2, 'run').plan.looks, [10])
    // record decides nothing, so it never goes on past min-rounds: its note says so.
    assert.match(
      costNote(planOf(settings, bench, 1, 'round', false)),
      /^this run takes 10 rounds, at least 2 minutes /,
    )
    assert.equal(
      costNote(planOf(settings, exampleBenchmark({ k6Env: {} }), 1, 'round', false)),
      'this run takes 10 rounds; the time left is estimated once a trial has run',
    )
  })

  test('said again with the steps the run timed once the first new instances are up', () => {
    const settings = settingsFor(process.cwd(), { 'min-rounds': '10', 'max-rounds': '20', warmup: '3s' })
    const { plan, stated } = planOf(settings, exampleBenchmark({ k6Env: { DURATION: '5s' } }), 2, 'round')
    const clock = trialClock(plan, stated)
    clock.finished(5000, 'warmup')
    clock.finished(6000, 'warmup')
    clock.finished(7100)
    clock.finished(6900)
    assert.equal(clock.measuredSteps(), null, 'no renewal timed yet')
    clock.between(2600)
    const steps = clock.measuredSteps()!
    assert.deepEqual(steps, { trial: 7, warmup: 5.5, renewal: 2.6 })
    // A renewal of 2.6 s where 8 s used to be stated: 10 rounds are 20 trials, 10 warm-ups, 9 renewals.
    assert.equal(secondsFor(plan, 10, steps), 20 * 7 + 10 * 5.5 + 9 * 2.6)
    assert.equal(
      measuredCostNote(plan, steps),
      'this run takes 10–20 rounds, about 4–8 minutes after the stacks start (measured: a trial 7.0 s, a warm-up 5.5 s, new instances 2.6 s)',
    )
  })

  test("a trial's length is read from the script's DURATION, with k6's start-up", () => {
    assert.equal(statedTrialSeconds({ DURATION: '5s', RATE: '100' }), 7)
    assert.equal(statedTrialSeconds({ DURATION: '2m' }), 122)
    assert.equal(statedTrialSeconds({}), null)
    assert.equal(statedTrialSeconds({ DURATION: '1m30s' }), null, 'not a duration this reads: unknown')
  })

  test('time left: to the next look and to the last, from the rounds done', () => {
    assert.deepEqual(secondsLeft(DEFAULTS, 0, 10, STEP), [262, 532])
    assert.deepEqual(secondsLeft(DEFAULTS, 10, 15, STEP), [135, 270])
    assert.deepEqual(secondsLeft(DEFAULTS, 20, 20, STEP), [0, 0])
  })
})

describe('the progress line shows the range the plan allows', () => {
  test('stated until a step is timed, then the mean of what was timed', () => {
    const plan = { ...DEFAULTS, looks: [2, 4], freshInstances: 'run' as const }
    const clock = trialClock(plan, { trial: 7, warmup: 5, renewal: 8 })
    // Stated: 2 rounds are 4 trials of 7 s and one warm-up of 5 s; 4 rounds 8 trials.
    assert.deepEqual(clock.status().leftSeconds, [33, 61])
    clock.finished(3000, 'warmup')
    clock.finished(3000, 'warmup')
    clock.finished(10_000)
    clock.finished(10_000)
    clock.roundDone(1)
    // Timed: 10 s a trial, 3 s a warm-up set; one round done.
    assert.deepEqual(clock.status().leftSeconds, [20, 60])
    assert.equal(clock.status().etaSeconds, 60)
    assert.equal(timeLeft(clock.status()), ', ~1 min left')
    clock.extend(4)
    clock.finished(10_000)
    clock.finished(10_000)
    clock.roundDone(2)
    assert.deepEqual(clock.status().leftSeconds, [40, 40])
    assert.equal(clock.status().planned, 10)
  })

  test('trials lengthened after round 3 (trial-length auto) are estimated at their new length', () => {
    const plan = { ...DEFAULTS, looks: [4, 8], freshInstances: 'run' as const }
    const clock = trialClock(plan, { trial: 7, warmup: 5, renewal: 8 })
    clock.finished(3000, 'warmup')
    for (let round = 1; round <= 3; round++) {
      clock.finished(10_000)
      clock.finished(10_000)
      clock.roundDone(round)
    }
    clock.lengthened(30)
    // 1 and 5 rounds left, two trials of 30 s each.
    assert.deepEqual(clock.status().leftSeconds, [60, 300])
    clock.finished(40_000)
    assert.deepEqual(clock.status().leftSeconds, [80, 400], 'then as timed')
  })

  test('without a stated trial length, nothing is estimated until a trial has run', () => {
    const clock = trialClock(DEFAULTS, { trial: null, warmup: 5, renewal: 8 })
    assert.equal(clock.status().leftSeconds, null)
    assert.equal(timeLeft(clock.status()), '')
    assert.equal(timeLeft({ etaSeconds: null, leftSeconds: [130, 400] }), ', ~3–7 min left')
  })
})

/**
 * A/A results timed as a run of these steps would be: per round an optional renewal and warm-up
 * set (the arms side by side), then each arm's trial of `k6` seconds and a pause of `gap`.
 */
function timedResults(plan: { rounds: number; fresh: 'run' | 'round'; warmup: number; renewal: number }) {
  const results = makeResults({ rounds: plan.rounds, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
  Object.assign(results.settings, { freshInstances: plan.fresh, warmupSeconds: plan.warmup })
  const [k6, gap, setup, teardown] = [12, 1, 30, 5]
  const t0 = Date.parse('2026-11-01T00:00:00Z')
  let clock = setup
  const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString()
  const trials: typeof results.trials = []
  const measured = results.trials
  for (let round = 1; round <= plan.rounds; round++) {
    const renews = round === 1 || plan.fresh === 'round'
    if (round > 1 && renews) clock += plan.renewal
    if (renews && plan.warmup > 0) {
      for (const arm of ['base', 'head'] as const)
        trials.push({
          ...measured[0]!,
          arm,
          phase: 'warmup',
          round,
          startedAt: at(clock),
          k6Seconds: plan.warmup + 2,
        })
      clock += plan.warmup + 2
    }
    for (const trial of measured.filter((t) => t.round === round)) {
      trials.push({ ...trial, startedAt: at(clock), k6Seconds: k6 })
      clock += k6 + gap
    }
  }
  results.trials = trials
  results.meta.startedAt = at(0)
  results.meta.finishedAt = at(clock - gap + teardown)
  return { results, seconds: clock - gap + teardown }
}

describe("what a calibration's plans cost, from the calibration's own run", () => {
  test('the steps measured from the trials reproduce the run they were measured from', () => {
    for (const plan of [
      { rounds: 4, fresh: 'run' as const, warmup: 0, renewal: 0 },
      { rounds: 5, fresh: 'round' as const, warmup: 2, renewal: 6 },
    ]) {
      const { results, seconds } = timedResults(plan)
      const steps = measuredSteps(results)
      assert.equal(steps.window, 10)
      assert.equal(steps.setup, 35, 'before the first trial and after the last')
      const rounds = { minRounds: plan.rounds, maxRounds: plan.rounds }
      const modelled = runSeconds(results, steps, rounds, 10)[1]
      assert.ok(
        Math.abs(modelled - seconds) < 1e-6,
        `${JSON.stringify(plan)}: ${modelled} s, ran ${seconds} s`,
      )
    }
    // Without renewals the pause between trials is part of a trial; with them, of a renewal.
    const once = measuredSteps(timedResults({ rounds: 4, fresh: 'run', warmup: 0, renewal: 0 }).results)
    assert.ok(Math.abs(once.trialOverhead - (2 + 7 / 8)) < 1e-9, String(once.trialOverhead))
    const fresh = measuredSteps(timedResults({ rounds: 5, fresh: 'round', warmup: 2, renewal: 6 }).results)
    assert.equal(fresh.trialOverhead, 2)
    assert.equal(fresh.warmup, 4)
  })

  test('a longer trial costs its extra seconds in every trial of the run, nothing else', () => {
    const { results } = timedResults({ rounds: 4, fresh: 'run', warmup: 0, renewal: 0 })
    const steps = measuredSteps(results)
    const plan = { minRounds: 10, maxRounds: 20 }
    const [short, long] = [runSeconds(results, steps, plan, 10), runSeconds(results, steps, plan, 25)]
    assert.deepEqual([long[0] - short[0], long[1] - short[1]], [10 * 2 * 15, 20 * 2 * 15])
  })

  test('priced: every plan the calibration names, and the one a budget affords', () => {
    const { results } = timedResults({ rounds: 6, fresh: 'run', warmup: 0, renewal: 0 })
    // Noisy enough that a δ of 5% needs longer trials than 10 s.
    for (const t of results.trials)
      if (t.arm === 'head')
        t.series[0]!.latency!.p50 *= Math.exp([0.1, -0.1, 0.05, -0.05, 0.08, -0.08][t.round - 1]!)
    results.settings.thresholds = [
      { metric: 'p50', series: '*', direction: 'lower', delta: 0.05, absolute: false, gate: true },
    ]
    results.settings.minRounds = 6
    const calibration = calibrate(results, 0.05)
    assert.equal(calibration.suggestion.sufficient, false)
    const { cost } = priceCalibration(calibration, results, 0)
    const steps = measuredSteps(results)
    assert.deepEqual(cost.configured, runSeconds(results, steps, { minRounds: 6, maxRounds: 6 }, 10))
    assert.deepEqual(
      cost.suggestedTrials,
      runSeconds(results, steps, { minRounds: 6, maxRounds: 6 }, calibration.suggestion.trialSeconds),
    )
    assert.ok(cost.suggestedRounds[1] > cost.configured[1])
    // Half the runs settle sooner than 90% do: the median run stops at a look of the plan, or past it.
    const look = calibration.medianRounds! <= 6 ? 6 : null
    assert.deepEqual(
      cost.median,
      look && {
        look,
        seconds: Math.round(runSeconds(results, steps, { minRounds: 6, maxRounds: 6 }, 10)[0]),
      },
    )
    const { minRounds, maxRounds } = calibration.suggestion
    const roomy = priceCalibration(calibration, results, cost.suggestedRounds[1] + 1).budget!
    assert.deepEqual(
      [roomy.fits, roomy.minRounds, roomy.maxRounds, roomy.trialSeconds],
      [true, minRounds, maxRounds, 10],
    )
    const tight = priceCalibration(calibration, results, cost.suggestedRounds[1] - 60).budget!
    assert.equal(tight.fits, false)
    assert.ok(tight.minRounds >= 6 && tight.minRounds < minRounds, String(tight.minRounds))
    assert.ok(tight.runSeconds[1] <= cost.suggestedRounds[1] - 60, 'the plan fits the budget')
    assert.ok(tight.settles[0]! > 0.05, 'and says the change it settles under, over δ')
    assert.equal(cost.tailRelief, undefined, 'no plan that gates fewer tails, none priced')
    const relief = { informational: [0], roundsNeeded: 9, minRounds: 9, maxRounds: 9 }
    assert.deepEqual(
      priceCalibration({ ...calibration, tailRelief: relief }, results, 0).cost.tailRelief,
      runSeconds(results, steps, relief, 10),
    )
  })
})
