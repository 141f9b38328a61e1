import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { comparisonSchema } from '../../src/model/comparison'
import { summarizeTrial } from '../../src/measure/trial'
import type { ResultsFile } from '../../src/model/types'
import { renderComment } from '../../src/report/markdown'
import { renderTerminal } from '../../src/report/terminal'
import { makeResults, wobble } from '../../testkit/results-factory'

const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }

/** Ten quiet rounds of identical code, with the runner's readings set per trial. */
function results(reading: (arm: 'base' | 'head', round: number) => { busy?: number; stolen?: number }) {
  const file: ResultsFile = makeResults({
    rounds: 10,
    base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
    head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
  })
  for (const trial of file.trials) {
    const { busy, stolen } = reading(trial.arm, trial.round)
    if (busy !== undefined) trial.hostCpuBusy = busy
    if (stolen !== undefined) trial.hostCpuStolen = stolen
  }
  return file
}

describe("what the trials say of the runner (saturated CPUs, the hypervisor's steal)", () => {
  test('a quiet runner adds nothing to the comparison or the report', () => {
    const c = compareResults(
      results(() => ({ busy: 0.4, stolen: 0.01 })),
      opts,
    )
    assert.equal(c.runner, undefined)
    assert.doesNotMatch(renderComment(c, {}), /hypervisor|saturated/)
  })

  test('rounds with steal are named with the share taken, and the verdict is not changed by the note', () => {
    const quiet = compareResults(
      results(() => ({ busy: 0.4, stolen: 0 })),
      opts,
    )
    const stolen = compareResults(
      results((arm, round) => ({
        busy: 0.5,
        stolen: arm === 'head' && [3, 7].includes(round) ? 0.14 : 0.01,
      })),
      opts,
    )
    assert.deepEqual(stolen.runner, {
      saturatedRounds: [],
      maxCpuBusy: 0.5,
      stolenRounds: [3, 7],
      maxStolen: 0.14,
      meanStolen: 0.023,
      // Steal in one arm's trial only: 28% of its busy time against 2% in the other's.
      differingRounds: [3, 7].map((round) => ({
        round,
        base: { stolen: 0.01 },
        head: { stolen: 0.14 },
        disturbed: true,
      })),
    })
    assert.equal(stolen.verdict, quiet.verdict)
    comparisonSchema.parse(stolen)
    const comment = renderComment(stolen, {})
    assert.match(
      comment,
      /⚠️ The hypervisor took up to 14% of the runner's CPU time \(steal; 2% over all trials\) in rounds 3 and 7:/,
    )
    assert.match(renderTerminal(stolen, { color: false }), /hypervisor took up to 14%/)
  })

  test('saturated rounds are named; a long list is counted instead', () => {
    const c = compareResults(
      results((_, round) => ({ busy: round <= 8 ? 0.97 : 0.6 })),
      opts,
    )
    assert.deepEqual(c.runner?.saturatedRounds, [1, 2, 3, 4, 5, 6, 7, 8])
    assert.equal(c.runner?.maxCpuBusy, 0.97)
    assert.match(renderComment(c, {}), /CPUs were saturated \(up to 97% busy\) in 8 of 10 rounds/)
    const one = compareResults(
      results((_, round) => ({ busy: round === 4 ? 0.96 : 0.6 })),
      opts,
    )
    assert.match(renderComment(one, {}), /saturated \(up to 96% busy\) in round 4:/)
  })

  test('warm-ups are not measured and do not count; files without readings say nothing', () => {
    const file = results(() => ({}))
    file.trials.push({ ...file.trials[0]!, phase: 'warmup', round: 0, hostCpuStolen: 0.5, hostCpuBusy: 1 })
    assert.equal(compareResults(file, opts).runner, undefined)
  })

  test("a trial's progress line names its steal from the mark up", () => {
    const [trial] = results(() => ({ stolen: 0.12 })).trials
    assert.match(summarizeTrial(trial!), /; steal 12%$/)
    assert.doesNotMatch(summarizeTrial({ ...trial!, hostCpuStolen: 0.02 }), /steal/)
  })

  test('rounds whose trials saw different foreign CPU are listed per round in the details', () => {
    const file = results(() => ({ busy: 0.6, stolen: 0.01 }))
    for (const t of file.trials) t.foreignCpu = t.round === 4 && t.arm === 'base' ? 0.31 : 0.02
    const c = compareResults(file, opts)
    assert.deepEqual(c.runner?.differingRounds, [
      {
        round: 4,
        base: { foreignCpu: 0.31, stolen: 0.01 },
        head: { foreignCpu: 0.02, stolen: 0.01 },
        disturbed: true,
      },
    ])
    comparisonSchema.parse(c)
    assert.match(
      renderComment(c, {}),
      /CPU that was not this run's, where a round's two trials differed:\n {2}- round 4: base 31% other processes, 1% steal; head 2% other processes, 1% steal \(disturbed\)/,
    )
    assert.doesNotMatch(renderComment(c, {}), /Too busy to tell/, 'a verdict that settled needs no advice')
  })

  test("too busy to tell: one line naming the disturbed rounds, the CPU not the run's and what to do", () => {
    const file = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.3, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.3, 2)) }),
    })
    for (const t of file.trials) {
      t.hostCpuBusy = 0.7
      t.hostCpuStolen = 0.01
      t.foreignCpu = [2, 6].includes(t.round) && t.arm === 'head' ? 0.42 : 0.03
    }
    const c = compareResults(file, opts)
    assert.equal(c.verdict, 'INCONCLUSIVE')
    const line =
      "Too busy to tell: rounds 2 and 6 were disturbed (up to 43% of the CPU was not this run's: " +
      '42% other processes, 1% steal); rerun on fewer parallel jobs on this runner, or a larger runner'
    assert.ok(renderComment(c, {}).includes(`⚠️ **${line}.**`))
    assert.match(renderTerminal(c, { color: false }), /Too busy to tell: rounds 2 and 6/)
    for (const t of file.trials) t.hostCpuStolen = t.foreignCpu === 0.42 ? 0.3 : 0.01
    for (const t of file.trials) if (t.foreignCpu === 0.42) t.foreignCpu = 0.05
    assert.match(renderComment(compareResults(file, opts), {}), /rerun on a larger runner \(steal/)
  })

  test('too busy to tell with both arms alike (alternating): the busy rounds, the share and what to do', () => {
    const file = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.3, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.3, 2)) }),
    })
    for (const t of file.trials) {
      t.hostCpuBusy = 0.9
      t.hostCpuStolen = 0.01
      // The arms shared each round's window: the same share of the CPU went to others in both trials.
      t.foreignCpu = t.round <= 7 ? 0.48 : 0.1
    }
    const c = compareResults(file, opts)
    assert.equal(c.verdict, 'INCONCLUSIVE')
    assert.deepEqual(c.runner?.busyRounds, [1, 2, 3, 4, 5, 6, 7])
    assert.equal(c.runner?.differingRounds, undefined, 'no round differed between its arms')
    comparisonSchema.parse(c)
    const line =
      "Too busy to tell: other processes took up to 48% of the runner's CPU (37% on average) in 7 of 10 " +
      'rounds, both arms alike; rerun on fewer parallel jobs on this runner, or a larger runner'
    assert.ok(renderComment(c, {}).includes(`⚠️ **${line}.**`), renderComment(c, {}))
    for (const t of file.trials) t.foreignCpu = 0.2
    assert.doesNotMatch(
      renderComment(compareResults(file, opts), {}),
      /Too busy/,
      'under the mark: nothing said',
    )
  })

  test('a round measured again: counted and shown with why, its superseded pair kept out of the verdict', () => {
    const file = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
    })
    for (const t of file.trials) Object.assign(t, { hostCpuBusy: 0.6, hostCpuStolen: 0.01, foreignCpu: 0.03 })
    const first = file.trials.filter((t) => t.round === 4)
    const again = first.map((t) => ({ ...t, repeat: 1 }))
    for (const t of first) {
      t.superseded = true
      t.foreignCpu = t.arm === 'base' ? 0.31 : 0.06
      // The burst slowed the base trial: were it compared, the round would read −40%.
      if (t.arm === 'base') t.series[0]!.latency!.p50 *= 1.7
    }
    file.trials.push(...again)
    file.repeats = { perRound: 1, perRun: 3, rounds: [{ round: 4, order: ['head', 'base'] }], exhausted: [] }
    const c = compareResults(file, opts)
    assert.equal(c.verdict, 'NO_CHANGE')
    assert.equal(c.rounds, 10)
    assert.deepEqual(c.runner?.repeatedRounds, [
      {
        round: 4,
        base: { foreignCpu: 0.31, stolen: 0.01 },
        head: { foreignCpu: 0.06, stolen: 0.01 },
        by: 'foreign',
      },
    ])
    comparisonSchema.parse(c)
    const comment = renderComment(c, {})
    assert.match(comment, /10 rounds, 1 round measured again, disturbed \(at most 3 a run\)/)
    assert.ok(
      comment.includes(
        "  - round 4 measured again: the base trial's host was 31% busy with other work, the head's 6%",
      ),
    )
    assert.match(renderTerminal(c, { color: false }), /i 1 round measured again.*round 4 measured again/)
    for (const t of file.trials.filter((t) => t.superseded)) t.foreignCpu = 0.03
    for (const t of file.trials.filter((t) => t.superseded)) t.hostCpuStolen = t.arm === 'head' ? 0.25 : 0.02
    assert.ok(
      renderComment(compareResults(file, opts), {}).includes(
        "round 4 measured again: the head trial lost 25% of the CPU time to steal, the base's 2%",
      ),
    )
  })
})
