import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  followSchedule,
  interleavedSchedule,
  runSchedule,
  warmupTrials,
  type ScheduledTrial,
  type ScheduleOptions,
} from '../../src/measure/schedule'
import { trialClock } from '../../src/measure/progress'
import type { Arm } from '../../src/model/types'

/** Runs a schedule whose trials take a few milliseconds, recording what ran and any overlap. */
async function record(options: Partial<ScheduleOptions> = {}) {
  const trials: ScheduledTrial[] = []
  /** Trials and renewals of the instances, in the order they ran. */
  const steps: string[] = []
  const orders: Arm[][] = []
  let running = 0
  let measuring = false
  /** A measured trial overlapped anything, or a renewal overlapped a trial. */
  let overlapped = false
  let warmupsSideBySide = false
  let asked = 0
  const result = await runSchedule({
    arms: ['base', 'head'],
    looks: [10, 20],
    warmup: true,
    seed: 7,
    onRound: (order) => orders.push(order),
    ...options,
    shouldExtend: () => {
      asked++
      return options.shouldExtend?.() ?? false
    },
    renewInstances: async (round) => {
      if (running > 0) overlapped = true
      steps.push(`renew ${round}`)
      await new Promise((resolve) => setTimeout(resolve, 1))
    },
    runTrial: async (trial) => {
      if (measuring || (running > 0 && trial.phase === 'measure')) overlapped = true
      if (running > 0 && trial.phase === 'warmup') warmupsSideBySide = true
      running++
      measuring = trial.phase === 'measure'
      trials.push(trial)
      steps.push(`${trial.phase} ${trial.round} ${trial.arm}`)
      await new Promise((resolve) => setTimeout(resolve, 1))
      running--
      measuring = false
    },
  })
  return { trials, steps, orders, overlapped, warmupsSideBySide, asked, result }
}

describe('schedule: warm-up, then randomized interleaved rounds', () => {
  test('warm-up per arm first (round 0, side by side), then every arm once per round, one trial at a time', async () => {
    const { trials, orders, overlapped, warmupsSideBySide } = await record()
    assert.deepEqual(trials.slice(0, 2), [
      { arm: 'base', phase: 'warmup', round: 0 },
      { arm: 'head', phase: 'warmup', round: 0 },
    ])
    const measured = trials.slice(2)
    assert.equal(measured.length, 20)
    for (let round = 1; round <= 10; round++) {
      const inRound = measured.filter((t) => t.round === round)
      assert.deepEqual(
        inRound.map((t) => t.arm),
        orders[round - 1],
        `round ${round} runs in its recorded order`,
      )
      assert.deepEqual([...inRound.map((t) => t.arm)].sort(), ['base', 'head'])
    }
    assert.equal(overlapped, false, 'only one arm under load at a time')
    assert.equal(warmupsSideBySide, true, 'nothing is measured in a warm-up: the arms warm up together')
  })

  test('the order is drawn from the seed: reproducible, and both orders occur', async () => {
    const a = await record({ seed: 99 })
    const b = await record({ seed: 99 })
    const c = await record({ seed: 100 })
    assert.deepEqual(a.orders, b.orders)
    assert.notDeepEqual(a.orders, c.orders)
    const baseFirst = a.orders.filter((o) => o[0] === 'base').length
    assert.ok(baseFirst > 0 && baseFirst < 10, `base went first in ${baseFirst} of 10 rounds`)
  })

  test('asked once after min-rounds; "extend" runs on to max-rounds, and no further look', async () => {
    const kept = await record({ shouldExtend: () => false })
    assert.equal(kept.asked, 1)
    assert.deepEqual(kept.result, { rounds: 10, extended: false })
    const extended = await record({ shouldExtend: () => true })
    assert.equal(extended.asked, 1)
    assert.deepEqual(extended.result, { rounds: 20, extended: true })
    assert.equal(extended.trials.filter((t) => t.phase === 'measure').length, 40)
    assert.deepEqual(extended.orders.slice(0, 10), kept.orders, 'extending does not redraw the first rounds')
  })

  test('three looks: asked at each look but the last, and stops at the look where the data settles', async () => {
    let answers = [true, false]
    const settled = await record({ looks: [10, 15, 20], shouldExtend: () => answers.shift() ?? true })
    assert.equal(settled.asked, 2)
    assert.deepEqual(settled.result, { rounds: 15, extended: true })
    answers = [true, true]
    const full = await record({ looks: [10, 15, 20], shouldExtend: () => answers.shift() ?? true })
    assert.equal(full.asked, 2)
    assert.deepEqual(full.result, { rounds: 20, extended: true })
  })

  test('record mode: the head alone; no warm-up when it is off; never asked when max = min', async () => {
    const { trials, asked } = await record({ arms: ['head'], warmup: false, looks: [3] })
    assert.deepEqual(
      trials.map((t) => `${t.phase} ${t.round} ${t.arm}`),
      ['measure 1 head', 'measure 2 head', 'measure 3 head'],
    )
    assert.equal(asked, 0)
  })

  test('fresh-instances round: new instances before every round after the first, each warmed up', async () => {
    const { steps, orders, overlapped } = await record({
      freshInstances: 'round',
      looks: [3],
    })
    const measured = (round: number) => orders[round - 1]!.map((arm) => `measure ${round} ${arm}`)
    assert.deepEqual(steps, [
      'warmup 0 base',
      'warmup 0 head',
      ...measured(1),
      'renew 2',
      'warmup 2 base',
      'warmup 2 head',
      ...measured(2),
      'renew 3',
      'warmup 3 base',
      'warmup 3 head',
      ...measured(3),
    ])
    assert.equal(overlapped, false)
    const run = await record({ freshInstances: 'round', seed: 7 })
    const once = await record({ freshInstances: 'run', seed: 7 })
    assert.deepEqual(run.orders, once.orders, 'renewing draws no random numbers: the same round order')
    assert.equal(once.steps.filter((s) => s.startsWith('renew')).length, 0)
  })

  test('fresh-instances N: every N rounds, extension included; no warm-up when it is off', async () => {
    const { steps } = await record({
      freshInstances: 3,
      warmup: false,
      looks: [4, 8],
      shouldExtend: () => true,
    })
    assert.deepEqual(
      steps.filter((s) => s.startsWith('renew')),
      ['renew 4', 'renew 7'],
    )
    assert.equal(steps.filter((s) => s.startsWith('warmup')).length, 0)
  })

  test('a failed warm-up fails the schedule after the other arm has finished its own', async () => {
    const finished: Arm[] = []
    await assert.rejects(
      runSchedule({
        arms: ['base', 'head'],
        looks: [3],
        warmup: true,
        seed: 1,
        runTrial: async ({ arm, phase }) => {
          if (phase === 'measure') throw new Error('no round may start after a failed warm-up')
          if (arm === 'base') throw new Error('base warm-up failed')
          await new Promise((resolve) => setTimeout(resolve, 5))
          finished.push(arm)
        },
      }),
      /base warm-up failed/,
    )
    assert.deepEqual(finished, ['head'])
  })

  test('the progress count plans a warm-up for every new instance', () => {
    assert.equal(warmupTrials(2, 3, 'round', true), 6)
    assert.equal(warmupTrials(2, 8, 3, true), 6)
    assert.equal(warmupTrials(2, 8, 'run', true), 2)
    assert.equal(warmupTrials(2, 8, 'round', false), 0)
    const clock = trialClock(
      { arms: 2, looks: [3, 5], warmup: true, freshInstances: 'round', armsUnderLoad: 'one-at-a-time' },
      { trial: null, warmup: 3, renewal: 8 },
    )
    assert.equal(clock.status().planned, 12)
    clock.extend(5)
    assert.equal(clock.status().planned, 20)
  })
})

describe('the schedule is data: which pair serves which round, in which order', () => {
  test("today's design: a new pair where fresh-instances says, the orders drawn from the seed", () => {
    const schedule = interleavedSchedule({
      arms: ['base', 'head'],
      looks: [3, 5],
      seed: 7,
      freshInstances: 2,
    })
    assert.deepEqual(
      schedule.rounds.map((r) => [r.round, r.pair]),
      [
        [1, 0],
        [2, 0],
        [3, 1],
        [4, 1],
        [5, 2],
      ],
    )
  })

  test('another design is another schedule: the pairs it names are renewed and warmed up, its orders run', async () => {
    const steps: string[] = []
    const result = await followSchedule(
      {
        arms: ['base', 'head'],
        looks: [3],
        rounds: [
          { round: 1, pair: 0, order: ['head', 'base'] },
          { round: 2, pair: 1, order: ['base', 'head'] },
          { round: 3, pair: 1, order: ['head', 'base'] },
        ],
      },
      {
        warmup: true,
        renewInstances: async (round) => void steps.push(`renew ${round}`),
        runTrial: async ({ arm, phase, round }) => void steps.push(`${phase} ${round} ${arm}`),
      },
    )
    assert.deepEqual(result, { rounds: 3, extended: false })
    assert.deepEqual(steps, [
      'warmup 0 base',
      'warmup 0 head',
      'measure 1 head',
      'measure 1 base',
      'renew 2',
      'warmup 2 base',
      'warmup 2 head',
      'measure 2 base',
      'measure 2 head',
      'measure 3 head',
      'measure 3 base',
    ])
  })
})
