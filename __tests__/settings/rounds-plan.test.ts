import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { minimumPairs, planReach, smallestGatedFamily } from '../../src/decide/plan'
import { defaultThresholds } from '../../src/settings/thresholds'
import { SettingsError } from '../../src/util/errors'
import { settingsFor } from '../testkit/settings'

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
    assert.equal(minimumPairs(0.05), 6)
    assert.equal(minimumPairs(0.0294), 7)
    assert.equal(minimumPairs(0.0625), 5)
    // Aggregate: throughput and error rate; any endpoint: p50, p95 and error rate.
    assert.equal(smallestGatedFamily(defaultThresholds()), 5)
    const reach = planReach(6, 6, 5)
    assert.equal(reach.smallestP, 0.15625)
    assert.equal(reach.canBlock, false)
    // Raising max-rounds alone adds a look at the two-look α: 9; both at 8 works too.
    assert.equal(reach.workableMaxRounds, 9)
    assert.equal(planReach(8, 8, 5).canBlock, true)
  })

  test('6 rounds fixed: refused in one line naming max-rounds, the reachable p and the rounds that work', () => {
    const message = refusal({ 'min-rounds': '6', 'max-rounds': '6' })
    assert.equal(
      message,
      "Input 'max-rounds' is '6': expected at least 9 with min-rounds 6: 6 rounds reach a Holm-adjusted p of 0.156 at best over the 5 gated metrics of benchmark 'api', above α 0.05, so no regression could ever block (fail-on: INVALID for a run that only measures)",
    )
    assert.ok(!message.includes('\n'))
  })

  test('with an extension the last look has the two-look α: 6–8 rounds are refused, 6–9 accepted', () => {
    assert.match(
      refusal({ 'min-rounds': '6', 'max-rounds': '8' }),
      /expected at least 9 with min-rounds 6: .* above α 0.0294/,
    )
    assert.equal(refusal({ 'min-rounds': '6', 'max-rounds': '9' }), '')
    assert.equal(refusal({ 'min-rounds': '8', 'max-rounds': '8' }), '')
    assert.equal(refusal({ 'min-rounds': '3', 'max-rounds': '20' }), '')
  })

  test('more gated metrics need more rounds (a catch-all gate counts on the aggregate too)', () => {
    assert.match(
      refusal({ 'min-rounds': '8', 'max-rounds': '8', thresholds: 'p99 gate\nmax gate' }),
      /expected at least 10 .* over the 9 gated metrics/,
    )
  })

  test('what cannot block on significance anyway is accepted: fail-on without REGRESSION, a gated target, record mode', () => {
    assert.equal(refusal({ 'min-rounds': '3', 'max-rounds': '3', 'fail-on': 'INVALID' }), '')
    assert.equal(refusal({ 'min-rounds': '3', 'max-rounds': '3', thresholds: 'p95 < 2000ms' }), '')
    assert.equal(refusal({ 'min-rounds': '3', 'max-rounds': '3', mode: 'record' }), '')
  })
})
