import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { renderComment } from '../../src/report/markdown'
import { renderHtmlReport } from '../../src/report/html'
import { comparisons } from '../../testkit/comparisons'

describe('the report of a run against deployed targets', () => {
  test('names both addresses as written and says the comparison is only as fair as the environments', () => {
    const comparison = comparisons.noChange()
    comparison.meta.targets = {
      base: 'http://127.0.0.1:32768',
      head: 'https://pr-7.preview.example.com/api',
    }
    assert.match(
      renderComment(comparison, {}),
      /⚠️ Measured against deployed environments: base `http:\/\/127\.0\.0\.1:32768`, head `https:\/\/pr-7\.preview\.example\.com\/api`\. The comparison is only as fair as these two environments are alike/,
    )
    assert.match(
      renderComment(comparison, {}),
      /Each is one instance for the whole run: its own speed is not in the interval, so no gated metric reads no change from it, and one is blocked or improved only beyond δ\/2 \+ 20%: environments whose speeds differ by more than about 10% can cross that alone, so compare the two on the same code first/,
    )
    const html = renderHtmlReport(comparison, {})
    assert.ok(html.includes('<code>http://127.0.0.1:32768</code>'), 'shown as written, not as a broken link')
    assert.doesNotMatch(html, /href="http:\/\/127/)
  })

  test('an address can neither inject a link nor HTML', () => {
    const comparison = comparisons.noChange()
    comparison.meta.targets = { head: 'https://x.example.com/`[a](http://evil)<img src=x>\n# title' }
    const html = renderHtmlReport(comparison, {})
    assert.doesNotMatch(html, /href="http:\/\/evil"|<img|<h1/)
    assert.match(renderComment(comparison, {}), /base –, head `https/)
  })

  test('a run on this runner says nothing of deployed environments', () => {
    assert.doesNotMatch(renderComment(comparisons.noChange(), {}), /deployed environments/)
  })
})
