import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { markdownToHtml, renderHtmlReport } from '../../src/report/html'
import { renderTerminal } from '../../src/report/terminal'
import type { Comparison } from '../../src/model/types'
import { comparisons } from '../../testkit/comparisons'

// What `loadgate report FILE` renders: the file may come from anyone (a fork's artifact).
const HOSTILE = 'x\u001b]0;owned\u0007\u001b[2J\r\n::error::pwned\u009b31m'

function hostileComparison(): Comparison {
  const comparison = comparisons.regression()
  const series = comparison.series[1]!
  series.name = `GET /pay${HOSTILE}`
  series.key = `api GET /pay${HOSTILE}`
  series.metrics[0]!.metric = `custom:latency${HOSTILE}`
  comparison.headline = `Blocked — ${HOSTILE}`
  return comparison
}

// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

describe('terminal and HTML reports of an untrusted comparison', () => {
  test('the terminal table has no control character but its own line breaks, no line begins a workflow command', () => {
    const text = renderTerminal(hostileComparison(), { color: false })
    assert.doesNotMatch(text, CONTROL)
    for (const line of text.split('\n')) assert.doesNotMatch(line, /^::/)
    assert.match(
      text,
      /latencyx\?\]0;owned\?\?\[2J\?\?::error::pwned\?31m/,
      'the label is shown, neutralised',
    )
  })

  test('in colour, the only escape sequences are the renderer’s own colours', () => {
    const text = renderTerminal(hostileComparison(), { color: true })
    // eslint-disable-next-line no-control-regex -- looking for escape sequences is the point
    const foreign = text.replace(/\u001b\[(?:0|1|3[123])m/g, '')
    assert.doesNotMatch(foreign, CONTROL)
  })

  test('the HTML page has no control character', () => {
    const html = renderHtmlReport(hostileComparison(), {})
    assert.doesNotMatch(html, CONTROL)
    assert.doesNotMatch(html, /\u2028|\u2029/)
  })

  test('an undecided mark is a legible amber question mark on the page, not the pale ❔ emoji', () => {
    const html = renderHtmlReport(comparisons.inconclusive(), {})
    assert.ok(!html.includes('❔'), 'no pale emoji is left')
    assert.match(html, /<h3>.*<span class="undecided" role="img" aria-label="undecided">\?<\/span> loadgate/)
    assert.match(html, /span\.undecided\{[^}]*color:#9a6700/)
  })
})

describe('the terminal table of a comparison', () => {
  test('a verdict with several underscores reads as words', () => {
    const comparison = comparisons.inconclusive()
    comparison.verdict = 'LIKELY_OVER_DELTA'
    const first = renderTerminal(comparison, { color: false }).split('\n')[0]!
    assert.match(first, /^LIKELY OVER DELTA: /)
  })
})

describe('the HTML page keeps links to http(s)', () => {
  test('a javascript: link or image that got past the escaping renders as text', () => {
    const html = markdownToHtml(
      '[click me](javascript:alert(1)) ![x](javascript:alert(2)) [ok](https://example.com/a) [top](#top)',
    )
    assert.doesNotMatch(html, /javascript:/, html)
    assert.match(html, /click me x <a href="https:\/\/example\.com\/a">ok<\/a> <a href="#top">top<\/a>/, html)
  })
})
