import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { measured, pairedSamples, validTrials } from '../../src/decide/samples'
import { roundRepeats } from '../../src/measure/round-repeats'
import { followSchedule, interleavedSchedule, type ScheduledTrial } from '../../src/measure/schedule'
import { trialName } from '../../src/measure/trial'
import type { Arm, FreshInstances, ResultsFile, Trial } from '../../src/model/types'
import { makeResults } from '../../testkit/results-factory'

const KEY = 'api GET /items/:id'

/** What a fake runner's trial sees beside the run: its foreign CPU, by arm, round and measurement. */
type Beside = (arm: Arm, round: number, repeat: number) => number

/**
 * Follows today's schedule with the repeat steps and a trial runner that records a trial (p50 10 ms
 * for both arms, foreign CPU as `beside` says) instead of measuring one.
 */
async function follow(
  beside: Beside,
  options: { rounds?: number; fresh?: FreshInstances; segment?: boolean } = {},
) {
  const rounds = options.rounds ?? 6
  const results: ResultsFile = {
    ...makeResults({ rounds: 0, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) }),
  }
  const said: string[] = []
  const steps: string[] = []
  let added = 0
  const freshInstances = options.fresh ?? 'run'
  const { repeats, ...repeatSteps } = roundRepeats(
    { results, say: (m) => said.push(m), added: (n) => (added += n) },
    { arms: ['base', 'head'], segment: options.segment ?? false, freshInstances, warmup: true },
  )
  const schedule = interleavedSchedule({
    arms: ['base', 'head'],
    looks: [rounds],
    seed: 11,
    freshInstances,
    repeats,
  })
  await followSchedule(schedule, {
    ...repeatSteps,
    warmup: true,
    renewInstances: async (round) => void steps.push(`renew ${round}`),
    onRound: (order) => results.schedule.push(order),
    runTrial: async (t: ScheduledTrial) => {
      steps.push(`${t.phase} ${t.round} ${t.arm}${t.repeat ? ` again ${t.repeat}` : ''}`)
      if (t.phase === 'warmup') return
      const [trial] = makeResults({
        rounds: 1,
        base: () => ({ p50: 10 }),
        head: () => ({ p50: 10 }),
      }).trials.filter((x) => x.arm === t.arm)
      results.trials.push({
        ...trial!,
        round: t.round,
        hostCpuBusy: 0.5,
        hostCpuStolen: 0,
        foreignCpu: beside(t.arm, t.round, t.repeat ?? 0),
        ...(t.repeat ? { repeat: t.repeat } : {}),
      })
    },
  })
  return { results, said, steps, schedule, added }
}

const quiet: Beside = () => 0.02
/** Round 2's first base trial shares its host with a burst; its repeat is quiet. */
const round2Burst: Beside = (arm, round, repeat) =>
  arm === 'base' && round === 2 && repeat === 0 ? 0.31 : 0.06

describe('a disturbed round is measured again: wired into the schedule', () => {
  test('a quiet run repeats nothing and records nothing', async () => {
    const { results, steps } = await follow(quiet)
    assert.equal(results.trials.length, 12)
    assert.equal(results.repeats, undefined)
    assert.ok(steps.every((s) => !s.includes('again')))
  })

  test('round 2 measured once more in the first repeat order; the superseded pair kept, marked, and left out', async () => {
    const { results, said, steps, schedule, added } = await follow(round2Burst)
    assert.equal(results.trials.length, 14, 'nothing measured is lost')
    const round2 = results.trials.filter((t) => t.round === 2)
    assert.deepEqual(round2.map((t) => [t.arm, t.superseded ?? false, t.repeat ?? 0]).sort(), [
      ['base', false, 1],
      ['base', true, 0],
      ['head', false, 1],
      ['head', true, 0],
    ])
    const again = steps.filter((s) => s.includes('again'))
    assert.deepEqual(
      again,
      schedule.repeatOrders![0]!.map((arm) => `measure 2 ${arm} again 1`),
      'the arms in the first repeat order',
    )
    assert.equal(
      steps.indexOf(again[0]!),
      steps.indexOf(`measure 2 ${results.schedule[1]![1]}`) + 1,
      'right after the round',
    )
    assert.deepEqual(results.repeats, {
      perRound: 1,
      perRun: 3,
      rounds: [{ round: 2, order: schedule.repeatOrders![0] }],
      exhausted: [],
    })
    assert.deepEqual(said, [
      "round 2 measured again: the base trial's host was 31% busy with other work, the head's 6%",
    ])
    assert.equal(added, 2, 'one arm at a time on one pair: two more trials, no warm-up')
    // Only each round's last pair is compared.
    assert.equal(measured(results).length, 12)
    assert.ok(measured(results).every((t) => !t.superseded))
    assert.equal(pairedSamples(results, KEY, 'p50', false).rounds!.length, 6)
  })

  test('bounds: once per round, three per run; rounds still disturbed are recorded', async () => {
    // Every trial of base in rounds 2–6 beside a burst, repeats included.
    const { results, steps } = await follow((arm, round) => (arm === 'base' && round >= 2 ? 0.4 : 0.02))
    assert.deepEqual(
      results.repeats!.rounds.map((r) => r.round),
      [2, 3, 4],
    )
    assert.deepEqual(results.repeats!.exhausted, [2, 3, 4, 5, 6])
    assert.equal(steps.filter((s) => s.includes('again')).length, 6)
    assert.equal(results.trials.filter((t) => t.superseded).length, 6)
  })

  test('fresh instances every round: the repeat runs on a pair of its own, renewed and warmed up', async () => {
    const { steps, added } = await follow(round2Burst, { fresh: 'round', rounds: 3 })
    const at = steps.indexOf('renew 2', steps.indexOf('renew 2') + 1)
    assert.ok(at > 0, steps.join(', '))
    assert.deepEqual(steps.slice(at, at + 3), ['renew 2', 'warmup 2 base again 1', 'warmup 2 head again 1'])
    assert.equal(steps.filter((s) => s.startsWith('renew')).length, 3)
    assert.equal(added, 4)
  })

  test('the rounds keep the orders their seed gives; segment jobs and one-arm runs never repeat', async () => {
    const plain = interleavedSchedule({ arms: ['base', 'head'], looks: [6], seed: 11 })
    const { schedule } = await follow(round2Burst)
    assert.deepEqual(
      schedule.rounds.map((r) => r.order),
      plain.rounds.map((r) => r.order),
    )
    const segment = await follow(round2Burst, { segment: true })
    assert.equal(segment.results.trials.length, 12)
    assert.equal(
      roundRepeats(
        { results: segment.results, say: () => {} },
        { arms: ['head'], segment: false, freshInstances: 'run', warmup: true },
      ).repeats,
      0,
    )
  })

  test("a repeat's raw output is named apart from the trial it supersedes", () => {
    assert.equal(trialName('base', 'measure', 4), 'round-04-base')
    assert.equal(trialName('base', 'measure', 4, 1), 'round-04-base-again-1')
    assert.equal(trialName('head', 'warmup', 4, 1), 'warmup-round-04-head-again-1')
  })
})

describe('samples: only each round last pair is compared', () => {
  /** Three rounds; round 2 measured again, its first pair 50% slower on the head. */
  function repeated(lastHeadValid: boolean): ResultsFile {
    const results = makeResults({ rounds: 3, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    const first = results.trials.filter((t) => t.round === 2)
    for (const t of first) t.superseded = true
    first.find((t) => t.arm === 'head')!.series[0]!.latency!.p50 = 15
    const again = makeResults({
      rounds: 1,
      base: () => ({ p50: 10 }),
      head: () => ({ p50: 11, valid: lastHeadValid }),
    }).trials.map((t): Trial => ({ ...t, round: 2, repeat: 1 }))
    results.trials.push(...again)
    return results
  }

  test('the superseded pair is left out of the differences and of every arm trials', () => {
    const key = repeated(true).trials[0]!.series[0]!.key
    const samples = pairedSamples(repeated(true), key, 'p50', false)
    assert.deepEqual(samples.rounds, [1, 2, 3])
    assert.ok(Math.abs(samples.byRound[1]! - Math.log(1.1)) < 1e-9, 'round 2 compares its last pair')
    assert.equal(validTrials(repeated(true), 'head').length, 3)
  })

  test("a repeat whose head trial was invalid leaves the round without a difference, never the superseded one's", () => {
    const results = repeated(false)
    const key = results.trials[0]!.series[0]!.key
    const samples = pairedSamples(results, key, 'p50', false)
    assert.equal(samples.byRound[1], null)
    assert.ok(measured(results).every((t) => !t.superseded))
  })
})
