import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { dashboardUnderTest } from '../../testkit/dashboard-page'

// The dashboard's controls for services with many endpoints and long histories, in Chromium:
// a commit-index x axis, log-scale latency, a series search, legend toggles and a zoom reset.

const SERIES = ['api GET /items/:id', 'api POST /orders', 'api GET /search', 'api DELETE /orders/:id']

interface ChartView {
  kind: string
  /** Whether the chart sits in the page's first card (charts are drawn in the order they load). */
  inFirstCard: boolean
  time: boolean
  distr: number
  xs: number[]
  shown: boolean[]
  min: number
  max: number
}

const dashboard = dashboardUnderTest(
  'dash-controls',
  { runs: 40, series: SERIES, benchmarks: ['api'] },
  { width: 1280, height: 900 },
)
const open = () => dashboard.open()

/** What each drawn chart shows: its x scale, y distribution, x values and which series are on. */
function charts(page: Page): Promise<ChartView[]> {
  return page.evaluate(() => {
    type Chart = {
      root: HTMLElement
      scales: { x: { time: boolean; min: number; max: number }; y: { distr: number } }
      data: number[][]
      series: Array<{ show: boolean }>
    }
    const drawn = (window as unknown as { __loadgateCharts: Chart[] }).__loadgateCharts
    return drawn.map((c) => ({
      kind: c.root.parentElement!.dataset.kind!,
      inFirstCard: c.root.closest('.card') === document.querySelector('.card:first-child'),
      time: c.scales.x.time,
      distr: c.scales.y.distr,
      xs: c.data[0]!,
      shown: c.series.map((s) => s.show),
      min: c.scales.x.min,
      max: c.scales.x.max,
    }))
  })
}

/** The y-axis tick labels of each drawn chart, as uPlot drew them. */
function yLabels(page: Page): Promise<Array<{ kind: string; texts: string[] }>> {
  return page.evaluate(() => {
    type Chart = { root: HTMLElement; axes: Array<{ _values: unknown[] | null }> }
    const drawn = (window as unknown as { __loadgateCharts: Chart[] }).__loadgateCharts
    return drawn.map((c) => ({
      kind: c.root.parentElement!.dataset.kind!,
      texts: (c.axes[1]!._values ?? []).map(String),
    }))
  })
}

const latest = async (page: Page) => (await charts(page)).filter((c) => c.kind === 'latency')[0]!
/** The first card's latency chart: the one a test drags across. */
const firstCardLatency = async (page: Page) =>
  (await charts(page)).find((c) => c.kind === 'latency' && c.inFirstCard)!

describe('dashboard controls in Chromium', () => {
  test('x axis by commit: one step per run, in order; back to time', async () => {
    const { page, errors } = await open()
    assert.equal((await latest(page)).time, true)
    await page.selectOption('#x-axis', 'commit')
    await page.waitForFunction(() => document.querySelector('.chart[data-points]') !== null)
    const chart = await latest(page)
    assert.equal(chart.time, false)
    assert.deepEqual(
      chart.xs,
      Array.from({ length: 40 }, (_, i) => i),
    )
    await page.screenshot({ path: 'test-output/dashboard-by-commit.png' })
    await page.selectOption('#x-axis', 'time')
    await page.waitForFunction(() => document.querySelector('.chart[data-points]') !== null)
    assert.ok((await latest(page)).xs[0]! > 1e9, 'seconds since 1970 again')
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('log-scale latency: a log axis labelled in milliseconds', async () => {
    const { page } = await open()
    assert.equal((await latest(page)).distr, 1)
    await page.check('#log-scale')
    await page.waitForFunction(() => document.querySelector('.chart[data-points]') !== null)
    assert.equal((await latest(page)).distr, 3)
    const traffic = (await charts(page)).find((c) => c.kind === 'traffic')!
    assert.equal(traffic.distr, 1, 'throughput stays linear from zero')
    // uPlot leaves some ticks of a log axis unlabelled: those must be blank, never "null ms".
    const labels = (await yLabels(page)).filter((l) => l.kind === 'latency')
    assert.ok(labels.length > 0)
    for (const { texts } of labels) {
      const shown = texts.filter(Boolean)
      assert.ok(shown.length >= 2, `labels: ${JSON.stringify(texts)}`)
      for (const text of shown) assert.match(text, /^\d+(\.\d{1,2})? ms$/, `labels: ${JSON.stringify(texts)}`)
    }
    await page.screenshot({ path: 'test-output/dashboard-log-scale.png' })
    await page.close()
  })

  test('the series search keeps the series whose name has every word', async () => {
    const { page } = await open()
    assert.equal(await page.locator('.card').count(), SERIES.length)
    await page.fill('#series-search', 'orders')
    await page.waitForFunction(() => document.querySelectorAll('.card').length === 2)
    const titles = await page.locator('.card h2').allTextContents()
    assert.deepEqual(titles.sort(), ['api DELETE /orders/:id', 'api POST /orders'])
    assert.match((await page.textContent('#count')) ?? '', /2 of 4 series/)
    await page.fill('#series-search', 'POST orders')
    await page.waitForFunction(() => document.querySelectorAll('.card').length === 1)
    await page.fill('#series-search', 'nothing-like-this')
    await page.waitForFunction(() => document.querySelectorAll('.card').length === 0)
    assert.match((await page.textContent('#status')) ?? '', /No series matches “nothing-like-this”/)
    await page.close()
  })

  test('a legend entry hides its lines in every chart of its kind, and shows them again', async () => {
    const { page } = await open()
    const p90 = '.card:first-child .legend[data-kind="latency"] button[data-entry="p90"]'
    await page.click(p90)
    assert.equal(await page.getAttribute(p90, 'aria-pressed'), 'false')
    for (const chart of (await charts(page)).filter((c) => c.kind === 'latency'))
      assert.deepEqual(chart.shown.slice(4, 7), [false, false, false], 'p90 and its band')
    const pressed = await page
      .locator('.legend[data-kind="latency"] button[data-entry="p90"]')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-pressed')))
    assert.ok(
      pressed.every((p) => p === 'false'),
      'every latency legend says so',
    )
    // A chart drawn later (scrolled into view) starts with p90 hidden too.
    await page.locator('.card').last().scrollIntoViewIfNeeded()
    await page.waitForFunction(
      () => (window as unknown as { __loadgateCharts: unknown[] }).__loadgateCharts.length > 2,
    )
    for (const chart of (await charts(page)).filter((c) => c.kind === 'latency'))
      assert.equal(chart.shown[5], false)
    await page.click(p90)
    for (const chart of (await charts(page)).filter((c) => c.kind === 'latency'))
      assert.equal(chart.shown[5], true)
    await page.close()
  })

  test('dragging across a chart zooms it; the reset button shows then and restores every run', async () => {
    const { page } = await open()
    assert.equal(await page.isVisible('#reset-zoom'), false)
    // The charts on screen fetch their series and draw after the first one: a drag planned before
    // the page settles can start beside the plot (then the zoom reaches its first run).
    await page.waitForLoadState('networkidle')
    const over = page.locator('.card:first-child .chart[data-kind="latency"] .u-over')
    await over.scrollIntoViewIfNeeded()
    // Charts drawn below this one can still move it: the drag is planned once its place holds.
    let box = (await over.boundingBox())!
    for (let settled = 0; settled < 3;) {
      await page.waitForTimeout(100)
      const now = (await over.boundingBox())!
      settled = now.x === box.x && now.y === box.y && now.width === box.width ? settled + 1 : 0
      box = now
    }
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    await page.waitForSelector('#reset-zoom', { state: 'visible' })
    const zoomed = await firstCardLatency(page)
    assert.ok(zoomed.min > zoomed.xs[0]! && zoomed.max < zoomed.xs.at(-1)!, 'a part of the history')
    await page.click('#reset-zoom')
    const reset = await firstCardLatency(page)
    assert.equal(reset.min, reset.xs[0])
    assert.equal(reset.max, reset.xs.at(-1))
    assert.equal(await page.isVisible('#reset-zoom'), false)
    await page.close()
  })
})
