import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseK6Output } from '../../../../src/measure/load/k6/parse'
import { newPointScan, scanName, scanPoint } from '../../../../src/measure/load/k6/scan'

// Real k6 v1.8.1 output: the example under load (compose/k6/api.js, 10 s at 200 requests/s), and
// awkward.js (quotes, a backslash and non-ASCII letters in names and groups, custom metrics,
// checks, failed requests) with k6's default system tags and with loadgate's.
const REAL = [
  'bench/recordings/api-default.json.gz',
  'bench/recordings/api-lean.json.gz',
  '__tests__/__fixtures__/k6/awkward-default.json.gz',
  '__tests__/__fixtures__/k6/awkward-lean.json.gz',
  '__tests__/__fixtures__/k6/custom-2s.json.gz',
  '__tests__/__fixtures__/k6/custom-v2-2s.json.gz',
]

async function bothWays(file: string, discardSeconds = 0) {
  const scanned = await parseK6Output(file, { discardSeconds })
  const plain = await parseK6Output(file, { discardSeconds, scan: false })
  return { scanned, plain }
}

describe('k6 output scanner', () => {
  for (const file of REAL) {
    test(`gives the same summary as JSON.parse on every line: ${path.basename(file)}`, async () => {
      for (const discard of [0, 1]) {
        const { scanned, plain } = await bothWays(file, discard)
        assert.deepEqual(scanned, plain)
        assert.ok(scanned.series.length > 1 && scanned.points > 100)
      }
    })
  }

  test('the awkward recording holds what it is meant to: escaped and non-ASCII names, failures, custom metrics', async () => {
    const parsed = await parseK6Output('__tests__/__fixtures__/k6/awkward-lean.json.gz')
    const names = parsed.series.map((s) => s.name)
    assert.ok(names.includes('GET /items/"quoted" \\ id'), names.join(' | '))
    assert.ok(names.includes('GET /inventário/:id ☃'), names.join(' | '))
    assert.ok(
      names.some((n) => /^http:\/\/127\.0\.0\.1:\d+\/items\/\d$/.test(n)),
      'an unnamed request is named by its URL',
    )
    const all = parsed.series.find((s) => s.key === 'all requests')!
    assert.ok(all.failed > 0 && all.failed < all.requests)
    assert.ok(parsed.checks.fails > 0 && parsed.checks.passes > 0)
    assert.deepEqual(parsed.custom.map((c) => c.name).sort(), [
      'in_stock',
      'order_time',
      'orders_placed',
      'queue_depth',
    ])
  })

  test('lines of other shapes and numbers the fast path does not take are read exactly as JSON.parse reads them', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-scan-'))
    const tags =
      '{"expected_response":"true","method":"GET","name":"GET /caf\\u00e9 \\"x\\" {a}","scenario":"s","status":"200"}'
    const point = (metric: string, time: string, value: string, tagText = tags, rest = '') =>
      `{"metric":"${metric}","type":"Point","data":{"time":"${time}","value":${value},"tags":${tagText}${rest}}}`
    const lines = [
      '{"type":"Metric","data":{"name":"http_req_duration","type":"trend","contains":"time"},"metric":"http_req_duration"}',
      '{"type":"Metric","data":{"name":"queue","type":"gauge","contains":"default"},"metric":"queue"}',
      point('vus', '2026-01-01T09:59:59.5+02:00', '3', 'null'),
      point('http_req_duration', '2026-01-01T08:00:00.123456789Z', '4.868241'),
      point('http_req_duration', '2026-01-01T09:00:01+01:00', '12'),
      point('http_req_duration', '2026-01-01T07:30:01.9-00:30', '1.5e-7'),
      point('http_req_duration', '2026-01-01T08:00:02.0004Z', '0.30000000000000004'),
      point('http_req_duration', '2026-01-01T08:00:02.01Z', '123456789012345678'),
      point('http_req_duration', '2026-01-01T08:00:02.02Z', '7.25', tags, ',"metadata":{"trace":"t"}'),
      '{"type":"Point","metric":"http_req_duration","data":{"value":9.5,"time":"2026-01-01T08:00:03Z","tags":' +
        tags +
        '}}',
      point('queue', '2026-01-01T08:00:03Z', '-2.5', 'null'),
      point('queue', '2026-01-01T08:00:04Z', '-0', '{}'),
      point('http_req_blocked', '2026-01-01T08:00:04Z', '0.1'),
      '{"metric":"http_req_waiting","type":"Point","data":{"time":"2026-01-01T08:00:0',
    ]
    const file = path.join(dir, 'shapes.json.gz')
    await writeFile(file, gzipSync(lines.join('\n')))
    const { scanned, plain } = await bothWays(file)
    assert.deepEqual(scanned, plain)
    const series = scanned.series.find((s) => s.key !== 'all requests')!
    assert.equal(series.name, 'GET /café "x" {a}')
    assert.equal(series.requests, 7)
    assert.equal(series.latency!.max, Number('123456789012345678'))
    assert.deepEqual(scanned.custom[0]!.values, { value: -0, min: -2.5, max: -0 })
    await rm(dir, { recursive: true, force: true })
  })

  test('reads time, value and the tags’ byte range of a real point line', () => {
    const line = Buffer.from(
      '{"metric":"http_req_duration","type":"Point","data":{"time":"2026-11-22T16:00:47.347940878Z","value":4.868241,"tags":{"name":"a\\"}b"}}}',
    )
    const scan = newPointScan()
    assert.ok(scanName(line, 0, line.length, scan))
    assert.equal(line.toString('latin1', scan.nameStart, scan.nameEnd), 'http_req_duration')
    assert.ok(scanPoint(line, line.length, scan))
    assert.equal(scan.time, Date.parse('2026-11-22T16:00:47.347940878Z'))
    assert.equal(scan.value, 4.868241)
    assert.equal(line.toString('utf8', scan.tagsStart, scan.tagsEnd), '{"name":"a\\"}b"}')
  })
})
