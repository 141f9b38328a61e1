import { compareHeadAlone, compareResults } from '../src/decide'
import type { Comparison } from '../src/model/types'
import { parseThresholdLines } from '../src/settings/thresholds'
import { makeResults, wobble, type ArmShape } from './results-factory'

const SERIES = ['api GET /items/:id', 'api POST /orders', 'api GET /inventory/:id']

function comparison(
  rounds: number,
  base: (r: number, s: string) => ArmShape,
  head: (r: number, s: string) => ArmShape,
  thresholds?: string,
): Comparison {
  const results = makeResults({
    rounds,
    series: SERIES,
    base,
    head,
    ...(thresholds ? { thresholds: parseThresholdLines(thresholds, 'thresholds') } : {}),
  })
  results.meta.head = {
    ...results.meta.head,
    message: 'Speed up <script>alert(1)</script> | [click](http://evil)',
  }
  return compareResults(results, { failOn: ['REGRESSION', 'INVALID'] })
}

/** Realistic comparisons for each verdict, computed by the real verdict code from synthetic trials. */
export const comparisons = {
  regression: () =>
    comparison(
      12,
      (r) => ({ p50: 10 * (1 + wobble(r, 0.04, 1)) }),
      (r, s) => ({ p50: (s.includes('orders') ? 12.5 : 10) * (1 + wobble(r, 0.04, 2)) }),
    ),
  noChange: () =>
    comparison(
      12,
      (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
    ),
  improvement: () =>
    comparison(
      12,
      (r) => ({ p50: 10 * (1 + wobble(r, 0.02, 1)) }),
      (r) => ({ p50: 8 * (1 + wobble(r, 0.02, 2)) }),
    ),
  inconclusive: () =>
    comparison(
      8,
      (r) => ({ p50: 10 * (1 + wobble(r, 0.3, 1)) }),
      (r) => ({ p50: 10.4 * (1 + wobble(r, 0.3, 2)) }),
    ),
  /** Every rule informs: the run decides nothing. */
  nothingGated: () =>
    comparison(
      10,
      (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
      'p50 inform; p90 inform; throughput inform; all requests: throughput inform; error_rate inform; all requests: error_rate inform',
    ),
  invalid: () =>
    comparison(
      8,
      () => ({ p50: 10 }),
      () => ({ p50: 4, errorRate: 0.065, statusCode: '503' }),
    ),
  /**
   * The pull request that adopts loadgate, whose base could not run the head's harness: the head
   * measured alone (its trials only), with a target it misses on one series.
   */
  noBase: () => {
    const results = makeResults({
      rounds: 3,
      series: SERIES,
      base: () => ({ p50: 10 }),
      head: (r, s) => ({ p50: (s.includes('orders') ? 30 : 10) * (1 + wobble(r, 0.02, 2)) }),
      thresholds: parseThresholdLines('api POST /orders: p50 +5% < 20ms', 'thresholds'),
    })
    results.trials = results.trials.filter((t) => t.arm === 'head')
    results.meta.base = null
    results.meta.borrowedHarness = ['compose/compose.yaml', 'compose/api/Dockerfile']
    results.meta.baseUnmeasured = 'docker compose build failed: `api` <no main.go>'
    return compareHeadAlone(results, { failOn: ['REGRESSION', 'INVALID', 'INCONCLUSIVE'] })
  },
}
