import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { parseK6Output } from '../../src/measure/load/k6/parse'
import { readSegments } from '../../src/measure/merge/segments'
import { mergeSegments } from '../../src/measure/merge/trials'
import type { ResultsFile } from '../../src/model/types'
import { SEGMENT_RECORDING, SEGMENT_ROUNDS, segmentDirs } from '../../testkit/k6-segments'

const RECORDING = SEGMENT_RECORDING
const ROUNDS = SEGMENT_ROUNDS

async function withRoot<T>(work: (root: string) => Promise<T>): Promise<T> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-segments-'))
  try {
    return await work(root)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

describe('merging the segment jobs of one run', () => {
  test('every (round, arm) becomes one trial over all segments’ requests, equal to the whole recording', () =>
    withRoot(async (root) => {
      const artifacts = await segmentDirs(root)
      const segments = await readSegments([artifacts.root], 'api')
      assert.deepEqual(
        segments.map((s) => s.index),
        [1, 2, 3],
      )
      const merged = await mergeSegments(segments)
      const whole = await parseK6Output(RECORDING)
      assert.equal(merged.trials.length, ROUNDS * 2)
      assert.equal(merged.meta.segment, undefined)
      for (const trial of merged.trials) {
        assert.ok(trial.valid, trial.invalidReason)
        assert.deepEqual(
          trial.series.map((s) => [s.key, s.requests, s.latency]),
          whole.series.map((s) => [s.key, s.requests, s.latency]),
        )
        assert.equal(trial.iterations, whole.iterations)
      }
      assert.equal(compareResults(merged, { failOn: ['INVALID'] }).invalid.length, 0)
    }))

  test('a round one segment could not use is invalid and named; the others are kept', () =>
    withRoot(async (root) => {
      const artifacts = await segmentDirs(root, (results, index) => {
        if (index !== 2) return
        const trial = results.trials.find((t) => t.round === 2 && t.arm === 'head')!
        trial.valid = false
        trial.invalidReason = 'k6 exited 255: connection refused'
      })
      const merged = await mergeSegments(await readSegments([artifacts.root], 'api'))
      const broken = merged.trials.filter((t) => !t.valid)
      assert.deepEqual(
        broken.map((t) => [t.round, t.arm, t.invalidReason]),
        [[2, 'head', 'segment 2/3: k6 exited 255: connection refused']],
      )
      const comparison = compareResults(merged, { failOn: ['INVALID'] })
      assert.equal(comparison.verdict, 'INVALID')
      assert.match(
        comparison.invalid.map((i) => i.message).join('\n'),
        /head trial of round 2 failed: segment 2\/3/,
      )
    }))

  test('a measured trial whose segments did not run at the same time is invalid: the target never had the whole load', () =>
    withRoot(async (root) => {
      const artifacts = await segmentDirs(root, (results, index) => {
        for (const trial of results.trials) trial.k6Seconds = 10
        const late = results.trials.find((t) => t.round === 1 && t.arm === 'base')!
        if (index === 3) late.startedAt = new Date(Date.parse(late.startedAt) + 8000).toISOString()
        const slightlyLate = results.trials.find((t) => t.round === 2 && t.arm === 'base')!
        if (index === 2)
          slightlyLate.startedAt = new Date(Date.parse(slightlyLate.startedAt) + 2000).toISOString()
        // A warm-up is never compared: however far apart its segments ran, it only warmed the target.
        const warmup = { ...structuredClone(late), phase: 'warmup' as const, round: 0 }
        const started = Date.parse(results.trials[0]!.startedAt) - 20_000 + (index === 3 ? 8000 : 0)
        warmup.startedAt = new Date(started).toISOString()
        results.trials.unshift(warmup)
      })
      for (const dir of artifacts.dirs)
        await copyFile(path.join(dir, 'round-01-base.json.gz'), path.join(dir, 'warmup-base.json.gz'))
      const merged = await mergeSegments(await readSegments([artifacts.root], 'api'))
      assert.deepEqual(
        merged.trials.filter((t) => t.phase === 'warmup').map((t) => t.valid),
        [true],
      )
      const broken = merged.trials.filter((t) => !t.valid)
      assert.deepEqual(
        broken.map((t) => [t.round, t.arm]),
        [[1, 'base']],
      )
      assert.match(
        broken[0]!.invalidReason!,
        /did not run together \(their starts are 8\.0 s apart, together for 2\.0 s of 10\.0 s\)/,
      )
    }))

  test("a segment's missing or corrupt raw output invalidates that trial only, naming the file", () =>
    withRoot(async (root) => {
      const artifacts = await segmentDirs(root)
      await rm(path.join(artifacts.dirs[2]!, 'round-01-base.json.gz'))
      const merged = await mergeSegments(await readSegments([artifacts.root], 'api'))
      const broken = merged.trials.filter((t) => !t.valid)
      assert.equal(broken.length, 1)
      assert.match(broken[0]!.invalidReason!, /round-01-base\.json\.gz/)
    }))

  const mismatches: Array<[string, (results: ResultsFile, index: number) => void, RegExp]> = [
    ['a missing segment', () => {}, /Segment 3\/3 of 'api' is missing/],
    [
      'another segment count',
      (r, i) => i === 2 && (r.meta.segment = { index: 2, count: 4 }),
      /disagree on the number of segments/,
    ],
    ['another seed', (r, i) => i === 3 && (r.meta.seed = 99), /segment 3\/3 .* in its seed/i],
    ['other thresholds', (r, i) => i === 2 && (r.settings.maxErrorRate = 0.5), /in its settings/],
    ['another round order', (r, i) => i === 2 && (r.schedule[1] = ['head', 'base']), /another order/],
    ['a segment twice', (r, i) => i === 3 && (r.meta.segment = { index: 1, count: 3 }), /there twice/],
  ]
  for (const [name, change, message] of mismatches) {
    test(`${name} is one clear line and nothing is written`, () =>
      withRoot(async (root) => {
        const artifacts = await segmentDirs(root, change)
        if (name === 'a missing segment') await rm(path.dirname(artifacts.dirs[2]!), { recursive: true })
        await assert.rejects(readSegments([artifacts.root], 'api'), (error: Error) => {
          assert.match(error.message, message)
          assert.doesNotMatch(error.message, /\n/)
          return true
        })
      }))
  }

  test('a results file that is not valid is refused with its first bad field', () =>
    withRoot(async (root) => {
      const artifacts = await segmentDirs(root, (r, i) => {
        if (i === 1) (r.trials[0] as { round: unknown }).round = 'one'
      })
      await assert.rejects(readSegments([artifacts.root], 'api'), /not a valid results file/)
    }))

  test('folders without segment results of the benchmark say what was expected', () =>
    withRoot(async (root) => {
      await assert.rejects(readSegments([root], 'api'), /holds no segment results of benchmark 'api'/)
      await assert.rejects(readSegments([path.join(root, 'nope')], 'api'), /expected a readable folder/)
    }))
})
