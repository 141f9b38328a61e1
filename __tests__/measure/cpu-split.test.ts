import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cpuIndexes, cpuSplit } from '../../src/measure/cpu-split'
import { parseCpuTimes } from '../../src/measure/host-cpu'

test('the CPUs are split in two halves, none with one CPU or more than two arms', () => {
  assert.deepEqual(cpuSplit(['base', 'head'], 1, 2)?.halves, ['0', '1'])
  assert.deepEqual(cpuSplit(['base', 'head'], 1, 3)?.halves, ['0', '1-2'])
  assert.deepEqual(cpuSplit(['base', 'head'], 1, 8)?.halves, ['0-3', '4-7'])
  assert.equal(cpuSplit(['base', 'head'], 1, 1), null)
  assert.equal(cpuSplit(['head'], 1, 4), null)
})

test('each round the arms are apart, which arm gets which half drawn from the seed', () => {
  const split = cpuSplit(['base', 'head'], 424242, 2)!
  let baseFirst = 0
  for (let round = 1; round <= 200; round++) {
    const [base, head] = [split.cpusOf('base', round), split.cpusOf('head', round)]
    assert.notEqual(base, head, `round ${round}`)
    assert.deepEqual([base, head].sort(), ['0', '1'])
    if (base === '0') baseFirst++
    // The same seed and round give the same halves, whoever asks first.
    assert.equal(cpuSplit(['base', 'head'], 424242, 2)!.cpusOf('head', round), head)
  }
  // Either way round, about half the time: a faster half is noise, not an offset of one arm.
  assert.ok(baseFirst > 70 && baseFirst < 130, `base had CPU 0 in ${baseFirst} of 200 rounds`)
  const other = cpuSplit(['base', 'head'], 7, 2)!
  const rounds = Array.from({ length: 40 }, (_, i) => i + 1)
  assert.notDeepEqual(
    rounds.map((r) => other.cpusOf('base', r)),
    rounds.map((r) => split.cpusOf('base', r)),
    'another seed draws another order',
  )
})

test('a CPU list names its CPUs; anything else is refused', () => {
  assert.deepEqual(cpuIndexes('0-1,3'), [0, 1, 3])
  assert.deepEqual(cpuIndexes('2'), [2])
  assert.throws(() => cpuIndexes('3-1'), /not a CPU list/)
  assert.throws(() => cpuIndexes('a'), /not a CPU list/)
})

test("an arm's busy fraction is read over its own CPUs", () => {
  const stat = 'cpu  30 0 0 170 0 0 0 0\ncpu0 25 0 0 75 0 0 0 0\ncpu1 5 0 0 95 0 0 0 0\n'
  assert.deepEqual(parseCpuTimes(stat), { busy: 30, total: 200, steal: 0 })
  assert.deepEqual(parseCpuTimes(stat, [0]), { busy: 25, total: 100, steal: 0 })
  assert.deepEqual(parseCpuTimes(stat, [0, 1]), { busy: 30, total: 200, steal: 0 })
  assert.equal(parseCpuTimes(stat, [2]), null, 'a CPU the machine does not have')
})
