import { test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { probed, startMachineProbe } from '../../src/measure/machine-probe'

test('the machine probe times its fixed work through a trial, and says nothing from too few samples', async () => {
  const short = startMachineProbe()
  assert.equal(short.stop(), undefined, 'stopped before its first sample')

  const probe = startMachineProbe()
  await sleep(1500)
  const result = probe.stop()
  assert.ok(result, 'a 1.5-s trial gives a figure')
  assert.ok(result.samples >= 5 && result.samples <= 8, `${result.samples} samples at 5 a second`)
  assert.ok(result.wallMicros > 0 && result.cpuMicros > 0, JSON.stringify(result))
  // A quarter of a percent of one CPU: the work must stay far below its interval.
  assert.ok(result.wallMicros < 20_000, `${result.wallMicros} µs of work every 200 ms`)
})

test('the probe stops with its trial, even a trial that throws', async () => {
  const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
  const before = timers()
  await assert.rejects(
    probed(true, async () => {
      await sleep(300)
      throw new Error('k6 could not start')
    }),
    /k6 could not start/,
  )
  assert.equal(timers(), before, 'no probe timer left running')
  const { probe } = await probed(true, () => sleep(1200))
  assert.ok(probe && probe.samples >= 5)
  assert.deepEqual(await probed(false, async () => 1), { value: 1 })
})
