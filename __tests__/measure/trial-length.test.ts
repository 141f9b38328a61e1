import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { thinSeriesSoFar } from '../../src/decide/sample-size'
import { lengthenAfterFirstRound, lengtheningIgnored } from '../../src/measure/trial-length'
import { makeResults, wobble } from '../../testkit/results-factory'

/** Round 1 of a 10/20-round plan: /busy with 1,000 requests per 10-s trial, /thin with 10·thinThroughput. */
function firstRound(thinThroughput: number, discardSeconds = 0) {
  const shape = (r: number, key: string, seed: number) => ({
    p50: 10 * (1 + wobble(r, 0.01, seed)),
    throughput: key.endsWith('/thin') ? thinThroughput : 100,
  })
  const results = makeResults({
    rounds: 1,
    minRounds: 10,
    maxRounds: 20,
    series: ['api GET /busy', 'api GET /thin'],
    base: (r, key) => shape(r, key, 1),
    head: (r, key) => shape(r, key, 2),
  })
  results.settings.discardSeconds = discardSeconds
  return results
}

/** The trial length, in whole seconds, whose window has the requests the thin tail is said to need. */
function wantedSeconds(thinThroughput: number, discardSeconds = 0): number {
  const [thin] = thinSeriesSoFar(firstRound(thinThroughput))
  const { trialSeconds, requestsNeeded, requestsPerTrial } = thin!.size
  return Math.ceil((trialSeconds * requestsNeeded!) / requestsPerTrial + discardSeconds)
}

/** A run's settings once auto has lengthened its trials to `seconds`. */
const lengthenedTo = (seconds: number, discardSeconds: number) => ({
  trialLength: { mode: 'auto' as const, maxSeconds: 60, lengthenedSeconds: seconds, fromRound: 2 },
  discardSeconds,
})

describe('trial-length auto', () => {
  test('after round 1, a thin gated tail (p90) lengthens the measured trials to the window its sentence names', () => {
    const wanted = wantedSeconds(3)
    assert.ok(wanted > 10 && wanted < 60, `${wanted} s`)
    const longer = lengthenAfterFirstRound(firstRound(3), { mode: 'auto', maxSeconds: 60 })
    assert.equal(longer?.seconds, wanted)
    assert.equal(
      longer?.message,
      `trial-length auto: measured trials from round 2 on run ${wanted} s (DURATION=${wanted}s), the length the thin p90 above want`,
    )
  })

  test('the cap holds, and says what the thin tail wanted', () => {
    const wanted = wantedSeconds(3)
    const longer = lengthenAfterFirstRound(firstRound(3), { mode: 'auto', maxSeconds: 12.5 })
    assert.equal(longer?.seconds, 12)
    assert.match(
      longer!.message,
      new RegExp(`run 12 s \\(DURATION=12s\\), its cap; the thin p90 above want ${wanted} s$`),
    )
  })

  test('seconds discarded at the start of a trial are added to its length', () => {
    const longer = lengthenAfterFirstRound(firstRound(3, 2), { mode: 'auto', maxSeconds: 60 })
    assert.equal(longer?.seconds, wantedSeconds(3, 2))
  })

  test('nothing changes under trial-length script, when no tail is thin, or when the cap is no longer than the trials', () => {
    assert.equal(lengthenAfterFirstRound(firstRound(3), { mode: 'script' }), null)
    assert.equal(lengthenAfterFirstRound(firstRound(100), { mode: 'auto', maxSeconds: 60 }), null)
    assert.equal(lengthenAfterFirstRound(firstRound(3), { mode: 'auto', maxSeconds: 10 }), null)
  })

  test('a script that keeps its own length is named once its first lengthened trial is in', () => {
    const trial = structuredClone(firstRound(3).trials.find((t) => t.phase === 'measure')!)
    const warning = lengtheningIgnored({ ...trial, durationSeconds: 10 }, lengthenedTo(30, 0))
    assert.match(
      warning ?? '',
      /^warning: trial-length auto set DURATION=30s, but the trial measured a 10\.0-s window: the k6 script does not read __ENV\.DURATION/,
    )
    assert.equal(lengtheningIgnored({ ...trial, durationSeconds: 29.6 }, lengthenedTo(30, 0)), null)
    assert.equal(
      lengtheningIgnored({ ...trial, durationSeconds: 27 }, lengthenedTo(30, 2)),
      null,
      'the discarded seconds are not in the window',
    )
  })
})
