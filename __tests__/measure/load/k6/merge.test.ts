import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseK6Output } from '../../../../src/measure/load/k6/parse'
import { parseK6Segments } from '../../../../src/measure/load/k6/merge'
import { splitRecording } from '../../../../testkit/k6-segments'

// Real 2-second k6 v1.8.1 recordings (see parse.test.ts): split by request into segment files.
const API = '__tests__/__fixtures__/k6/api-2s.json.gz'
const CUSTOM = '__tests__/__fixtures__/k6/custom-2s.json.gz'

async function withDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-merge-'))
  try {
    return await work(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe('merging k6 segment outputs', () => {
  test('one recording split into 3 segments merges back to the whole: counts and exact percentiles', () =>
    withDir(async (dir) => {
      const whole = await parseK6Output(API)
      const parts = await splitRecording(API, 3, dir)
      const single = await Promise.all(parts.map((file) => parseK6Output(file)))
      // Each part holds a third of the requests: its own percentiles are not the whole's.
      assert.ok(single.every((p) => p.series[0]!.requests < whole.series[0]!.requests))
      const merged = await parseK6Segments(parts)
      assert.deepEqual(
        merged.series.map((s) => s.key),
        whole.series.map((s) => s.key),
      )
      for (const [index, series] of merged.series.entries()) {
        const expected = whole.series[index]!
        assert.equal(series.requests, expected.requests, series.key)
        assert.equal(series.failed, expected.failed, series.key)
        assert.deepEqual(series.statusCodes, expected.statusCodes, series.key)
        assert.deepEqual(series.latency, expected.latency, series.key)
        // Summed rates over each part's own window: the whole's rate within the spread of starts.
        assert.ok(Math.abs(series.throughput / expected.throughput - 1) < 0.1, `${series.key} throughput`)
      }
      assert.equal(merged.iterations, whole.iterations)
      assert.deepEqual(merged.checks, whole.checks)
      assert.equal(merged.droppedIterations, whole.droppedIterations)
    }))

  test("a script's custom metrics merge too: trend values unioned, counters and rates summed", () =>
    withDir(async (dir) => {
      const whole = await parseK6Output(CUSTOM)
      const merged = await parseK6Segments(await splitRecording(CUSTOM, 3, dir))
      const byName = (trial: typeof whole, name: string) => trial.custom.find((c) => c.name === name)!
      for (const name of whole.custom.map((c) => c.name)) {
        const expected = byName(whole, name)
        const actual = byName(merged, name)
        assert.equal(actual.type, expected.type)
        if (expected.type === 'trend' || expected.type === 'rate')
          assert.deepEqual(actual.values, expected.values, name)
        if (expected.type === 'counter') assert.equal(actual.values.value, expected.values.value, name)
        if (expected.type === 'gauge') {
          assert.equal(actual.values.min, expected.values.min, name)
          assert.equal(actual.values.max, expected.values.max, name)
        }
      }
    }))

  test('a segment file that is not k6 output is named in the error', () =>
    withDir(async (dir) => {
      const [first] = await splitRecording(API, 2, dir)
      const broken = path.join(dir, 'broken.json.gz')
      await writeFile(broken, gzipSync('{"metric":"http_req_duration","type":"Point","data":{\n'))
      await assert.rejects(parseK6Segments([first!, broken]), (error: Error) => {
        assert.match(error.message, /broken\.json\.gz: /)
        return true
      })
    }))
})
