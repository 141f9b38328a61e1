import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults, needsMoreRounds } from '../../src/decide'
import {
  INSTANCE_OFFSET_ALLOWANCE,
  MIN_INSTANCE_PAIRS,
  ONE_INSTANCE_REASON,
} from '../../src/decide/instance-pairs'
import { ONE_INSTANCE_COST } from '../../src/measure/cost'
import { INPUTS } from '../../src/settings/inputs'
import { parseResults } from '../../src/model/results-file'
import type { Comparison } from '../../src/model/types'
import { makeResults, wobble } from '../../testkit/results-factory'

const opts = { failOn: ['REGRESSION' as const, 'INVALID' as const] }

function gated(c: Comparison) {
  return c.series.flatMap((s) => s.metrics).filter((m) => m.gate)
}

/** Identical code whose head instance runs 7% slower for the whole run: an instance's offset. */
function offsetRun(freshInstances: 'round' | 'run' | undefined, rounds = 20) {
  const results = makeResults({
    rounds,
    minRounds: 10,
    maxRounds: 20,
    base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
    head: (r) => ({ p50: 10.7 * (1 + wobble(r, 0.01, 2)) }),
  })
  if (freshInstances) results.settings.freshInstances = freshInstances
  else delete results.settings.freshInstances
  return results
}

describe('one instance per arm', () => {
  test('an offset of the one instance pair is never decided as a change: INCONCLUSIVE with the reason', () => {
    // Read as if every round had instances of its own, the offset is a change beyond δ/2 beyond doubt.
    const asIfFresh = compareResults(offsetRun('round'), opts)
    assert.equal(asIfFresh.verdict, 'REGRESSION')
    const c = compareResults(offsetRun('run'), opts)
    assert.equal(c.verdict, 'INCONCLUSIVE', c.headline)
    assert.equal(c.blocking, false)
    for (const m of gated(c).filter((m) => m.unit === 'ms')) {
      assert.equal(m.verdict, 'INCONCLUSIVE', m.metric)
      assert.equal(m.note, ONE_INSTANCE_REASON)
    }
  })

  test('identical instances are no approval either: no gated metric reads NO CHANGE', () => {
    const same = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
      freshInstances: 'run',
    })
    const c = compareResults(same, opts)
    assert.equal(c.verdict, 'INCONCLUSIVE')
    assert.equal(
      c.headline,
      'Inconclusive — one instance per arm: its own speed is not in the interval (10 rounds)',
    )
    for (const m of gated(c)) assert.match(m.note ?? '', /one instance per arm/, m.metric)
    assert.ok(!gated(c).some((m) => m.verdict === 'NO_CHANGE' || m.verdict === 'IMPROVEMENT'))
  })

  test('a slowdown no instance offset explains still blocks, and says why', () => {
    const results = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.02, 1)) }),
      head: (r) => ({ p50: 16 * (1 + wobble(r, 0.02, 2)) }),
      freshInstances: 'run',
    })
    const c = compareResults(results, opts)
    assert.equal(c.verdict, 'REGRESSION')
    const p50 = gated(c).find((m) => m.metric === 'p50')!
    assert.equal(p50.verdict, 'REGRESSION')
    assert.match(p50.note ?? '', /^one instance per arm: .*δ\/2 \+ 20%/)
    // +22% is within δ/2 + 20% of a plausible offset: not shown beyond it.
    const near = makeResults({
      rounds: 10,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      head: (r) => ({ p50: 12.2 * (1 + wobble(r, 0.01, 2)) }),
      freshInstances: 'run',
    })
    assert.equal(compareResults(near, opts).verdict, 'INCONCLUSIVE')
    // The mirror image: a head far faster than any offset is an IMPROVEMENT, a little faster is not.
    const faster = (p50: number) =>
      makeResults({
        rounds: 10,
        base: (r) => ({ p50: 10 * (1 + wobble(r, 0.02, 1)) }),
        head: (r) => ({ p50: p50 * (1 + wobble(r, 0.02, 2)) }),
        freshInstances: 'run',
      })
    const far = gated(compareResults(faster(5), opts)).find((m) => m.metric === 'p50')!
    assert.equal(far.verdict, 'IMPROVEMENT')
    assert.match(far.note ?? '', /^one instance per arm: .*; better by more than δ\/2 \+ 20%/)
    assert.equal(
      gated(compareResults(faster(8.5), opts)).find((m) => m.metric === 'p50')!.verdict,
      'INCONCLUSIVE',
    )
  })

  test('a results file written before instances could be renewed is read as one instance per arm', () => {
    const old = offsetRun(undefined)
    const parsed = parseResults('results.json', JSON.parse(JSON.stringify(old)))
    assert.equal(parsed.settings.freshInstances, undefined)
    const c = compareResults(parsed, opts)
    assert.equal(gated(c).find((m) => m.metric === 'p50')!.note, ONE_INSTANCE_REASON)
  })

  test('more rounds bring no new instance: the run stops at its first look', () => {
    const noisy = (freshInstances: 'round' | 'run') =>
      makeResults({
        rounds: 10,
        minRounds: 10,
        maxRounds: 20,
        base: (r) => ({ p50: 10 * (1 + wobble(r, 0.3, 1)) }),
        head: (r) => ({ p50: 10 * (1 + wobble(r, 0.3, 2)) }),
        freshInstances,
      })
    assert.equal(needsMoreRounds(noisy('round'), opts), true, 'fresh instances every round go on')
    assert.equal(needsMoreRounds(noisy('run'), opts), false)
  })
})

describe('several instance pairs', () => {
  /** 24 rounds, a new pair of instances every `every` rounds, each pair with an offset of its own. */
  function renewedEvery(every: number) {
    const offset = (r: number) => 0.06 * wobble(Math.ceil(r / every), 1, 9)
    const results = makeResults({
      rounds: 24,
      minRounds: 24,
      maxRounds: 24,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.005, 1)) }),
      head: (r) => ({ p50: 10 * (1 + offset(r)) * (1 + wobble(r, 0.005, 2)) }),
    })
    results.settings.freshInstances = every
    return results
  }

  test("each pair's mean log-ratio is one unit: 24 rounds of 12 pairs are 12 pairs", () => {
    const c = compareResults(renewedEvery(2), opts)
    const p50 = gated(c).find((m) => m.metric === 'p50')!
    assert.equal(p50.pairs, 12)
    assert.doesNotMatch(p50.note ?? '', /instance/)
  })

  test('fewer than 6 pairs are not decided as if their offsets were in the interval', () => {
    const c = compareResults(renewedEvery(6), opts)
    const p50 = gated(c).find((m) => m.metric === 'p50')!
    assert.equal(p50.verdict, 'INCONCLUSIVE')
    assert.match(p50.note ?? '', /^4 instance pairs: .* until there are 6/)
  })
})

test("fresh-instances says what one instance per arm costs, in the decision's own figures", () => {
  const description = INPUTS.find((i) => i.name === 'fresh-instances')!.description
  const allowance = `${Math.round(Math.expm1(INSTANCE_OFFSET_ALLOWANCE) * 100)}%`
  assert.match(
    description,
    new RegExp(`run \\(one instance per arm for the whole run: .*stops at min-rounds`),
  )
  assert.ok(
    description.includes(
      `no gated metric can read NO CHANGE and one is decided only beyond δ/2 + ${allowance}`,
    ),
  )
  assert.ok(
    ONE_INSTANCE_COST.includes(
      `more than δ/2 + ${allowance} (never NO CHANGE); ${MIN_INSTANCE_PAIRS} or more`,
    ),
  )
})
