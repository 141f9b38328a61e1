import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseK6Output, seriesKey } from '../../src/load/parse'
import { percentile } from '../../src/load/values'

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
    const all = parsed.series.find((s) => s.key === 'all requests')!
    assert.equal(all.requests, points.length)
    assert.equal(parsed.checks.passes + parsed.checks.fails, points.length)
    assert.ok(parsed.iterations > 0)
    assert.ok(parsed.durationSeconds > 1.5 && parsed.durationSeconds < 2.5)
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
    const completed = parsed.custom.find((c) => c.name === 'jobs_completed')!
    assert.equal(completed.values.value, 2)
    await rm(dir, { recursive: true, force: true })
  })

  test('a missing output file is an error, not a crash', async () => {
    await assert.rejects(parseK6Output('/nonexistent/out.json.gz'), /ENOENT/)
  })
})
