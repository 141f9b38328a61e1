import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseK6Output, requestFailed, seriesKey } from '../../../../src/measure/load/k6/parse'
import { percentile } from '../../../../src/measure/load/k6/values'

// A real 2-second k6 v1.8.1 run of compose/k6/api.js at 50 requests/s against the example.
const FIXTURE = '__tests__/__fixtures__/k6/api-2s.json.gz'

/** Independent reading of the same file: every http_req_duration point, parsed the slow way. */
function durations(): Array<{ name: string; value: number; ok: boolean }> {
  const text = execFileSync('gzip', ['-dc', FIXTURE], { encoding: 'utf8' })
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((l) => l.type === 'Point' && l.metric === 'http_req_duration')
    .map((l) => ({
      name: l.data.tags.name,
      value: l.data.value,
      ok: l.data.tags.expected_response === 'true',
    }))
}

describe('k6 output parser', () => {
  test('per-series counts and exact percentiles match an independent reading of a real k6 output', async () => {
    const parsed = await parseK6Output(FIXTURE)
    const points = durations()
    const items = parsed.series.find((s) => s.name === 'GET /items/:id')!
    const expected = points
      .filter((p) => p.name === 'GET /items/:id' && p.ok)
      .map((p) => p.value)
      .sort((a, b) => a - b)
    assert.equal(items.requests, points.filter((p) => p.name === 'GET /items/:id').length)
    assert.equal(items.latency!.count, expected.length)
    assert.equal(items.latency!.p95, percentile(expected, 0.95))
    assert.equal(items.latency!.max, expected.at(-1))
    // One binomial SD of the p95's rank either side, in milliseconds, from the same sorted requests.
    const rankSd = Math.sqrt((0.95 * 0.05) / expected.length)
    const spread = (percentile(expected, 0.95 + rankSd) - percentile(expected, 0.95 - rankSd)) / 2
    assert.ok(
      Math.abs(items.latency!.p95RankNoise! - spread) < 1e-12,
      `${items.latency!.p95RankNoise} against ${spread}`,
    )
    assert.ok(spread > 0)
    // The same for p90 and p99, whichever tail the rules gate.
    for (const [q, noise] of [
      [0.9, items.latency!.p90RankNoise],
      [0.99, items.latency!.p99RankNoise],
    ] as const) {
      const sd = Math.sqrt((q * (1 - q)) / expected.length)
      const width = (percentile(expected, Math.min(1, q + sd)) - percentile(expected, q - sd)) / 2
      assert.ok(Math.abs(noise! - width) < 1e-12, `p${q * 100}: ${noise} against ${width}`)
    }
    const all = parsed.series.find((s) => s.key === 'all requests')!
    assert.equal(all.requests, points.length)
    assert.equal(parsed.checks.passes + parsed.checks.fails, points.length)
    assert.ok(parsed.iterations > 0)
    assert.ok(parsed.durationSeconds > 1.5 && parsed.durationSeconds < 2.5)
  })

  // Real runs of custom.js (next to the fixtures) against the example with ERROR_RATE=0.3, by
  // k6 v1.8.1 and v2.2.0; the expected numbers are what k6 printed for that same run (two decimals).
  const summaries = [
    {
      k6: 'v1.8.1',
      file: '__tests__/__fixtures__/k6/custom-2s.json.gz',
      iterations: 41,
      itemsFailed: 13,
      items: { mean: 4.92, min: 3.74, p50: 4.21, max: 11.84, p90: 6.14, p95: 7.14 },
      ordersFailed: 11,
      orderTime: { mean: 5.7, min: 0.23218, p50: 7.21, max: 9.71, p90: 7.83, p95: 8.45 },
      inStock: 30,
      queue: { value: 3, min: 0, max: 4 },
    },
    {
      k6: 'v2.2.0',
      file: '__tests__/__fixtures__/k6/custom-v2-2s.json.gz',
      iterations: 40,
      itemsFailed: 10,
      items: { mean: 4.16, min: 3.75, p50: 4.04, max: 8.1, p90: 4.15, p95: 4.33 },
      ordersFailed: 13,
      orderTime: { mean: 5.07, min: 0.24153, p50: 7.11, max: 10.12, p90: 7.43, p95: 7.46 },
      inStock: 30,
      queue: { value: 2, min: 0, max: 4 },
    },
  ]
  for (const k6 of summaries) {
    test(`agrees with k6 ${k6.k6}’s own summary: successful requests’ latency, custom metrics`, async () => {
      const parsed = await parseK6Output(k6.file)
      const near = (actual: Record<string, number>, expected: Record<string, number>, what: string) => {
        for (const [stat, value] of Object.entries(expected))
          assert.ok(Math.abs(actual[stat]! - value) < 0.01, `${what} ${stat}: ${actual[stat]} vs k6 ${value}`)
      }
      const n = k6.iterations
      const items = parsed.series.find((s) => s.key === 'shop GET /items/:id')!
      // k6's http_req_failed counts these failures; {expected_response:true} covers the others.
      assert.equal(items.requests, n)
      assert.equal(items.failed, k6.itemsFailed)
      assert.deepEqual(items.statusCodes, { '200': n - k6.itemsFailed, '500': k6.itemsFailed })
      assert.equal(items.latency!.count, n - k6.itemsFailed)
      near(items.latency as unknown as Record<string, number>, k6.items, 'http_req_duration')
      // responseCallback: null leaves POST untagged: k6's default (status 200–399) decides.
      const orders = parsed.series.find((s) => s.key === 'shop POST /orders')!
      assert.equal(orders.requests, n)
      assert.equal(orders.failed, k6.ordersFailed)
      assert.equal(orders.latency!.count, n - k6.ordersFailed)
      assert.deepEqual(parsed.checks, { passes: n - k6.itemsFailed, fails: k6.itemsFailed })
      assert.equal(parsed.iterations, n)
      const custom = Object.fromEntries(parsed.custom.map((c) => [c.name, c]))
      assert.equal(custom.order_time!.type, 'trend')
      near(custom.order_time!.values, k6.orderTime, 'order_time')
      assert.deepEqual(custom.in_stock!.values, { value: k6.inStock / n, count: n })
      assert.equal(custom.orders_placed!.values.value, n - k6.ordersFailed)
      assert.deepEqual(custom.queue_depth!.values, k6.queue)
    })
  }

  test('without an expected_response tag, no response or a status of 400 and above is a failure', () => {
    assert.equal(requestFailed('true', '500'), false, 'the script’s callback decides when it tags')
    assert.equal(requestFailed('false', '200'), true)
    assert.equal(requestFailed(undefined, '201'), false)
    assert.equal(requestFailed(undefined, '302'), false)
    assert.equal(requestFailed(undefined, '404'), true)
    assert.equal(requestFailed(undefined, '0'), true)
  })

  test("k6's percentile: linear interpolation at p·(n−1)", () => {
    assert.equal(percentile([1, 2, 3, 4], 0.5), 2.5)
    assert.equal(percentile([10, 20], 0.95), 19.5)
    assert.equal(percentile([7], 0.99), 7)
  })

  test('failed requests, custom metrics and discard of the first seconds', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-parse-'))
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString()
    const tags = (status: string) => ({
      scenario: 'jobs',
      method: 'POST',
      name: 'POST /jobs',
      status,
      expected_response: String(status === '201'),
    })
    const lines = [
      { type: 'Metric', data: { name: 'job_latency', type: 'trend' }, metric: 'job_latency' },
      { type: 'Metric', data: { name: 'jobs_completed', type: 'counter' }, metric: 'jobs_completed' },
      { metric: 'http_req_duration', type: 'Point', data: { time: at(0), value: 900, tags: tags('201') } },
      { metric: 'http_req_duration', type: 'Point', data: { time: at(2), value: 10, tags: tags('201') } },
      { metric: 'http_req_duration', type: 'Point', data: { time: at(3), value: 5000, tags: tags('503') } },
      { metric: 'http_req_duration', type: 'Point', data: { time: at(4), value: 12, tags: tags('201') } },
      { metric: 'job_latency', type: 'Point', data: { time: at(3), value: 40, tags: {} } },
      { metric: 'job_latency', type: 'Point', data: { time: at(4), value: 60, tags: {} } },
      { metric: 'jobs_completed', type: 'Point', data: { time: at(4), value: 2, tags: {} } },
    ]
    const file = path.join(dir, 'out.json.gz')
    await writeFile(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')))
    const parsed = await parseK6Output(file, { discardSeconds: 1 })
    const jobs = parsed.series.find((s) => s.key === seriesKey('jobs', 'POST', 'POST /jobs'))!
    assert.equal(jobs.requests, 3, 'the point in the first second is discarded')
    assert.equal(jobs.failed, 1)
    assert.deepEqual(jobs.statusCodes, { '201': 2, '503': 1 })
    assert.equal(jobs.latency!.max, 12, 'a failed request’s latency is not a latency')
    const latency = parsed.custom.find((c) => c.name === 'job_latency')!
    assert.equal(latency.values.p50, 50)
    assert.equal(latency.values.p95RankNoise, undefined, 'a custom trend is compared by its own metrics only')
    const completed = parsed.custom.find((c) => c.name === 'jobs_completed')!
    assert.equal(completed.values.value, 2)
    await rm(dir, { recursive: true, force: true })
  })

  test('k6 writes points out of time order: without a discard, one timed before the first point read still counts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-parse-'))
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 5) + ms).toISOString()
    const tags = { scenario: 'api', method: 'GET', name: 'GET /', status: '200', expected_response: 'true' }
    const lines = [
      { metric: 'vus', type: 'Point', data: { time: at(3), value: 1, tags: {} } },
      { metric: 'http_req_duration', type: 'Point', data: { time: at(1), value: 2, tags } },
      { metric: 'http_req_duration', type: 'Point', data: { time: at(0), value: 3, tags } },
      { metric: 'http_req_duration', type: 'Point', data: { time: at(1500), value: 4, tags } },
    ]
    const file = path.join(dir, 'out.json.gz')
    await writeFile(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')))
    for (const scan of [true, false]) {
      const whole = await parseK6Output(file, { discardSeconds: 0, scan })
      assert.equal(whole.series.find((s) => s.key === 'all requests')!.requests, 3, `scan ${scan}`)
      const discarded = await parseK6Output(file, { discardSeconds: 1, scan })
      assert.equal(discarded.series.find((s) => s.key === 'all requests')!.requests, 1, `scan ${scan}`)
    }
    await rm(dir, { recursive: true, force: true })
  })

  test("a step of the system clock during a trial cannot stretch its window past k6's own run", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-parse-'))
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 5) + ms).toISOString()
    const tags = { scenario: 'api', method: 'GET', name: 'GET /', status: '200', expected_response: 'true' }
    // Ten requests 0.5 s apart, the clock stepping 8 s forward after the fifth.
    const lines = Array.from({ length: 10 }, (_, i) => ({
      metric: 'http_req_duration',
      type: 'Point',
      data: { time: at(i * 500 + (i >= 5 ? 8000 : 0) + 2), value: 2, tags },
    }))
    const file = path.join(dir, 'out.json.gz')
    await writeFile(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')))
    const stretched = await parseK6Output(file)
    assert.ok(stretched.durationSeconds > 12, `${stretched.durationSeconds}`)
    const bounded = await parseK6Output(file, { runSeconds: 5.1 })
    assert.equal(bounded.durationSeconds, 5.1)
    const all = bounded.series.find((s) => s.key === 'all requests')!
    assert.ok(Math.abs(all.throughput - 10 / 5.1) < 1e-9, `${all.throughput}`)
    // A run longer than the window leaves it as the requests say.
    const untouched = await parseK6Output(file, { runSeconds: 60 })
    assert.equal(untouched.durationSeconds, stretched.durationSeconds)
    await rm(dir, { recursive: true, force: true })
  })

  test('a hostile request name cannot smuggle a line break or an escape sequence into a series', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-parse-'))
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString()
    const tags = {
      scenario: 'api\r\n::warning::x',
      method: 'GET',
      name: 'GET /pay\n::add-mask::\u001b[2J\u2028x',
      status: '200\n',
      expected_response: 'true',
    }
    const lines = [
      { metric: 'http_req_duration', type: 'Point', data: { time: at(0), value: 5, tags } },
      { metric: 'http_req_duration', type: 'Point', data: { time: at(1), value: 7, tags } },
    ]
    const file = path.join(dir, 'out.json.gz')
    await writeFile(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')))
    const parsed = await parseK6Output(file)
    const pay = parsed.series.find((s) => s.key !== 'all requests')!
    assert.equal(pay.key, 'api??::warning::x GET /pay?::add-mask::?[2J?x')
    assert.equal(pay.requests, 2, 'one series, however often the name comes')
    for (const text of [pay.key, pay.scenario, pay.method, pay.name, ...Object.keys(pay.statusCodes)]) {
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      assert.doesNotMatch(text, /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
    }
    await rm(dir, { recursive: true, force: true })
  })

  test('a counter’s rate is over the whole trial: events after the last request started still count over their span', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-parse-'))
    const t0 = Date.UTC(2026, 0, 1)
    const at = (ms: number) => new Date(t0 + ms).toISOString()
    const tags = {
      scenario: 's',
      method: 'POST',
      name: 'POST /jobs',
      status: '201',
      expected_response: 'true',
    }
    // Ten jobs enqueued 100 ms apart (requests of 5 ms); they complete one every 200 ms until 2 s,
    // as a serialized worker drains the backlog after the producer has stopped.
    const lines = [
      { type: 'Metric', data: { name: 'jobs_completed', type: 'counter' }, metric: 'jobs_completed' },
      ...Array.from({ length: 10 }, (_, i) => ({
        metric: 'http_req_duration',
        type: 'Point',
        data: { time: at(i * 100 + 5), value: 5, tags },
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        metric: 'jobs_completed',
        type: 'Point',
        data: { time: at(200 + i * 200), value: 1, tags: {} },
      })),
    ]
    const file = path.join(dir, 'out.json.gz')
    await writeFile(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')))
    const parsed = await parseK6Output(file)
    assert.ok(Math.abs(parsed.series[0]!.throughput - 10) < 1e-9, 'requests: 10/s over their starts')
    const completed = parsed.custom.find((c) => c.name === 'jobs_completed')!
    // 10 completions from 5 ms to 2 s: 5.0/s — over the start window (1 s) it would read 10/s.
    assert.ok(Math.abs(completed.values.rate! - 10 / 1.995) < 1e-9, `rate ${completed.values.rate}`)
    await rm(dir, { recursive: true, force: true })
  })

  test('throughput counts request starts: a request still in flight at the end does not stretch the window', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-parse-'))
    const t0 = Date.UTC(2026, 0, 1)
    // Ten requests started 100 ms apart (10/s); each takes 5 ms but the last stalls for 3 s.
    const lines = Array.from({ length: 10 }, (_, i) => {
      const value = i === 9 ? 3000 : 5
      const tags = { scenario: 's', method: 'GET', name: 'GET /x', status: '200', expected_response: 'true' }
      return {
        metric: 'http_req_duration',
        type: 'Point',
        data: { time: new Date(t0 + i * 100 + value).toISOString(), value, tags },
      }
    })
    const file = path.join(dir, 'out.json.gz')
    await writeFile(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')))
    const parsed = await parseK6Output(file)
    assert.ok(Math.abs(parsed.durationSeconds - 1) < 1e-9, `window ${parsed.durationSeconds} s`)
    assert.ok(
      Math.abs(parsed.series[0]!.throughput - 10) < 1e-9,
      `throughput ${parsed.series[0]!.throughput}/s`,
    )
    await rm(dir, { recursive: true, force: true })
  })

  test('a missing output file is an error, not a crash', async () => {
    await assert.rejects(parseK6Output('/nonexistent/out.json.gz'), /ENOENT/)
  })
})
