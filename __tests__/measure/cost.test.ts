import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  costNote,
  describeCost,
  planOf,
  minutesRange,
  planCost,
  secondsFor,
  secondsLeft,
  statedTrialSeconds,
  type RunPlan,
} from '../../src/measure/cost'
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
      'this run takes 10–20 rounds, about 5–9 minutes after the stacks start (stated: 7 s a trial, 8 s a renewal)',
    )
    const duet = settingsFor(process.cwd(), {
      'arms-under-load': 'both',
      'min-rounds': '10',
      'max-rounds': '20',
      warmup: '3s',
    })
    assert.match(costNote(planOf(duet, bench, 2, 'round')), /10–20 rounds, about 4–7 minutes/)
    assert.equal(
      costNote(planOf(settings, exampleBenchmark({ k6Env: {} }), 2, 'round')),
      'this run takes 10–20 rounds; the time left is estimated once a trial has run',
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

  test('without a stated trial length, nothing is estimated until a trial has run', () => {
    const clock = trialClock(DEFAULTS, { trial: null, warmup: 5, renewal: 8 })
    assert.equal(clock.status().leftSeconds, null)
    assert.equal(timeLeft(clock.status()), '')
    assert.equal(timeLeft({ etaSeconds: null, leftSeconds: [130, 400] }), ', ~3–7 min left')
  })
})
