import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { ArmInstances } from '../../src/measure/arm-instances'
import { stackPlacement, roundOrders, seededRandom } from '../../src/measure/schedule'
import type { ArmInstance } from '../../src/measure/sut'
import type { Arm } from '../../src/model/types'

const ARMS: Arm[] = ['base', 'head']

describe('exchangeable stacks: slots and start order drawn per set of instances', () => {
  test('seeded: reproducible, each slot taken by one arm, and both assignments and start orders occur', () => {
    const sets = Array.from({ length: 40 }, (_, i) => stackPlacement(ARMS, i, 1234))
    assert.deepEqual(
      sets,
      Array.from({ length: 40 }, (_, i) => stackPlacement(ARMS, i, 1234)),
    )
    for (const { slots, startOrder } of sets) {
      assert.deepEqual([slots.base, slots.head].sort(), [0, 1])
      assert.deepEqual([...startOrder].sort(), ARMS)
    }
    const baseInFirst = sets.filter((p) => p.slots.base === 0).length
    const baseStarts = sets.filter((p) => p.startOrder[0] === 'base').length
    assert.ok(baseInFirst > 5 && baseInFirst < 35, `base in slot 0 in ${baseInFirst} of 40 sets`)
    assert.ok(baseStarts > 5 && baseStarts < 35, `base started first in ${baseStarts} of 40 sets`)
    const other = Array.from({ length: 40 }, (_, i) => stackPlacement(ARMS, i, 1235))
    assert.notDeepEqual(other, sets, 'another seed, other placements')
  })

  test('drawn apart from the round orders: the seed gives the same rounds as before', () => {
    const before = roundOrders(ARMS, 20, seededRandom(99))
    stackPlacement(ARMS, 3, 99)
    assert.deepEqual(roundOrders(ARMS, 20, seededRandom(99)), before)
  })

  test('a renewal launches every arm in its drawn slot, in the drawn order; retired() waits for every replaced instance to go', async () => {
    const events: string[] = []
    const slot: Record<string, number> = { base: 0, head: 1 }
    const removing: Record<string, number> = { base: 0, head: 0 }
    const arm = (name: Arm): ArmInstance => ({
      url: `http://${name}`,
      get slot() {
        return slot[name]
      },
      sampleResources: () => ({ started: Promise.resolve(''), stop: () => Promise.resolve([]) }),
      stop: () => Promise.resolve(),
      recreate: (to?: number) => {
        events.push(`recreate ${name} ${to}`)
        slot[name] = to ?? slot[name]!
        removing[name]!++
        return Promise.resolve()
      },
      retired: async () => {
        await new Promise((resolve) => setTimeout(resolve, name === 'base' ? 5 : 1))
        events.push(`retired ${name}`)
        removing[name] = 0
      },
    })
    const seed = 5
    const instances = new ArmInstances({ freshInstances: 'round', pauseIdleArm: false, seed }, () => {})
    instances.add('base', arm('base'))
    instances.add('head', arm('head'))
    const slotsSeen = new Set<string>()
    for (let set = 1; set <= 12; set++) {
      events.length = 0
      await instances.renew(set + 1)
      const placement = stackPlacement(ARMS, set, seed)
      assert.deepEqual({ base: slot.base, head: slot.head }, placement.slots, `set ${set}: slots as drawn`)
      slotsSeen.add(`${slot.base}${slot.head}`)
      assert.deepEqual(
        events,
        placement.startOrder.map((a) => `recreate ${a} ${placement.slots[a]}`),
        `set ${set}: launched in the drawn order, nothing waited for the replaced instances`,
      )
      await instances.retired()
      assert.deepEqual(removing, { base: 0, head: 0 }, `set ${set}: every replaced instance is gone`)
      assert.deepEqual(events.slice(2).sort(), ['retired base', 'retired head'])
    }
    assert.equal(slotsSeen.size, 2, 'the arms swapped slots in some sets and kept them in others')
  })
})
