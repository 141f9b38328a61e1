import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startOrder } from '../../src/measure/schedule'
import type { Arm } from '../../src/model/types'

const ARMS: Arm[] = ['base', 'head']

describe('which arm starts first', () => {
  test('drawn from the seed, per set of instances: either arm, about as often, and reproducible', () => {
    let headFirst = 0
    for (let seed = 1; seed <= 200; seed++) {
      for (let instance = 0; instance < 5; instance++) {
        const order = startOrder(ARMS, seed, instance)
        assert.deepEqual([...order].sort(), ARMS)
        assert.deepEqual(startOrder(ARMS, seed, instance), order, 'the same seed, the same order')
        if (order[0] === 'head') headFirst++
      }
    }
    assert.ok(headFirst > 400 && headFirst < 600, `head first ${headFirst} of 1000`)
    const firstStacks = Array.from({ length: 50 }, (_, seed) => startOrder(ARMS, seed, 0)[0])
    assert.ok(firstStacks.includes('head') && firstStacks.includes('base'), 'the first stacks too')
    assert.deepEqual(startOrder(['head'], 7, 0), ['head'])
  })
})
