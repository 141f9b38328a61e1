import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { runSchedule, type ScheduleOptions } from '../../src/measure/schedule'
import { StartBarrier } from '../../src/measure/start-barrier'
import type { Arm, ArmsUnderLoad } from '../../src/model/types'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Span {
  arm: Arm
  round: number
  start: number
  end: number
}

/**
 * Runs a schedule whose "load generators" take a random time to become ready (held at the
 * barrier when there is one), then run 5 ms. Records each measured trial's span of load, the
 * order the barrier released the arms in, and when each generator became ready.
 */
async function record(armsUnderLoad: ArmsUnderLoad, options: Partial<ScheduleOptions> = {}) {
  const spans: Span[] = []
  const orders: Arm[][] = []
  const released: Array<{ round: number; arm: Arm; at: number }> = []
  const readyAt: Array<{ round: number; arm: Arm; at: number }> = []
  let barriers = 0
  const result = await runSchedule({
    arms: ['base', 'head'],
    looks: [12],
    warmup: true,
    seed: 7,
    armsUnderLoad,
    onRound: (order) => orders.push(order),
    ...options,
    runTrial: async ({ arm, phase, round, barrier }) => {
      if (phase !== 'measure') return
      if (barrier) {
        barriers++
        // Generators become ready at different times: the barrier must hold the early one.
        await sleep(1 + Math.floor(Math.random() * 8))
        readyAt.push({ round, arm, at: performance.now() })
        await barrier.ready(arm, async () => {
          released.push({ round, arm, at: performance.now() })
        })
      }
      const start = performance.now()
      await sleep(5)
      spans.push({ arm, round, start, end: performance.now() })
    },
  })
  return { spans, orders, released, readyAt, barriers, result }
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end
}

describe('duet: both arms under load at once, started together at a barrier', () => {
  test('duet: the two measured trials of every round overlap; sequential: no two trials ever do', async () => {
    const duet = await record('both')
    assert.equal(duet.spans.length, 24)
    for (let round = 1; round <= 12; round++) {
      const [a, b] = duet.spans.filter((s) => s.round === round)
      assert.ok(a && b && overlaps(a, b), `round ${round}: base and head under load together`)
    }
    const sequential = await record('one-at-a-time')
    assert.equal(sequential.barriers, 0, 'no barrier one arm at a time')
    assert.equal(sequential.spans.length, 24)
    for (const [i, a] of sequential.spans.entries())
      for (const b of sequential.spans.slice(i + 1)) assert.ok(!overlaps(a, b), 'one arm at a time')
  })

  test('the barrier releases no arm before both are ready, in the round’s drawn order', async () => {
    const { released, readyAt, orders } = await record('both')
    for (let round = 1; round <= 12; round++) {
      const lastReady = Math.max(...readyAt.filter((r) => r.round === round).map((r) => r.at))
      const inRound = released.filter((r) => r.round === round)
      assert.equal(inRound.length, 2)
      for (const r of inRound)
        assert.ok(r.at >= lastReady, `round ${round}: ${r.arm} released after both ready`)
      assert.deepEqual(
        inRound.map((r) => r.arm),
        orders[round - 1],
        `round ${round}: released in the recorded order`,
      )
    }
  })

  test('which arm starts first is drawn from the seed: reproducible, and both occur', async () => {
    const a = await record('both', { seed: 41 })
    const b = await record('both', { seed: 41 })
    const c = await record('both', { seed: 42 })
    const firsts = (run: typeof a) =>
      Array.from({ length: 12 }, (_, i) => run.released.find((r) => r.round === i + 1)!.arm)
    assert.deepEqual(firsts(a), firsts(b), 'same seed, same first arms')
    assert.notDeepEqual(a.orders, c.orders, 'another seed, other orders')
    const baseFirst = firsts(a).filter((arm) => arm === 'base').length
    assert.ok(baseFirst > 0 && baseFirst < 12, `base started first in ${baseFirst} of 12 rounds`)
    // The same seed draws the same orders whether the arms run at once or one after the other.
    assert.deepEqual(a.orders, (await record('one-at-a-time', { seed: 41 })).orders)
  })

  test('a trial that fails before it is ready does not hold the other arm: it runs, then the failure is reported', async () => {
    const finished: Arm[] = []
    await assert.rejects(
      runSchedule({
        arms: ['base', 'head'],
        looks: [3],
        warmup: false,
        seed: 1,
        armsUnderLoad: 'both',
        runTrial: async ({ arm, round, barrier }) => {
          if (round === 2 && arm === 'head') throw new Error('head could not start')
          await barrier!.ready(arm, async () => {})
          await sleep(5)
          finished.push(arm)
        },
      }),
      /head could not start/,
    )
    assert.equal(finished.filter((arm) => arm === 'base').length, 2, 'base finished round 2 too')
    assert.equal(finished.filter((arm) => arm === 'head').length, 1, 'no round after the failure')
  })

  test('a release that fails rejects that arm’s wait only; the other arm is released', async () => {
    const barrier = new StartBarrier(['head', 'base'])
    const head = barrier.ready('head', () => Promise.reject(new Error('refused')))
    const base = barrier.ready('base', async () => {})
    await assert.rejects(head, /refused/)
    await base
    assert.throws(() => new StartBarrier(['base']).failed('head'), /not in this round/)
  })
})
