import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { warmupIgnoredDuration } from '../../src/measure/trial'
import { makeResults } from '../../testkit/results-factory'

function warmupOf(seconds: number) {
  const trial = structuredClone(
    makeResults({ rounds: 1, base: () => ({ p50: 5 }), head: () => ({ p50: 5 }) }).trials[0]!,
  )
  return { ...trial, phase: 'warmup' as const, round: 0, durationSeconds: seconds }
}

describe('a k6 script that ignores DURATION', () => {
  test('a warm-up that ran a whole trial is named, with the fix', () => {
    const warning = warmupIgnoredDuration(warmupOf(10.2), 2)
    assert.match(
      warning ?? '',
      /^warning: the warm-up ran 10\.2 s although warmup is 2 s: the k6 script does not read __ENV\.DURATION/,
    )
    assert.match(warning ?? '', /__ENV\.DURATION \|\| '30s'/)
  })

  test('a warm-up of about its own length, a measured trial, or no warm-up says nothing', () => {
    assert.equal(warmupIgnoredDuration(warmupOf(2.4), 2), null)
    assert.equal(warmupIgnoredDuration({ ...warmupOf(10), phase: 'measure' }, 2), null)
    assert.equal(warmupIgnoredDuration(warmupOf(10), 0), null)
  })
})
