import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { renderComment, renderSummary } from '../../src/report/markdown'
import { renderTerminal } from '../../src/report/terminal'
import { comparisons } from '../../testkit/comparisons'

describe('the pull request that adopts loadgate', () => {
  test('a head measured alone is NO_BASE: it passes whatever fail-on names, and never reads as an approval', () => {
    const c = comparisons.noBase()
    assert.equal(c.verdict, 'NO_BASE')
    assert.equal(c.kind, 'head-only')
    assert.equal(c.blocking, false, 'fail-on names INCONCLUSIVE and REGRESSION, yet a first contact passes')
    assert.match(
      c.headline,
      /^Not compared — no base to compare with: the head was measured alone \(3 rounds\)$/,
    )
    for (const text of [renderComment(c, {}), renderSummary(c, {})]) {
      assert.doesNotMatch(text, /Approved|Blocked|no change/)
      assert.match(text, /^(<!--.*-->\n)?### ℹ️ loadgate · api — Not compared — no base to compare with/)
      assert.match(text, /\nHead measured alone in this job, 3 rounds · head `[0-9a-f]{7}`/)
      assert.match(text, /\*\*No base to compare with\.\*\* The head was measured alone/)
      // Its figures and targets (3 trials cannot show a target missed beyond doubt: ❔); untrusted text escaped.
      assert.match(text, /\| api POST \/orders \| p50 \| (29\.\d|30\.\d) ms \| ❔ &lt; 20ms \|/)
      assert.match(text, /\| api GET \/items\/:id \| p50 \| (9\.\d\d|10\.\d) ms \| – \|/)
      assert.match(text, /build failed: \\`api\\` &lt;no main\\\.go&gt;/)
      assert.match(
        text,
        /could not run this pull request's: borrowed `compose\/compose\.yaml`, `compose\/api\/Dockerfile`/,
      )
    }
    assert.match(renderTerminal(c, { color: false }), /Not compared — no base to compare with/)
  })

  test('a base measured with borrowed files says so in one line, with the files', () => {
    const c = comparisons.noChange()
    c.meta.borrowedHarness = ['compose/compose.yaml', 'compose/`x`.yaml']
    const body = renderComment(c, {})
    const lines = body.split('\n').filter((l) => l.includes('no benchmark harness'))
    assert.equal(lines.length, 1)
    assert.match(
      lines[0]!,
      /^ℹ️ The base commit has no benchmark harness: it was measured with this pull request's .*: borrowed `compose\/compose\.yaml`, `compose\/x\.yaml`\. .*noise floor\.$/,
    )
    assert.doesNotMatch(renderComment(comparisons.noChange(), {}), /no benchmark harness/)
  })
})
