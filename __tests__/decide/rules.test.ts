import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { thresholdsForSeries } from '../../src/decide/rules'
import { resolveThresholds } from '../../src/settings/thresholds'
import { makeResults, wobble } from '../../testkit/results-factory'

// Series keys come from request names in the head's k6 script, or from an uploaded results file.
const HOSTILE = 'api GET /pay\n::notice::ok'

describe('threshold globs', () => {
  test('a line break in a series key does not escape a `*` glob', () => {
    const rules = resolveThresholds([])
    assert.ok(rules.length > 0)
    assert.deepEqual(thresholdsForSeries(HOSTILE, rules), thresholdsForSeries('api GET /pay', rules))
    const [p50] = resolveThresholds([])
    const scoped = [{ ...p50!, series: 'api GET /pay*' }]
    assert.equal(thresholdsForSeries(HOSTILE, scoped).length, 1, 'a trailing `*` spans the break')
    assert.equal(
      thresholdsForSeries(`x\n${'api GET /pay'}`, scoped).length,
      0,
      'the glob anchors the whole key',
    )
  })

  test('attacker: a +30% regression on a request named with a line break is still gated', () => {
    const results = makeResults({
      rounds: 10,
      series: [HOSTILE],
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.09, 1)) }),
      head: (r) => ({ p50: 13 * (1 + wobble(r, 0.09, 2)) }),
    })
    const comparison = compareResults(results, { failOn: ['REGRESSION', 'INVALID'] })
    assert.equal(comparison.verdict, 'REGRESSION')
    assert.equal(comparison.blocking, true)
  })
})
