import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { thinSeriesSoFar, TRIALS_FOR_A_FIRM_RANGE } from '../../src/decide/sample-size'
import {
  LENGTHENED_FROM_ROUND,
  lengthenOnFirmRange,
  lengtheningIgnored,
} from '../../src/measure/trial-length'
import type { ResultsFile } from '../../src/model/types'
import { makeResults, wobble } from '../../testkit/results-factory'

/**
 * Rounds of a 10/20-round plan: /busy with 1,000 requests per 10-s trial, /thin with 10·thinThroughput
 * and a p90 whose rank noise is `noise` times 20% of it at 30 requests (falling as 1/√requests), trial
 * by trial (base and head of round 1, then round 2 …), as uneven as a JVM service's trials.
 */
function measured(rounds: number, thinThroughput = 3, noise = [0.7, 1, 1, 1, 1.2, 1.5]) {
  const shape = (r: number, key: string, seed: number) => ({
    p50: 10 * (1 + wobble(r, 0.01, seed)),
    throughput: key.endsWith('/thin') ? thinThroughput : 100,
  })
  const results = makeResults({
    rounds,
    minRounds: 10,
    maxRounds: 20,
    series: ['api GET /busy', 'api GET /thin'],
    base: (r, key) => shape(r, key, 1),
    head: (r, key) => shape(r, key, 2),
  })
  results.trials
    .filter((t) => t.phase === 'measure')
    .sort((a, b) => a.round - b.round || a.arm.localeCompare(b.arm))
    .forEach((trial, i) => {
      const latency = trial.series.find((s) => s.key === 'api GET /thin')!.latency!
      latency.p90RankNoise = latency.p90 * 0.2 * noise[i % noise.length]! * Math.sqrt(30 / latency.count)
    })
  return results
}

/** The trial length, in whole seconds, whose window has `requests` of /thin, after the discard. */
function secondsFor(results: ResultsFile, requests: (range: [number, number], median: number) => number) {
  const [thin] = thinSeriesSoFar(results)
  const { trialSeconds, requestsNeeded, requestsPerTrial } = thin!.size
  const wanted = requests(thin!.neededRange, requestsNeeded!)
  return Math.ceil((trialSeconds * wanted) / requestsPerTrial + results.settings.discardSeconds)
}

const auto = { mode: 'auto' as const, maxSeconds: 60 }

/** A run's settings once auto has lengthened its trials to `seconds`. */
const lengthenedTo = (seconds: number, discardSeconds: number) => ({
  trialLength: { ...auto, lengthenedSeconds: seconds, fromRound: LENGTHENED_FROM_ROUND },
  discardSeconds,
})

describe('trial-length auto', () => {
  test('decides once three rounds give a firm range, as the progress note does, and lengthens from round 4 on', () => {
    assert.equal(LENGTHENED_FROM_ROUND, 4)
    assert.equal(LENGTHENED_FROM_ROUND, Math.ceil(TRIALS_FOR_A_FIRM_RANGE / 2) + 1)
    // The thin tail already shows in round 1 (and round 2), but two or four trials say too little.
    assert.equal(thinSeriesSoFar(measured(1)).length, 1)
    assert.equal(lengthenOnFirmRange(measured(1), auto), null)
    assert.equal(lengthenOnFirmRange(measured(2), auto), null)
    assert.ok(lengthenOnFirmRange(measured(3), auto))
    // A trial of round 3 that measured nothing leaves five: not yet firm.
    const short = measured(3)
    short.trials.find((t) => t.phase === 'measure' && t.round === 3)!.valid = false
    assert.equal(lengthenOnFirmRange(short, auto), null)
  })

  test('lengthens to the low end of the range, the fewest requests the trials can ask for, not to its middle or high end', () => {
    const results = measured(3)
    const low = secondsFor(results, ([least]) => least)
    const middle = secondsFor(results, (_, median) => median)
    const high = secondsFor(results, ([, most]) => most)
    assert.ok(low > 10 && low < 60 && low < middle && middle < high, `${low} < ${middle} < ${high}`)
    const longer = lengthenOnFirmRange(results, auto)
    assert.equal(longer?.seconds, low)
    assert.equal(
      longer?.message,
      `trial-length auto: measured trials from round 4 on run ${low} s (DURATION=${low}s), the least the thin p90 above want`,
    )
  })

  test('a range whose low end the trials already have leaves them as they are, however thin its middle', () => {
    // The least noisy trial asks for fewer requests than the trials have: lengthening is not sure to be needed.
    const results = measured(3, 3, [0.3, 1, 1, 1, 1.2, 1.5])
    assert.ok(secondsFor(results, (_, median) => median) > 10, 'the median figure would lengthen')
    assert.equal(lengthenOnFirmRange(results, auto), null)
  })

  test('what decides does not change when the arm labels are swapped', () => {
    const results = measured(3)
    const swapped = structuredClone(results)
    for (const trial of swapped.trials) trial.arm = trial.arm === 'base' ? 'head' : 'base'
    assert.deepEqual(lengthenOnFirmRange(swapped, auto), lengthenOnFirmRange(results, auto))
  })

  test('the cap holds, and says what the thin tail wanted at the least', () => {
    const results = measured(3)
    const low = secondsFor(results, ([least]) => least)
    const longer = lengthenOnFirmRange(results, { mode: 'auto', maxSeconds: 12.5 })
    assert.equal(longer?.seconds, 12)
    assert.match(
      longer!.message,
      new RegExp(`run 12 s \\(DURATION=12s\\), its cap; the thin p90 above want at least ${low} s$`),
    )
  })

  test('seconds discarded at the start of a trial are added to its length', () => {
    const results = measured(3)
    results.settings.discardSeconds = 2
    const longer = lengthenOnFirmRange(results, auto)
    assert.equal(
      longer?.seconds,
      secondsFor(results, ([least]) => least),
    )
    assert.equal(longer?.seconds, secondsFor(measured(3), ([least]) => least) + 2)
  })

  test('nothing changes under trial-length script, when no tail is thin, or when the cap is no longer than the trials', () => {
    assert.equal(lengthenOnFirmRange(measured(3), { mode: 'script' }), null)
    assert.equal(lengthenOnFirmRange(measured(3, 100), auto), null)
    assert.equal(lengthenOnFirmRange(measured(3), { mode: 'auto', maxSeconds: 10 }), null)
  })

  test('a script that keeps its own length is named once its first lengthened trial is in', () => {
    const trial = structuredClone(measured(1).trials.find((t) => t.phase === 'measure')!)
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
