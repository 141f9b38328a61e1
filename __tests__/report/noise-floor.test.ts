import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { calibrate, noiseFloorFor } from '../../src/decide/calibration'
import { comparisonSchema } from '../../src/model/comparison'
import type { Calibration } from '../../src/model/calibration'
import { renderCalibrationMarkdown, renderCalibrationText } from '../../src/report/calibration'
import { renderComment } from '../../src/report/markdown'
import { comparisons } from '../../testkit/comparisons'
import { makeResults } from '../../testkit/results-factory'

const SERIES = ['api GET /items/:id', 'api POST /orders', 'api GET /inventory/:id']

/** A/A rounds of the same series as the comparisons: p50 and p95 move 1–3% from round to round. */
function aCalibration(): Calibration {
  const results = makeResults({
    rounds: 8,
    series: SERIES,
    base: () => ({ p50: 10 }),
    head: (round, series) => ({ p50: 10 * (1 + ((round * (series.length % 5)) % 4) * 0.01) }),
  })
  return calibrate(results, 0.05)
}

describe("the PR comment's measured noise floor", () => {
  test('names each gated metric with its widest floor over the series', () => {
    const comparison = comparisons.noChange()
    const calibration = aCalibration()
    const floor = noiseFloorFor(comparison, calibration)
    assert.ok(floor)
    const p50 = floor.metrics.find((m) => m.metric === 'p50')
    const widest = Math.max(...calibration.rows.filter((r) => r.metric === 'p50').map((r) => r.noiseFloor))
    assert.equal(p50?.floor, widest)
    const body = renderComment({ ...comparison, noiseFloor: floor }, {})
    const p90 = floor.metrics.find((m) => m.metric === 'p90')!
    assert.match(
      body,
      new RegExp(
        `This repository's measured noise floor: p50 ±${(widest * 100).toFixed(1)}%, p90 ±${(p90.floor * 100).toFixed(1)}%.*` +
          `\\(A/A calibration of \`bbbbbbb\`, 2026-11-01\\)\\.`,
      ),
    )
    assert.doesNotMatch(renderComment(comparison, {}), /measured noise floor/, 'none stored: no line')
  })

  test('a hostile stored calibration is refused by the schema or shown escaped', () => {
    const comparison = comparisons.noChange()
    const hostile = {
      ...comparison,
      noiseFloor: {
        commit: 'abcdef1',
        measuredAt: '<img src=x onerror=alert(1)>',
        metrics: [{ metric: 'custom:x|y<script>[a](http://evil)', absolute: false, floor: 0.03 }],
      },
    }
    const parsed = comparisonSchema.parse(hostile)
    const body = renderComment(parsed, {})
    const line = body.split('\n').find((l) => l.includes('measured noise floor'))!
    assert.ok(line, body)
    assert.ok(!line.includes('<script>') && !line.includes('<img') && !line.includes('](http'), line)
    assert.match(line, /x\\\|y&lt;script&gt;\\\[a\\\]\\\(http:\/\/evil\\\) ±3\.0%/)
    assert.match(line, /calibration of `abcdef1`\)\./)
    const forged = { ...hostile, noiseFloor: { ...hostile.noiseFloor, commit: '`rm -rf`' } }
    assert.equal(comparisonSchema.safeParse(forged).success, false)
    const infinite = {
      ...hostile,
      noiseFloor: { ...hostile.noiseFloor, metrics: [{ metric: 'p50', absolute: false, floor: null }] },
    }
    assert.equal(comparisonSchema.safeParse(infinite).success, false)
  })

  test('the calibration table: plain text for a terminal, escaped markdown for a summary', () => {
    const calibration = aCalibration()
    calibration.rows[0]!.key = 'api GET /a|b<script>\u001b[31m'
    const text = renderCalibrationText(calibration)
    // Series are named as compare's table names them, the benchmark's name first.
    for (const row of calibration.rows.slice(1)) assert.ok(text.includes(`${row.key} `), row.key)
    assert.match(text, /series\s+metric\s+noise floor\s+detectable\s+δ\s+rounds needed/)
    assert.ok(!text.includes('\u001b'), 'no control characters reach the terminal')
    assert.match(text, /suggestion: (keep )?min-rounds \d+, max-rounds \d+/)
    const capped = { ...calibration, rows: [{ ...calibration.rows[0]!, roundsNeeded: 223 }] }
    capped.suggestion = { ...capped.suggestion, sufficient: false, minRounds: 200, maxRounds: 200 }
    assert.match(
      renderCalibrationText(capped),
      /suggestion: min-rounds 200, max-rounds 200 \(223 rounds are needed, more than a plan may have\)/,
    )
    const markdown = renderCalibrationMarkdown(calibration)
    assert.ok(!markdown.includes('<script>'))
    assert.match(markdown, /GET \/a\\\|b&lt;script&gt;/)
  })
})
