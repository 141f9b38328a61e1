import { test } from 'node:test'
import assert from 'node:assert/strict'
import { unmatchedGlobs } from '../../src/decide'
import { seriesLabel } from '../../src/model/format'
import { makeResults } from '../../testkit/results-factory'

test('a thresholds or erratic glob that matches no series warns, naming the series that exist', () => {
  const results = makeResults({ rounds: 3, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
  const keys = [...new Set(results.trials.flatMap((t) => t.series.map((s) => s.key)))].sort()
  const search = keys.find((k) => k !== 'all requests')!
  results.settings.thresholds.push(
    { ...results.settings.thresholds[0]!, series: search.split(' ').slice(1).join(' ') },
    { ...results.settings.thresholds[0]!, series: `*${search.split(' ').slice(1).join(' ')}` },
  )
  results.settings.erratic = [
    { series: 'api GET /nowhere', reason: 'a typo' },
    { series: search, reason: 'really erratic' },
  ]
  const lines = unmatchedGlobs(results)
  assert.equal(lines.length, 2, lines.join('\n'))
  assert.match(
    lines[0]!,
    /^Input 'thresholds': '[^*][^']*' matches no measured series, so it applies to nothing; the series are /,
  )
  assert.match(lines[1]!, /^Input 'erratic': 'api GET \/nowhere' matches no measured series/)
  for (const key of keys) assert.ok(lines[1]!.includes(`'${key}'`), `names ${key}`)
  assert.match(lines[0]!, /'\*GET \/search' for any scenario/)
})

test('a series is shown as its key: the name globs match', () => {
  assert.equal(seriesLabel({ key: 'checkout POST /orders' }), 'checkout POST /orders')
})
