import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { requireAlternatingScript } from '../../src/measure/arms-under-load'
import { alternateFunctions, writeAlternateScript } from '../../src/measure/load/k6/alternate'
import { createK6Backend } from '../../src/measure/load/k6/k6-backend'

const { durationMs, sliceStages, alternatedOptions } = alternateFunctions()
const slices = (slot: number) => ({ slot, of: 2, sliceMs: 100 })

/** The rate in force at each ms of the stages (a 0-s stage sets it; the next holds it). */
function rateAt(stages: Array<{ duration: string; target: number }>, startMs = 0): Map<number, number> {
  const at = new Map<number, number>()
  let t = startMs
  for (const stage of stages) {
    const ms = durationMs(stage.duration)
    for (let i = 0; i < ms; i++) at.set(t + i, stage.target)
    t += ms
  }
  return at
}

describe("alternating arms: each arm's load in its own slices", () => {
  test("k6's durations read as k6 reads them", () => {
    assert.equal(durationMs('5s'), 5000)
    assert.equal(durationMs('1m30s'), 90_000)
    assert.equal(durationMs('250ms'), 250)
    assert.equal(durationMs('1h'), 3_600_000)
    assert.equal(durationMs(1500), 1500)
    assert.ok(Number.isNaN(durationMs('5 seconds')))
    assert.ok(Number.isNaN(durationMs(undefined)))
  })

  test('the two arms never load at once, and each is on for half of the span', () => {
    const a = rateAt(sliceStages(150, 0, 10_000, slices(0)))
    const b = rateAt(sliceStages(150, 0, 10_000, slices(1)))
    assert.equal(a.size, 10_000)
    assert.equal(b.size, 10_000)
    for (let t = 0; t < 10_000; t++)
      assert.equal((a.get(t)! > 0 ? 1 : 0) + (b.get(t)! > 0 ? 1 : 0), 1, `${t} ms`)
    const on = [...a.values()].filter((r) => r > 0).length
    assert.equal(on, 5000)
    assert.equal(a.get(0), 150, 'the first slice is slot 0')
    assert.equal(a.get(100), 0)
  })

  test('a scenario that starts later or ends mid-slice keeps the global slice grid', () => {
    const stages = sliceStages(10, 250, 1000, slices(1))
    const at = rateAt(stages, 250)
    assert.equal(at.size, 1000)
    assert.equal(at.get(250), 0, '250 ms is in slice 2: slot 0')
    assert.equal(at.get(300), 10, '300 ms is in slice 3: slot 1')
    assert.equal(at.get(1249), 0, 'slice 12: slot 0')
  })

  test('constant-arrival-rate scenarios become ramping ones over twice the span; the rest is kept', () => {
    const options = {
      thresholds: { http_req_failed: ['rate<0.01'] },
      scenarios: {
        api: {
          executor: 'constant-arrival-rate',
          rate: 150,
          timeUnit: '1s',
          duration: '5s',
          preAllocatedVUs: 20,
          maxVUs: 100,
          exec: 'api',
          tags: { kind: 'api' },
        },
        events: { executor: 'constant-arrival-rate', rate: 10, duration: '2s', startTime: '1s' },
      },
    }
    type Scenario = Record<string, unknown> & { stages: Array<{ duration: string }> }
    const out = alternatedOptions(options, slices(1)) as {
      thresholds: unknown
      scenarios: Record<string, Scenario>
    }
    assert.deepEqual(out.thresholds, options.thresholds)
    const api = out.scenarios.api!
    assert.equal(api.executor, 'ramping-arrival-rate')
    assert.equal(api.startRate, 0, 'slot 1 starts off')
    assert.deepEqual([api.timeUnit, api.preAllocatedVUs, api.maxVUs, api.exec], ['1s', 20, 100, 'api'])
    assert.deepEqual(api.tags, { kind: 'api' })
    assert.equal(api.rate, undefined)
    assert.equal(api.duration, undefined)
    const total = api.stages.reduce((ms, s) => ms + durationMs(s.duration), 0)
    assert.equal(total, 10_000)
    assert.equal(out.scenarios.events!.startTime, '2000ms')
    assert.equal(options.scenarios.api.executor, 'constant-arrival-rate', 'the input is not changed')
  })

  test('a scenario whose load follows its own latency is refused, naming it', () => {
    assert.throws(
      () =>
        alternatedOptions(
          { scenarios: { browse: { executor: 'constant-vus', vus: 5, duration: '5s' } } },
          slices(0),
        ),
      /scenario "browse" uses constant-vus; every scenario must be a constant-arrival-rate/,
    )
    assert.throws(() => alternatedOptions({}, slices(0)), /defines no scenarios/)
    assert.throws(() => alternatedOptions(undefined, slices(0)), /defines no scenarios/)
    assert.throws(
      () =>
        alternatedOptions(
          { scenarios: { a: { executor: 'constant-arrival-rate', rate: 1, duration: 'soon' } } },
          slices(0),
        ),
      /scenario "a" has no readable duration/,
    )
  })

  test('the wrapper re-exports the script by its file URL and replaces only options', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-alternate-'))
    try {
      const file = await writeAlternateScript(dir, '/work/repo dir/k6/api.js', slices(1))
      assert.equal(path.basename(file), 'alternate-1-of-2-100ms.js')
      const source = await readFile(file, 'utf8')
      assert.match(source, /^import \* as user from "file:\/\/\/work\/repo%20dir\/k6\/api\.js"$/m)
      assert.match(source, /^export \* from "file:\/\/\/work\/repo%20dir\/k6\/api\.js"$/m)
      assert.match(source, /^export default user\.default;$/m)
      assert.match(
        source,
        /^export const options = alternatedOptions\(user\.options, \{"slot":1,"of":2,"sliceMs":100\}\)$/m,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('arms-under-load alternating with a script that cannot alternate: refused in one line before any stack', async () => {
    const bench = { k6Env: { DURATION: '5s' } }
    const can = { whyNotAlternating: async () => null }
    const cannot = { whyNotAlternating: async () => 'scenario "browse" uses constant-vus' }
    await requireAlternatingScript('alternating', can, bench)
    await requireAlternatingScript('one-at-a-time', cannot, bench)
    await requireAlternatingScript('both', cannot, bench)
    await assert.rejects(
      requireAlternatingScript('alternating', cannot, bench),
      (error: Error) =>
        error.message === `Input 'arms-under-load' is 'alternating': scenario "browse" uses constant-vus`,
    )
    await assert.rejects(requireAlternatingScript('alternating', {}, bench), /cannot alternate the arms/)
  })

  test("k6 reads the script's scenarios (k6 inspect, the benchmark's variables set) for that check", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-alternate-'))
    try {
      const script = (scenario: string) => `
        export const options = { scenarios: { api: { ${scenario}, duration: __ENV.DURATION } } }
        export default function () {}`
      await writeFile(
        path.join(dir, 'open.js'),
        script("executor: 'constant-arrival-rate', rate: 10, preAllocatedVUs: 2"),
      )
      await writeFile(path.join(dir, 'closed.js'), script("executor: 'constant-vus', vus: 2"))
      const backend = (name: string) =>
        createK6Backend({ workspace: dir, script: name, version: '1.8.1', discardSeconds: 0, outDir: dir })
      const open = backend('open.js')
      await open.prepare()
      assert.equal(await open.whyNotAlternating!({ DURATION: '5s' }), null)
      await writeFile(path.join(dir, 'broken.js'), 'throw new Error("no BASE_URL")')
      const broken = backend('broken.js')
      await broken.prepare()
      assert.match(
        (await broken.whyNotAlternating!({})) ?? '',
        /^k6 inspect could not read the script's scenarios \(/,
      )
      const closed = backend('closed.js')
      await closed.prepare()
      assert.match(
        (await closed.whyNotAlternating!({ DURATION: '5s' })) ?? '',
        /^scenario "api" uses constant-vus; every scenario must be a constant-arrival-rate/,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
