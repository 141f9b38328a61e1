import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { minimumPairs, planReach, smallestGatedFamily } from '../../src/decide/plan'
import { defaultThresholds } from '../../src/settings/thresholds'
import { SettingsError } from '../../src/util/errors'
import { settingsFor } from '../../testkit/settings'

function refusal(inputs: Record<string, string>): string {
  try {
    // The kit's short example runs only measure; these plans gate as the default fail-on does.
    settingsFor(process.cwd(), { 'fail-on': 'REGRESSION, INVALID', ...inputs })
  } catch (error) {
    assert.ok(error instanceof SettingsError, String(error))
    return error.message
  }
  return ''
}

describe('a plan of rounds that can never block is refused at settings time', () => {
  test('the fewest pairs follow from α, and the default rules gate at least 5 metrics', () => {
    assert.equal(minimumPairs(0.05), 5)
    assert.equal(minimumPairs(0.0303), 6)
    assert.equal(minimumPairs(0.0625), 4)
    // Aggregate: throughput and error rate; any endpoint: p50, p95 and error rate.
    assert.equal(smallestGatedFamily(defaultThresholds()), 5)
    const reach = planReach(4, 4, 5)
    assert.equal(reach.smallestP, 0.0625)
    assert.equal(reach.canBlock, false)
    // Raising max-rounds adds a look: at 4 and 5 each is tested at 0.0358 ≥ 2⁻⁵; both at 5 works too.
    assert.equal(reach.workableMaxRounds, 5)
    assert.equal(planReach(5, 5, 5).canBlock, true)
  })

  test('4 rounds fixed: refused in one line naming max-rounds, the reachable p and the rounds that work', () => {
    const message = refusal({ 'min-rounds': '4', 'max-rounds': '4' })
    assert.equal(
      message,
      "Input 'max-rounds' is '4': expected at least 5 with min-rounds 4: 4 rounds reach a p of 0.0625 at best for the gated metrics of benchmark 'api', above the level 0.05 of each look, so no regression could ever block (fail-on: INVALID for a run that only measures)",
    )
    assert.ok(!message.includes('\n'))
  })

  test('with more looks each has a lower level: 3–4 rounds are refused, 4–5 accepted', () => {
    assert.match(
      refusal({ 'min-rounds': '3', 'max-rounds': '4' }),
      /expected at least 5 with min-rounds 3: .* above the level 0.0347/,
    )
    assert.equal(refusal({ 'min-rounds': '4', 'max-rounds': '5' }), '')
    assert.equal(refusal({ 'min-rounds': '5', 'max-rounds': '5' }), '')
    assert.equal(refusal({ 'min-rounds': '3', 'max-rounds': '20' }), '')
  })

  test('the family does not raise the rounds needed: one metric that stands out reaches 2⁻ⁿ', () => {
    assert.equal(refusal({ 'min-rounds': '5', 'max-rounds': '5', thresholds: 'p99 gate\nmax gate' }), '')
  })

  test('what cannot block on significance anyway is accepted: fail-on without REGRESSION, a gated target, record mode', () => {
    assert.equal(refusal({ 'min-rounds': '3', 'max-rounds': '3', 'fail-on': 'INVALID' }), '')
    assert.equal(refusal({ 'min-rounds': '3', 'max-rounds': '3', thresholds: 'p95 < 2000ms' }), '')
    assert.equal(refusal({ 'min-rounds': '3', 'max-rounds': '3', mode: 'record' }), '')
  })
})
