import { test } from 'node:test'
import assert from 'node:assert/strict'
import { renderBadge } from '../../src/report/badge'

test("a badge's text is escaped for XML", () => {
  const svg = renderBadge('a<b>&"c', 'shifted')
  assert.equal(svg.includes('a<b>'), false)
  assert.ok(svg.includes('>loadgate a&lt;b&gt;&amp;&quot;c</text>'), svg)
  assert.match(svg, /aria-label="loadgate a&lt;b&gt;&amp;&quot;c: shifted"/)
})
