import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { busyFraction, parseCpuTimes, readCpuTimes } from '../../src/measure/host-cpu'

describe("the runner's CPU busy fraction over a trial (/proc/stat)", () => {
  test('idle and iowait are idle; user, nice, system, irq, softirq and steal are busy', () => {
    const before = parseCpuTimes('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n')
    const after = parseCpuTimes('cpu  290 10 100 810 50 5 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n')
    assert.deepEqual(before, { busy: 150, total: 1000 })
    assert.equal(busyFraction(before, after), 0.963, '260 busy of 270 ticks')
    assert.equal(parseCpuTimes('no cpu line'), null)
    assert.equal(busyFraction(before, null), null)
    assert.equal(busyFraction(before, before), null, 'no time passed: unknown, not 0')
  })

  test('this Linux runner reads its own counters', async () => {
    const first = await readCpuTimes()
    assert.ok(first && first.total > 0 && first.busy <= first.total)
  })
})
