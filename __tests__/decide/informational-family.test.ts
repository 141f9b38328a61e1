import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { informMoved } from '../../src/model/format'
import { makeResults, wobble } from '../../testkit/results-factory'

describe('informational metrics are corrected over their own family', () => {
  test('thirty unchanged endpoints: no informational arrow, where each tested on its own shows some', () => {
    const keys = Array.from({ length: 30 }, (_, i) => `api GET /e${i}`)
    const c = compareResults(
      makeResults({
        rounds: 20,
        series: keys,
        thresholds: [
          { metric: 'p50', series: '*', direction: 'lower', delta: 0.02, absolute: false, gate: false },
          {
            metric: 'throughput',
            series: '*',
            direction: 'higher',
            delta: 0.05,
            absolute: false,
            gate: true,
          },
        ],
        base: () => ({ p50: 10 }),
        // Unchanged code: each endpoint's rounds vary 5% at random, no shift.
        head: (r, key) => ({ p50: 10 * Math.exp(0.05 * wobble(r, 1.7, 11 + keys.indexOf(key))) }),
      }),
      { failOn: ['REGRESSION'] },
    )
    const arrows = c.series.flatMap((s) => s.metrics).filter((m) => m.metric === 'p50' && informMoved(m))
    assert.equal(arrows.length, 0, arrows.map((m) => `${m.change} [${m.ci?.low}, ${m.ci?.high}]`).join('; '))
  })
})
