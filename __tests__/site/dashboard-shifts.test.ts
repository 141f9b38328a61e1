import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { dashboardUnderTest } from '../../testkit/dashboard-page'

// "Open shifts" for a service with many endpoints: one change that moved every endpoint is one
// line (its commit, how many shifts in how many series), expandable, and the series search
// filters it like the charts.

const ENDPOINTS = ['GET /items/:id', 'POST /orders', 'GET /search', 'DELETE /orders/:id', 'GET /users']
const SERIES = [
  ...Array.from({ length: 11 }, (_, i) => `api ${ENDPOINTS[i % ENDPOINTS.length]} v${i}`),
  'api GET /<b>bold</b>',
]
const RUNS = 30
/** writeHistory steps every series' latency up from the run after 60% of them. */
const SHIFTED_RUN = Math.floor(RUNS * 0.6) + 1
const HOSTILE_MESSAGE = '<img src=x onerror=window.__pwned=1> speed-up'

const dashboard = dashboardUnderTest(
  'dash-shifts',
  { runs: RUNS, series: SERIES, message: (i) => (i === SHIFTED_RUN ? HOSTILE_MESSAGE : `change ${i}`) },
  { width: 390, height: 844 },
)
const open = () => dashboard.open()

const lines = (page: Page) => page.locator('#shift-list > li').allTextContents()
const shifts = (page: Page) => page.locator('#shift-list details li').allTextContents()

describe('open shifts in Chromium', () => {
  test('24 shifts from one commit are one line, which opens to each of them', async () => {
    const { page, errors } = await open()
    const summaries = await page.locator('#shift-list summary').allTextContents()
    assert.equal(summaries.length, 1, summaries.join('\n'))
    assert.match(summaries[0]!, /^since [0-9a-f]{7} .*speed-up · 24 shifts in 12 series$/)
    assert.ok(summaries[0]!.includes(HOSTILE_MESSAGE), 'the commit message stays text')
    assert.equal(await page.locator('#shift-list img').count(), 0)
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined)
    // Closed, it leaves the first chart on a phone's first screen.
    assert.equal(await page.locator('#shift-list details li').first().isVisible(), false)
    const chartTop = await page
      .locator('.card')
      .first()
      .evaluate((card) => card.getBoundingClientRect().top)
    assert.ok(chartTop < 844 / 2, `the first chart starts at ${chartTop}px`)
    await page.screenshot({ path: 'test-output/dashboard-shift-groups.png' })

    await page.locator('#shift-list summary').click()
    const items = await shifts(page)
    assert.equal(items.length, 24)
    assert.ok(
      items.some((t) => /^p50 of api GET \/<b>bold<\/b> \+2\d%$/.test(t)),
      items.join('\n'),
    )
    assert.equal(await page.locator('#shift-list b').count(), 0, 'series names stay text')
    assert.deepEqual(errors, [])
    await page.close()
  })

  test("a shared link to a shift (the fragment clicking one leaves) opens its commit's line", async () => {
    const { page } = await open()
    const sha = await page.getAttribute('#shift-list details', 'data-sha')
    assert.match(sha ?? '', /^[0-9a-f]{12}$/)
    await page.close()
    const linked = await dashboard.browser.newPage({ viewport: { width: 390, height: 844 } })
    await linked.goto(`${dashboard.url}#bench=api&series=${encodeURIComponent(SERIES[0]!)}&shift=${sha}`)
    await linked.waitForSelector('#shift-list details[open]')
    assert.equal(await linked.locator('#shift-list details li').count(), 24)
    await linked.close()
  })

  test('the series search filters the shifts with the charts, and an open line stays open', async () => {
    const { page } = await open()
    await page.locator('#shift-list summary').click()
    await page.fill('#series-search', 'POST orders')
    await page.waitForFunction(() => document.querySelectorAll('.card').length === 2)
    assert.equal((await lines(page)).length, 1)
    assert.match((await page.locator('#shift-list summary').textContent())!, /· 4 shifts in 2 series$/)
    const items = await shifts(page)
    assert.equal(items.length, 4)
    assert.ok(
      items.every((t) => t.includes(' of api POST /orders v')),
      items.join('\n'),
    )
    assert.equal(await page.locator('#shift-list details li').first().isVisible(), true)

    await page.fill('#series-search', 'nothing-like-this')
    await page.waitForFunction(() => document.querySelectorAll('.card').length === 0)
    assert.equal(await page.isVisible('#shifts'), false, 'no shift of a series the search hides')
    await page.fill('#series-search', '')
    await page.waitForFunction(() => document.querySelectorAll('.card').length === 12)
    assert.match((await page.locator('#shift-list summary').textContent())!, /· 24 shifts in 12 series$/)
    await page.close()
  })
})
