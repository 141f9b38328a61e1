import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { runRecordSchema } from '../../src/model/run-record'
import { benchMetric, parseBenchmarkData } from '../../src/store/import/benchmark-data'
import { importedRecord } from '../../src/store/import/imported-run'
import { parseK6Summary } from '../../src/store/import/k6-summary'
import { readImportFile } from '../../src/store/import/read-file'
import { benchmarkDataJs } from '../../testkit/benchmark-data'

const FIXTURES = path.resolve('__tests__/__fixtures__/k6-summary')
const commit = { sha: 'c'.repeat(40), message: 'm', author: 'a', timestamp: '2025-03-01T10:00:00Z' }
const AT = '2025-03-01T10:05:00.000Z'

function summary(name: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'))
}

async function withFile<T>(name: string, content: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-import-'))
  try {
    await writeFile(path.join(dir, name), content)
    return await use(path.join(dir, name))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe('k6 summaries', () => {
  test('--summary-export and handleSummary data of the same run (k6 wrote both) import to the same numbers', () => {
    const exported = parseK6Summary('summary-export.json', summary('summary-export.json'), commit, AT)
    const handled = parseK6Summary('handle-summary.json', summary('handle-summary.json'), commit, AT)
    assert.deepEqual(exported.runs, handled.runs)
    const run = exported.runs[0]!
    const all = run.series.find((s) => s.key === 'all requests')!.metrics
    const raw = (summary('summary-export.json') as { metrics: Record<string, Record<string, number>> })
      .metrics
    assert.equal(all.p50, Number(raw.http_req_duration!.med!.toPrecision(6)))
    assert.equal(all.p95, Number(raw.http_req_duration!['p(95)']!.toPrecision(6)))
    assert.equal(all.mean, Number(raw.http_req_duration!.avg!.toPrecision(6)))
    assert.equal(all.throughput, Number(raw.http_reqs!.rate!.toPrecision(6)))
    assert.equal(all.error_rate, 0.0625, '4 of 64 requests failed (a fraction, as loadgate keeps it)')
    // Submetrics by name, method and scenario are series keyed as loadgate keys them.
    const keys = run.series.map((s) => s.key).sort()
    assert.deepEqual(keys, ['all requests', 'custom metrics', 'default GET /users', 'default POST /orders'])
    assert.equal(run.series.find((s) => s.key === 'custom metrics')!.metrics['custom:queue_wait'], 1.5)
    // What has no counterpart is named, not dropped silently.
    assert.ok(exported.skipped.includes('http_req_duration{expected_response:true}'))
    assert.ok(exported.skipped.includes('http_req_waiting'))
    assert.ok(!exported.skipped.includes('http_req_duration'))
  })

  test('an imported run is a valid stored run, labelled, with a content key that ignores when it was imported', () => {
    const parsed = parseK6Summary('s.json', summary('summary-export.json'), commit, AT)
    const source = { from: parsed.from, file: 's.json' }
    const one = importedRecord(
      parsed.runs[0]!,
      { ...source, importedAt: '2026-01-01T00:00:00Z' },
      'api',
      'main',
    )
    const two = importedRecord(
      parsed.runs[0]!,
      { ...source, importedAt: '2026-02-01T00:00:00Z' },
      'api',
      'main',
    )
    assert.ok(runRecordSchema.safeParse(one).success)
    assert.equal(one.imported?.from, 'k6-summary')
    assert.equal(one.imported?.key, two.imported?.key)
    assert.equal(one.meta.runId, two.meta.runId)
    assert.deepEqual(one.trials, {}, 'no trials: nothing to compare a head with')
    const other = importedRecord(parsed.runs[0]!, { ...source, importedAt: '' }, 'web', 'main')
    assert.notEqual(other.imported?.key, one.imported?.key, 'another benchmark is another run')
  })

  test('a summary with no HTTP metric, or not a summary, is refused naming the file', () => {
    assert.throws(
      () => parseK6Summary('x.json', { metrics: { vus: { value: 1, min: 1, max: 1 } } }, commit, AT),
      /^SettingsError: 'x.json': holds no http_req_duration, http_reqs or http_req_failed: expected the summary of an HTTP test; nothing was imported$/,
    )
    assert.throws(
      () => parseK6Summary('x.json', { metrics: [] }, commit, AT),
      /'x.json': expected k6's --summary-export/,
    )
    const hostile = { metrics: { 'http_req_duration{name:GET /a\n::error::x}': { med: 1 } } }
    assert.throws(() => parseK6Summary('x.json', hostile, commit, AT), /holds a control character/)
    // attacker: the metric's name is quoted in the error, on one line with no escape sequence.
    const oneLine = (error: unknown) =>
      !/\n/.test((error as Error).message) && !(error as Error).message.includes('\u001b')
    assert.throws(() => parseK6Summary('x.json', hostile, commit, AT), oneLine)
    const notObject = { metrics: { 'a\n::add-mask::x\u001b[2J': 1 } }
    assert.throws(
      () => parseK6Summary('x.json', notObject, commit, AT),
      /metric 'a\?::add-mask::x\?\[2J' is not an object/,
    )
  })
})

describe("github-action-benchmark's data.js", () => {
  test('50 entries: one run each, units in loadgate’s, the statistic from the name, the rest named', async () => {
    const text = benchmarkDataJs({ entries: 50 })
    const read = await withFile('data.js', text, readImportFile)
    assert.equal(read.format, 'github-action-benchmark')
    assert.equal(read.name, 'data.js')
    const parsed = parseBenchmarkData(read.file, read.json)
    assert.equal(parsed.runs.length, 50)
    const first = parsed.runs[0]!
    assert.equal(first.commit.sha, (0xa000).toString(16).padStart(40, 'b'))
    assert.equal(first.commit.author, 'dev')
    assert.equal(first.startedAt, '2025-01-01T09:00:00.000Z')
    assert.equal(parsed.runs[49]!.startedAt, '2025-02-19T09:00:00.000Z')
    const items = first.series.find((s) => s.key === 'GET /items')!.metrics
    assert.deepEqual(items, { p95: 12, p50: 8, throughput: 400 }, 'µs → ms; req/s stays')
    assert.deepEqual(
      first.series.find((s) => s.key === 'POST /orders')!.metrics,
      { mean: 21 },
      's/op → ms, a mean',
    )
    assert.deepEqual(parsed.skipped, ['POST /orders allocations (B/op)'])
    // The same object as JSON (the action's external-data-json-path) reads the same.
    const json = text.replace(/^window\.BENCHMARK_DATA = /, '')
    const external = await withFile('benchmark-data.json', json, readImportFile)
    assert.equal(external.format, 'github-action-benchmark')
    assert.deepEqual(parseBenchmarkData(external.file, external.json).runs, parsed.runs)
  })

  test('units and statistics', () => {
    assert.deepEqual(benchMetric('BenchmarkFib20', 'ns/op', 2_500_000), {
      key: 'BenchmarkFib20',
      metric: 'mean',
      value: 2.5,
    })
    assert.deepEqual(benchMetric('fib 10', 'ops/sec', 5000), {
      key: 'fib 10',
      metric: 'throughput',
      value: 5000,
    })
    assert.deepEqual(benchMetric('http_req_duration p(99)', 's', 0.2), {
      key: 'http_req_duration',
      metric: 'p99',
      value: 200,
    })
    assert.deepEqual(benchMetric('api GET /a error_rate', '%', 5), {
      key: 'api GET /a',
      metric: 'error_rate',
      value: 0.05,
    })
    // loadgate's own export reads back (benchmark-action.ts writes `<series> <metric>`).
    assert.deepEqual(benchMetric('api POST /orders p90', 'ms', 14), {
      key: 'api POST /orders',
      metric: 'p90',
      value: 14,
    })
    assert.equal(benchMetric('CPU Load', 'Percent', 50), null)
    assert.equal(benchMetric('GET /a p95', 'MB', 3), null, 'a percentile of no time')
  })

  test('several suites: the one asked for, else a one-line error listing them', () => {
    const json = JSON.parse(
      benchmarkDataJs({ entries: 3, otherSuites: ['Go'] }).replace(/^window\.BENCHMARK_DATA = /, ''),
    )
    assert.throws(
      () => parseBenchmarkData('data.js', json),
      /'data.js': holds 2 suites \('Benchmark', 'Go'\): pick one with --suite/,
    )
    assert.equal(parseBenchmarkData('data.js', json, 'Go').runs.length, 3)
    assert.throws(
      () => parseBenchmarkData('data.js', json, 'Rust'),
      /has no suite 'Rust': it holds 'Benchmark', 'Go'/,
    )
  })

  test('hostile or broken entries refuse the whole file, naming the entry', () => {
    const hostile = benchmarkDataJs({
      entries: 3,
      benches: (i) => [{ name: i === 2 ? 'GET /\u001b[31mred p95' : 'GET / p95', value: 1, unit: 'ms' }],
    })
    const json = JSON.parse(hostile.replace(/^window\.BENCHMARK_DATA = /, ''))
    assert.throws(
      () => parseBenchmarkData('data.js', json),
      /entries\['Benchmark'\]\[2\]\.benches\[0\]\.name '.*' holds a control character/,
    )
    json.entries.Benchmark[0].date = -1e14
    assert.throws(
      () => parseBenchmarkData('data.js', json),
      /entries\['Benchmark'\]\[0\]\.date is not a time/,
    )
    json.entries.Benchmark[0].date = Date.UTC(2025, 0, 1)
    json.entries.Benchmark[1].commit.id = '../../etc'
    assert.throws(
      () => parseBenchmarkData('data.js', json),
      /entries\['Benchmark'\]\[1\]\.commit\.id is not a commit id/,
    )
    assert.throws(
      () => parseBenchmarkData('data.js', { entries: { B: [{ commit: {} }] } }),
      /'data.js': entries.B.0.commit.id: .*expected github-action-benchmark's data.js/,
    )
  })

  test('data.js is parsed, never run: code after the assignment is not JSON and is refused', async () => {
    const code = 'window.BENCHMARK_DATA = (function () { globalThis.__ran = 1; return { entries: {} } })()\n'
    await withFile('data.js', code, async (file) => {
      await assert.rejects(
        readImportFile(file),
        /'.*data\.js': is not valid JSON after window.BENCHMARK_DATA =: expected/,
      )
    })
    assert.equal((globalThis as { __ran?: number }).__ran, undefined)
    await withFile('notes.txt', 'hello', async (file) => {
      await assert.rejects(
        readImportFile(file),
        /notes\.txt': is not valid JSON: expected k6's --summary-export or handleSummary JSON, or github-action-benchmark's data.js; nothing was imported$/,
      )
    })
    await withFile('other.json', '{"a": 1}', async (file) => {
      await assert.rejects(readImportFile(file), /other\.json': expected k6's/)
    })
    await assert.rejects(
      readImportFile('/nonexistent/x.json'),
      /'\/nonexistent\/x.json': cannot be read \(ENOENT\)/,
    )
  })
})
