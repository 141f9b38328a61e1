import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  besideDifference,
  besideTheRun,
  DISTURBED_DIFFERENCE,
  repeatPolicy,
  roundDisturbances,
} from '../../src/decide/disturbance'
import { foreignFraction, TICKS_PER_SECOND } from '../../src/measure/run-cpu'
import type { Arm, Trial } from '../../src/model/types'
import { seededRandom } from '../../src/util/random'

const round3 = (x: number) => Math.round(x * 1000) / 1000

/** A measured trial with only what the rule reads. */
function trial(arm: Arm, round: number, read: Partial<Trial>): Trial {
  return { arm, round, phase: 'measure', ...read } as Trial
}

/** What a host shows over one trial: everything as shares of the whole host's CPU time. */
interface Host {
  /** What the run asks for: its containers, and k6 with loadgate and the engine. */
  containers: number
  processes: number
  /** A neighbour's demand, and the share of the runner's runnable time the hypervisor keeps. */
  neighbour: number
  hypervisor: number
}

/**
 * The counters such a trial leaves, read through the same arithmetic as a real trial: while the
 * host has idle time everyone gets what they ask; once saturated, the CPU is shared in proportion
 * to demand. The hypervisor keeps its share of whatever the runner asks for (steal).
 */
function simulatedTrial(arm: Arm, round: number, host: Host): Trial {
  const ticks = 10_000
  const demand = host.containers + host.processes + host.neighbour
  const room = 1 - host.hypervisor
  const scale = demand <= room ? 1 : room / demand
  const used = demand * scale
  const busy = Math.min(1, used / room)
  const steal = busy - used
  const at = (share: number, b: number, s: number, run: number) => ({
    host: { busy: b * ticks, total: share * ticks, steal: s * ticks },
    runTicks: run * ticks,
  })
  const containerSeconds = (host.containers * scale * ticks) / TICKS_PER_SECOND
  const end = at(1, busy, steal, host.processes * scale)
  const foreignCpu = foreignFraction(at(0, 0, 0, 0), end, containerSeconds)
  assert.ok(foreignCpu !== null)
  return trial(arm, round, {
    hostCpuBusy: round3(busy),
    hostCpuStolen: round3(steal),
    foreignCpu: foreignCpu!,
  })
}

/**
 * Rounds on a busy runner: a neighbour that bursts in some trials (and one that runs throughout,
 * `steady`), a hypervisor that sometimes takes a share; the head asks `slower` more CPU of its
 * containers. The same seed gives every head the same runner.
 */
function simulatedRounds(rounds: number, slower: number, steady = 0): Trial[] {
  const random = seededRandom(55)
  const trials: Trial[] = []
  for (let round = 1; round <= rounds; round++) {
    for (const arm of ['base', 'head'] as const) {
      const burst = random() < 0.15 ? 0.2 + 0.6 * random() : 0.02 * random()
      const hypervisor = random() < 0.1 ? 0.05 + 0.25 * random() : 0.01 * random()
      const containers = 0.3 * (arm === 'head' ? 1 + slower : 1) * (1 + 0.05 * (random() - 0.5))
      trials.push(
        simulatedTrial(arm, round, { containers, processes: 0.15, neighbour: steady + burst, hypervisor }),
      )
    }
  }
  return trials
}

const disturbedRate = (trials: Trial[]) => {
  const rounds = roundDisturbances(trials)
  return rounds.filter((r) => r.disturbed).length / rounds.length
}

describe('a disturbed round: its two trials saw different shares of the CPU go to others', () => {
  test('foreign CPU or steal of the busy time apart by the mark disturbs; less does not', () => {
    const quiet = trial('base', 1, { hostCpuBusy: 0.5, hostCpuStolen: 0.01, foreignCpu: 0.02 })
    const near = trial('head', 1, { hostCpuBusy: 0.55, hostCpuStolen: 0.02, foreignCpu: 0.08 })
    const burst = trial('head', 1, { hostCpuBusy: 0.8, hostCpuStolen: 0.01, foreignCpu: 0.3 })
    const stolen = trial('head', 1, { hostCpuBusy: 0.6, hostCpuStolen: 0.15, foreignCpu: 0.02 })
    assert.deepEqual(
      [near, burst, stolen].map((h) => roundDisturbances([quiet, h])[0]!.disturbed),
      [false, true, true],
    )
    assert.equal(roundDisturbances([quiet, stolen])[0]!.difference, 0.23, '25% of busy time against 2%')
  })

  test('when both trials were saturated, foreign CPU is zero-sum with the run and only steal counts', () => {
    const a = besideTheRun(trial('base', 1, { hostCpuBusy: 1, hostCpuStolen: 0, foreignCpu: 0.5 }))
    const b = besideTheRun(trial('head', 1, { hostCpuBusy: 0.97, hostCpuStolen: 0, foreignCpu: 0.3 }))
    assert.equal(besideDifference(a, b), 0)
    const c = besideTheRun(trial('head', 1, { hostCpuBusy: 0.7, hostCpuStolen: 0, foreignCpu: 0.1 }))
    assert.equal(besideDifference(a, c), 0.4)
  })

  test('a round is judged on its last pair of trials; a round without readings is left out', () => {
    const trials = [
      trial('base', 1, { hostCpuBusy: 0.5, foreignCpu: 0.4, hostCpuStolen: 0 }),
      trial('head', 1, { hostCpuBusy: 0.5, foreignCpu: 0.02, hostCpuStolen: 0 }),
      trial('base', 1, { hostCpuBusy: 0.5, foreignCpu: 0.03, hostCpuStolen: 0 }),
      trial('head', 1, { hostCpuBusy: 0.5, foreignCpu: 0.02, hostCpuStolen: 0 }),
      trial('base', 2, {}),
      trial('head', 2, {}),
    ]
    assert.deepEqual(roundDisturbances(trials), [
      {
        round: 1,
        base: { foreignCpu: 0.03, stolen: 0 },
        head: { foreignCpu: 0.02, stolen: 0 },
        difference: 0.01,
        disturbed: false,
        repeats: 1,
      },
    ])
  })
})

describe('measuring a disturbed round again: bounded, counted', () => {
  const disturbed = (round: number) => [
    trial('base', round, { hostCpuBusy: 0.9, foreignCpu: 0.4, hostCpuStolen: 0 }),
    trial('head', round, { hostCpuBusy: 0.5, foreignCpu: 0.01, hostCpuStolen: 0 }),
  ]
  test('once per round, three per run; rounds left disturbed are named', () => {
    const policy = repeatPolicy()
    const all = [1, 2, 3, 4].flatMap(disturbed)
    assert.equal(policy.measureAgain(1, all), true)
    assert.equal(policy.measureAgain(1, all), false, 'one repeat per round')
    assert.equal(policy.measureAgain(2, all), true)
    assert.equal(policy.measureAgain(3, all), true)
    assert.equal(policy.measureAgain(4, all), false, 'three per run')
    assert.equal(policy.total, 3)
    assert.deepEqual(
      [...policy.repeats],
      [
        [1, 1],
        [2, 1],
        [3, 1],
      ],
    )
    assert.deepEqual(policy.exhausted, [1, 4])
  })

  test('a quiet round is not measured again, and spends nothing', () => {
    const policy = repeatPolicy({ perRound: 2, perRun: 5 })
    const quiet = [
      trial('base', 1, { hostCpuBusy: 0.5, foreignCpu: 0.03, hostCpuStolen: 0.01 }),
      trial('head', 1, { hostCpuBusy: 0.6, foreignCpu: 0.04, hostCpuStolen: 0.01 }),
    ]
    assert.equal(policy.measureAgain(1, quiet), false)
    assert.equal(policy.total, 0)
  })
})

describe("the rule cannot respond to the head's change", () => {
  test('a head that takes 10% or 30% more CPU leaves the foreign share where it was, unless saturated', () => {
    const aa = simulatedRounds(400, 0)
    for (const slower of [0.1, 0.3]) {
      const head = simulatedRounds(400, slower)
      for (const [i, t] of head.entries()) {
        if (t.arm === 'base') continue
        const same = aa[i]!
        if (t.hostCpuBusy! < 0.95) assert.equal(t.foreignCpu, same.foreignCpu, `trial ${i}`)
        // Saturated, the neighbour gets less of what the head takes: the share never grows.
        else assert.ok(t.foreignCpu! <= same.foreignCpu!, `trial ${i}`)
      }
    }
  })

  test('rounds are disturbed as often with the head +10% or +30% as on A/A', () => {
    const aa = disturbedRate(simulatedRounds(4000, 0))
    assert.ok(aa > 0.1 && aa < 0.5, `the simulated runner is busy: ${aa}`)
    for (const slower of [0.1, 0.3]) {
      const rate = disturbedRate(simulatedRounds(4000, slower))
      // Two binomial SDs of a rate over 4000 rounds is about 0.012.
      assert.ok(Math.abs(rate - aa) < 0.012, `+${slower * 100}%: ${rate} against ${aa}`)
    }
  })

  test('a neighbour that runs through the whole run disturbs no more rounds than a quiet runner', () => {
    const quiet = disturbedRate(simulatedRounds(2000, 0.3))
    const steady = disturbedRate(simulatedRounds(2000, 0.3, 0.2))
    assert.ok(steady <= quiet + 0.015, `${steady} against ${quiet}`)
    assert.ok(DISTURBED_DIFFERENCE > 0.05)
  })
})
