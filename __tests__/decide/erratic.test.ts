import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { renderSummary } from '../../src/report/markdown'
import { renderTerminal } from '../../src/report/terminal'
import { parseErraticLines } from '../../src/settings/erratic'
import { makeResults, wobble } from '../../testkit/results-factory'

const FAIL_ON = { failOn: ['REGRESSION' as const, 'INVALID' as const] }

/** Two endpoints; `/search` 30% slower on the head, `/items` unchanged. */
function searchSlower(erratic?: Array<{ series: string; reason: string }>) {
  const results = makeResults({
    rounds: 10,
    series: ['api GET /items/:id', 'api GET /search'],
    base: (r, s) => ({ p50: 10 * (1 + wobble(r, 0.02, s.length)) }),
    head: (r, s) => ({ p50: (s.endsWith('/search') ? 13 : 10) * (1 + wobble(r, 0.02, s.length + 1)) }),
  })
  return erratic ? { ...results, settings: { ...results.settings, erratic } } : results
}

describe('erratic series', () => {
  test('the input: one `series-glob: reason` per line; a series name with a colon needs no quoting', () => {
    assert.deepEqual(
      parseErraticLines('*GET /users/:id: shared cache\n# note\n\n*search: flaky index', 'erratic'),
      [
        { series: '*GET /users/:id', reason: 'shared cache' },
        { series: '*search', reason: 'flaky index' },
      ],
    )
    assert.throws(
      () => parseErraticLines('*GET /search', 'erratic'),
      /^SettingsError: Input 'erratic' line 1: '\*GET \/search' — expected 'series-glob: reason'/,
    )
  })

  test('a +30% series marked erratic informs: the run is not blocked, and the report says why', () => {
    const gated = compareResults(searchSlower(), FAIL_ON)
    assert.equal(gated.verdict, 'REGRESSION', 'unmarked, the same data blocks')

    const reason = 'shares an index with the <nightly> import'
    const comparison = compareResults(searchSlower([{ series: '*GET /search', reason }]), FAIL_ON)
    assert.notEqual(comparison.verdict, 'REGRESSION')
    assert.equal(comparison.blocking, false)
    const search = comparison.series.find((s) => s.key === 'api GET /search')!
    assert.equal(search.erratic, reason)
    assert.ok(
      search.metrics.every((m) => !m.gate),
      'every metric of the series informs',
    )
    assert.ok(
      search.metrics.some((m) => m.metric === 'p50' && m.change !== null && m.change > 0.25),
      'and is still measured and shown',
    )
    const items = comparison.series.find((s) => s.key === 'api GET /items/:id')!
    assert.equal(items.erratic, undefined)
    assert.ok(
      items.metrics.some((m) => m.gate),
      'other series still gate',
    )

    const markdown = renderSummary(comparison, {})
    assert.ok(
      markdown.includes(
        'is marked erratic (it informs, never gates): shares an index with the &lt;nightly&gt; import',
      ),
      markdown,
    )
    assert.match(
      renderTerminal(comparison, { color: false }),
      /api GET \/search is marked erratic \(it informs, never gates\): shares an index/,
    )
  })
})
