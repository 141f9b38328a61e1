import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  busyFraction,
  parseCpuTimes,
  readCpuTimes,
  recordSaturation,
  stolenFraction,
  stolenNote,
} from '../../src/measure/host-cpu'
import type { ResultsFile } from '../../src/model/types'

describe("the runner's CPU busy fraction over a trial (/proc/stat)", () => {
  test('idle and iowait are idle; user, nice, system, irq, softirq and steal are busy', () => {
    const before = parseCpuTimes('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n')
    const after = parseCpuTimes('cpu  290 10 100 810 50 5 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n')
    assert.deepEqual(before, { busy: 150, total: 1000, steal: 0 })
    assert.equal(busyFraction(before, after), 0.963, '260 busy of 270 ticks')
    assert.equal(parseCpuTimes('no cpu line'), null)
    assert.equal(busyFraction(before, null), null)
    assert.equal(busyFraction(before, before), null, 'no time passed: unknown, not 0')
  })

  test("steal is the hypervisor's share of the same CPU time: busy for the runner, named on its own", () => {
    const before = parseCpuTimes('cpu  100 0 50 800 50 0 0 20 0 0\n')
    const after = parseCpuTimes('cpu  200 0 100 900 50 0 0 70 0 0\n')
    assert.deepEqual(before, { busy: 170, total: 1020, steal: 20 })
    assert.equal(stolenFraction(before, after), 0.167, '50 stolen of 300 ticks')
    assert.equal(busyFraction(before, after), 0.667, 'steal counts as busy: 200 of 300')
    assert.equal(stolenFraction(null, after), null)
    assert.equal(stolenNote(0.04, 3), null, 'the ordinary background of a shared host')
    assert.equal(stolenNote(undefined, 3), null)
    assert.match(stolenNote(0.12, 3) ?? '', /hypervisor took 12% .* in round 3 \(steal\).*not a verdict/)
  })

  test('this Linux runner reads its own counters', async () => {
    const first = await readCpuTimes()
    assert.ok(first && first.total > 0 && first.busy <= first.total)
  })

  test('a saturated round is recorded and said once; a busy runner below the mark is not', () => {
    const results = {} as ResultsFile
    assert.equal(recordSaturation(results, 0.9, 1), null)
    assert.equal(recordSaturation(results, undefined, 1), null)
    assert.equal(results.saturation, undefined)
    assert.match(recordSaturation(results, 0.97, 2) ?? '', /97% busy in round 2.*not a verdict/)
    assert.equal(recordSaturation(results, 0.99, 2), null, 'the other arm of the same round')
    assert.equal(recordSaturation(results, 0.96, 5), null, 'said once, recorded always')
    assert.deepEqual(results.saturation, { rounds: [2, 5], maxCpuBusy: 0.99 })
  })
})
