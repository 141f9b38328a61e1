import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { runSchedule, type ScheduledTrial, type ScheduleOptions } from '../../src/measure/schedule'
import type { Arm } from '../../src/model/types'

/** Runs a schedule whose trials take a few milliseconds, recording what ran and any overlap. */
async function record(options: Partial<ScheduleOptions> = {}) {
  const trials: ScheduledTrial[] = []
  const orders: Arm[][] = []
  let running = 0
  let overlapped = false
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
    runTrial: async (trial) => {
      if (running++ > 0) overlapped = true
      trials.push(trial)
      await new Promise((resolve) => setTimeout(resolve, 1))
      running--
    },
  })
  return { trials, orders, overlapped, asked, result }
}

describe('schedule: warm-up, then randomized interleaved rounds', () => {
  test('warm-up per arm first (round 0), then every arm once per round, one trial at a time', async () => {
    const { trials, orders, overlapped } = await record()
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
})
