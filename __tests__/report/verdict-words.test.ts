import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { renderComment } from '../../src/report/markdown'
import { renderTerminal } from '../../src/report/terminal'
import { makeResults, wobble } from '../../testkit/results-factory'

/**
 * The head about 11% slower everywhere, at a look that has rounds to come. The endpoint's gated p50
 * (δ +12%) is estimated past ¾δ and shown beyond δ/2 on its own, not once corrected for the family: likely over δ.
 * The aggregate's p50 informs with δ +10%, which the same change passes: "worse".
 */
function slowerHead() {
  const results = makeResults({
    rounds: 8,
    series: ['all requests', 'api GET /items/:id'],
    thresholds: [
      {
        metric: 'p50',
        series: 'api GET /items/:id',
        direction: 'lower',
        delta: 0.12,
        absolute: false,
        gate: true,
      },
      {
        metric: 'p90',
        series: 'api GET /items/:id',
        direction: 'lower',
        delta: 0.3,
        absolute: false,
        gate: true,
      },
      {
        metric: 'p95',
        series: 'api GET /items/:id',
        direction: 'lower',
        delta: 0.12,
        absolute: false,
        gate: true,
      },
    ],
    base: (r) => ({ p50: 10 * (1 + wobble(r, 0.1, 1)) }),
    head: (r) => ({ p50: 11.3 * (1 + wobble(r, 0.1, 2)) }),
  })
  return compareResults(results, { failOn: ['REGRESSION', 'INVALID'] }, false)
}

const YELLOW = '\u001b[33m'
const RED = '\u001b[31m'

function row(text: string, metric: string, series?: string): string {
  const lines = text.split('\n')
  const start = series ? lines.findIndex((l) => l.trimStart().startsWith(series)) : 0
  return lines.slice(start).find((l) => new RegExp(`\\s${metric}\\s`).test(` ${l} `))!
}

describe('informational rows use their own words, never the gate’s', () => {
  test('the same numbers: the gated row is likely over δ, the informational one only "higher", never REGRESSED or worse', () => {
    const c = slowerHead()
    const gated = c.series
      .find((s) => s.key === 'api GET /items/:id')!
      .metrics.find((m) => m.metric === 'p50')!
    const info = c.series.find((s) => s.key === 'all requests')!.metrics.find((m) => m.metric === 'p50')!
    assert.equal(gated.gate, true)
    assert.equal(gated.verdict, 'LIKELY_OVER_DELTA')
    assert.equal(info.gate, false)
    const text = renderTerminal(c, { color: false })
    const infoRow = row(text, 'p50\\*')
    assert.match(infoRow, /higher\s*$/)
    assert.doesNotMatch(text, /worse|better/, 'an uncorrected interval judges nothing')
    assert.doesNotMatch(text, /REGRESSED/, 'no gated metric regressed, so the table never says so')
    assert.match(row(text, 'p50', 'api GET /items/:id'), /likely over δ\s*$/)
    assert.match(
      text,
      /\* informs only: "higher" and "lower" are corrected over the informational metrics, never for the gated family, and never block/,
    )
    // The PR comment marks which way it moved, never with the blocking ❌.
    const details = renderComment(c, {}).split('<details>')[1]!
    assert.doesNotMatch(details, /❌/)
    assert.match(details, /p50 \(info\) \|[^\n]*\| ↑ \|/)
  })

  test('an informational metric that moved is not painted; a gated regression is, as a failure', () => {
    const c = slowerHead()
    const text = renderTerminal(c, { color: true })
    assert.match(text, /higher/)
    assert.ok(!text.includes(`${YELLOW}higher`) && !text.includes(`${RED}higher`), 'higher is not painted')
    const blocked = {
      ...c,
      series: c.series.map((s) => ({
        ...s,
        metrics: s.metrics.map((m) => ({ ...m, verdict: 'REGRESSION' as const })),
      })),
    }
    const painted = renderTerminal(blocked, { color: true })
    assert.ok(painted.includes(`${RED}REGRESSED`), 'REGRESSED in red')
    assert.ok(
      !painted.includes(`${YELLOW}higher`) && !painted.includes(`${RED}higher`),
      'higher stays unpainted',
    )
  })
})
