import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { serveDashboard } from '../../src/cli/dashboard-server'
import { rebuildDerived } from '../../src/store'
import { dashboardUnderTest, firstChartDrawn, type PageOptions } from '../../testkit/dashboard-page'
import { shiftFinder } from '../../src/modes/change-points'
import { recordResults } from '../../src/modes/record'
import { git, makeWorkRepo } from '../../testkit/git-repos'
import { makeRecordResults } from '../../testkit/results-factory'
import { settingsFor, exampleBenchmark } from '../../testkit/settings'
import { localRun } from '../store/local-run'
import { benchmarkDataJs } from '../../testkit/benchmark-data'
import { parseBenchmarkData, dataJsJson } from '../../src/store/import/benchmark-data'
import { importedRecord, type ParsedImport } from '../../src/store/import/imported-run'
import { parseK6Summary } from '../../src/store/import/k6-summary'
import { importRuns } from '../../src/store/import/write-imported'
import { readFileSync } from 'node:fs'

const dashboard = dashboardUnderTest(
  'dash',
  {
    runs: 60,
    series: ['api GET /items/:id', 'api POST /orders', 'api GET /a<b>'],
    benchmarks: ['api', 'other'],
    message: (i) =>
      i === 10 ? '<script>window.__pwned=1</script> & <img src=x onerror=window.__pwned=2>' : `change ${i}`,
  },
  { width: 1280, height: 900 },
)
const open = (fragment = '', colorScheme: PageOptions['colorScheme'] = 'light') =>
  dashboard.open({ fragment, colorScheme })

/** Non-transparent pixels drawn in the first canvas of a chart container. */
function paintedPixels(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const canvas = document.querySelector(`${sel} canvas`) as HTMLCanvasElement | null
    if (!canvas) return 0
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
    let painted = 0
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++
    return painted
  }, selector)
}

describe('dashboard in Chromium', () => {
  test('charts render, filters work, untrusted text stays text', async () => {
    const { page, errors } = await open()
    const first = '.card:first-child .chart[data-kind="latency"]'
    assert.ok((await paintedPixels(page, first)) > 1000, 'the latency chart has content')
    assert.equal(await page.getAttribute(first, 'data-points'), '60')

    await page.selectOption('#branch', 'release')
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-points') === '12',
      first,
    )
    await page.selectOption('#branch', '')
    await page.fill('#to', '2026-01-01')
    await page.dispatchEvent('#to', 'change')
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-points') === '24',
      first,
    )
    await page.fill('#to', '')
    await page.dispatchEvent('#to', 'change')

    const titles = await page.$$eval('.card h2', (nodes) => nodes.map((n) => n.textContent))
    assert.ok(titles.includes('api GET /a<b>'), `series names are shown literally: ${titles.join(', ')}`)
    // Hover the run whose commit message is a script: shown as text, never executed.
    const box = (await page.locator(`${first} .u-over`).boundingBox())!
    let shown = ''
    for (let x = box.x + 1; x < box.x + box.width && !shown.includes('<script>'); x += 3) {
      await page.mouse.move(x, box.y + box.height / 2)
      shown = (await page.textContent('#tooltip')) ?? ''
    }
    assert.match(shown, /<script>window.__pwned=1<\/script>/)
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined)
    await page.screenshot({ path: 'test-output/dashboard.png', fullPage: false })
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('a fragment opens the benchmark and series it names', async () => {
    const { page } = await open(`#bench=other&series=${encodeURIComponent('api POST /orders')}`)
    assert.equal(await page.getAttribute('nav button[aria-current="true"]', 'data-name'), 'other')
    assert.equal(await page.getAttribute('.card.highlight', 'data-series'), 'api POST /orders')
    assert.ok((await paintedPixels(page, '.card.highlight .chart[data-kind="latency"]')) > 1000)
    await page.close()
  })

  test('change points: a band on the chart, the open shifts listed at the top, the list opening one', async () => {
    // writeHistory steps every series' latency up 25% from run 37 on.
    const { page, errors } = await open('#bench=api')
    // One line per commit the shifts start at, each opening to its shifts.
    await page.locator('#shift-list summary').first().click()
    const items = await page.locator('#shift-list details li').allTextContents()
    const orders = items.find((text) => text.startsWith('p90 of api POST /orders +'))
    assert.ok(orders, items.join('\n'))
    assert.match(orders, /^p90 of api POST \/orders \+2\d%$/)
    assert.ok(
      items.some((text) => text.startsWith('p50 of api GET /a<b> +')),
      'names stay text',
    )
    assert.equal(await page.locator('#shift-list b').count(), 0)

    await page.locator('#shift-list a', { hasText: 'p90 of api POST /orders' }).click()
    const fragment = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1))
    assert.equal(fragment.get('series'), 'api POST /orders')
    assert.match(fragment.get('shift') ?? '', /^[0-9a-f]{12}$/)
    const card = '.card.highlight .chart[data-kind="latency"]'
    assert.equal(await page.getAttribute('.card.highlight', 'data-series'), 'api POST /orders')
    await page.waitForSelector(`${card} canvas`)
    assert.equal(
      await page.getAttribute(card, 'data-bands'),
      '2',
      'p50 and p90 (the gated tail) moved at the same run',
    )
    // The band is shaded across the plot's height between the two runs around the change.
    const shaded = await page.evaluate(() => {
      const charts = (window as unknown as { __loadgateCharts: Array<any> }).__loadgateCharts // eslint-disable-line @typescript-eslint/no-explicit-any
      const chart = charts.find(
        (c) => c.root.closest('.card.highlight') && c.root.closest('[data-kind="latency"]'),
      )
      const file = chart.data[0] as number[]
      const index = file.findIndex(
        (_: number, i: number) => i > 0 && chart.data[5][i] / chart.data[5][i - 1] > 1.15,
      )
      const x = Math.round(
        (chart.valToPos(file[index - 1], 'x', true) + chart.valToPos(file[index], 'x', true)) / 2,
      )
      const y = Math.round(chart.bbox.top + chart.bbox.height - 4)
      const pixel = chart.ctx.getImageData(x, y, 1, 1).data
      return Array.from(pixel) as number[]
    })
    assert.ok(shaded[3]! > 0, `band pixel ${shaded.join(',')}`)
    await page.screenshot({ path: 'test-output/dashboard-shifts.png' })
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('a deep link to a shift opens its series', async () => {
    const { page } = await open(`#bench=api&series=${encodeURIComponent('api GET /items/:id')}&shift=abc`)
    assert.equal(await page.getAttribute('.card.highlight', 'data-series'), 'api GET /items/:id')
    assert.equal(await page.isVisible('#shifts'), true)
    await page.close()
  })

  test('only the series on screen are fetched; the rest as they scroll into view', async () => {
    const page = await dashboard.browser.newPage({ viewport: { width: 1280, height: 400 } })
    const fetched = new Set<string>()
    page.on('request', (request) => {
      if (request.url().includes('/series/')) fetched.add(request.url())
    })
    await page.goto(dashboard.url)
    await firstChartDrawn(page)
    const cards = await page.locator('.card').count()
    assert.ok(
      fetched.size >= 1 && fetched.size < cards,
      `${fetched.size} of ${cards} series fetched at first`,
    )
    await page.locator('.card').last().scrollIntoViewIfNeeded()
    await page.waitForFunction(() => document.querySelector('.card:last-child canvas') !== null)
    assert.equal(fetched.size, cards, 'every series fetched once scrolled to')
    await page.close()
  })

  test('a history written by run-file schema version 1 is charted', async () => {
    const v1 = await mkdtemp(path.join(os.tmpdir(), 'loadgate-dash-v1-'))
    await cp(path.resolve('__tests__/__fixtures__/history-v1'), v1, { recursive: true })
    await rebuildDerived(v1, shiftFinder())
    const served = await serveDashboard(v1)
    const page = await dashboard.browser.newPage({ viewport: { width: 1280, height: 900 } })
    try {
      await page.goto(served.url)
      await firstChartDrawn(page)
      const chart = '.card .chart[data-kind="latency"]'
      assert.equal(await page.getAttribute(chart, 'data-points'), '3', 'all three version-1 runs')
      assert.ok((await paintedPixels(page, chart)) > 100, 'the chart has content')
    } finally {
      await page.close()
      served.server.close()
      await rm(v1, { recursive: true, force: true })
    }
  })

  test('dark mode and a phone-sized screen', async () => {
    const { page } = await open('', 'dark')
    await page.setViewportSize({ width: 390, height: 844 })
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    assert.equal(background, 'rgb(13, 17, 23)')
    await page.screenshot({ path: 'test-output/dashboard-dark-phone.png' })
    await page.close()
  })
})

describe('imported history in Chromium', () => {
  test('a k6 summary and 50 runs of data.js: drawn beside the measured runs, marked and labelled imported', async () => {
    const work = await makeWorkRepo({ prefix: 'loadgate-dash-import-' })
    let server: { close: () => void } | null = null
    try {
      const settings = {
        ...settingsFor(process.cwd(), { mode: 'record' }),
        workspace: work.dir,
        workDir: work.root,
      }
      for (let i = 0; i < 3; i++)
        await recordResults(localRun(settings), exampleBenchmark(), {
          results: makeRecordResults(i, { p50: 10 }),
          resultsPath: path.join(work.root, 'api', 'results.json'),
          calibration: null,
        })
      const text = benchmarkDataJs({
        entries: 50,
        benches: (i) => [
          { name: 'GET /items p90', value: 12 + (i % 5), unit: 'ms' },
          { name: 'GET /items throughput', value: 400 + i, unit: 'req/s' },
          { name: 'GET /a<b> p50', value: 3, unit: 'ms' },
          { name: 'BenchmarkOrders', value: 21_000_000 + i * 1000, unit: 'ns/op' },
        ],
      })
      const summary = JSON.parse(
        readFileSync('__tests__/__fixtures__/k6-summary/summary-export.json', 'utf8'),
      )
      const commit = { sha: work.sha, message: 'first', author: 'dev', timestamp: '2026-01-15T10:00:00Z' }
      const imports: Array<[ParsedImport, string]> = [
        [parseBenchmarkData('data.js', JSON.parse(dataJsJson(text)!)), 'data.js'],
        [parseK6Summary('summary.json', summary, commit, '2026-01-15T10:00:00.000Z'), 'summary.json'],
      ]
      for (const [parsed, file] of imports) {
        const source = { from: parsed.from, file, importedAt: '2026-06-01T00:00:00Z' }
        const outcome = await importRuns({
          workspace: work.dir,
          branch: 'gh-pages',
          dataDir: 'loadgate',
          records: parsed.runs.map((run) => importedRecord(run, source, 'api', 'main')),
          findShifts: shiftFinder(),
        })
        assert.equal(outcome.pushed, true, outcome.error)
      }
      const pages = path.join(work.root, 'pages')
      git(work.root, 'clone', '-q', '-b', 'gh-pages', work.origin, pages)
      const served = await serveDashboard(pages)
      server = served.server
      const page = await dashboard.browser.newPage({ viewport: { width: 1280, height: 900 } })
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(`${served.url}loadgate/#bench=api&series=${encodeURIComponent('GET /items')}`)
      await firstChartDrawn(page)
      const items = '.card.highlight .chart[data-kind="latency"]'
      assert.equal(await page.getAttribute(items, 'data-points'), '54', '3 measured, 50 + 1 imported')
      assert.equal(await page.getAttribute(items, 'data-imported'), '51')
      assert.ok((await paintedPixels(page, items)) > 1000, 'the imported p90s are drawn')
      const legend = await page
        .locator('.card.highlight .legend[data-kind="latency"] button')
        .allTextContents()
      assert.ok(legend.includes('imported'), legend.join(', '))
      // The tooltip of an imported run says where it came from.
      const box = (await page.locator(`${items} .u-over`).boundingBox())!
      let shown = ''
      // The oldest runs are data.js's (2025), the newest the k6 summary's.
      for (let x = box.x + 2; x < box.x + box.width && !shown.includes('(data.js)'); x += 4) {
        await page.mouse.move(x, box.y + box.height / 2)
        shown = (await page.textContent('#tooltip')) ?? ''
      }
      assert.match(shown, /imported from github-action-benchmark \(data\.js\): drawn, never a baseline/)
      await page.screenshot({ path: 'test-output/dashboard-imported.png' })
      // Each imported run has a marker, in every chart: a mean-only Go benchmark too.
      const markers = await page.evaluate(() => {
        const charts = (window as unknown as { __loadgateCharts: Array<any> }).__loadgateCharts // eslint-disable-line @typescript-eslint/no-explicit-any
        return charts.map((c) => ({
          key: c.root.closest('.card').dataset.series as string,
          kind: c.root.closest('.chart').dataset.kind as string,
          marked: (c.data.at(-1) as Array<number | null>).filter((v) => v !== null).length,
        }))
      })
      const marked = (key: string, kind: string) =>
        markers.find((m) => m.key === key && m.kind === kind)?.marked
      assert.equal(marked('GET /items', 'latency'), 50)
      assert.equal(marked('GET /items', 'traffic'), 50)
      await page.locator('.card[data-series="BenchmarkOrders"]').scrollIntoViewIfNeeded()
      await page.waitForSelector('.card[data-series="BenchmarkOrders"] .chart[data-kind="latency"] canvas')
      const orders = await page.evaluate(() => {
        const charts = (window as unknown as { __loadgateCharts: Array<any> }).__loadgateCharts // eslint-disable-line @typescript-eslint/no-explicit-any
        const chart = charts.find((c) => c.root.closest('.card').dataset.series === 'BenchmarkOrders')
        return (chart.data.at(-1) as Array<number | null>).filter((v) => v !== null)
      })
      assert.equal(orders.length, 50)
      assert.equal(orders[0], 21, 'ns/op drawn in ms')
      const titles = await page.$$eval('.card h2', (nodes) => nodes.map((n) => n.textContent))
      assert.ok(titles.includes('GET /a<b>'), 'an imported name is shown as text')
      assert.deepEqual(errors, [])
      await page.close()
    } finally {
      server?.close()
      await work.cleanup()
    }
  })
})

describe('the badge in Chromium', () => {
  test('record writes it to gh-pages; served as Pages would, an <img> shows it and it says the state', async () => {
    const work = await makeWorkRepo({ prefix: 'loadgate-badge-' })
    let server: { close: () => void } | null = null
    try {
      const settings = {
        ...settingsFor(process.cwd(), { mode: 'record' }),
        workspace: work.dir,
        workDir: work.root,
      }
      const record = (index: number, errorRate: number) =>
        recordResults(localRun(settings), exampleBenchmark(), {
          results: makeRecordResults(index, { p50: 10, errorRate }),
          resultsPath: path.join(work.root, 'api', 'results.json'),
          calibration: null,
        })
      await record(0, 0)
      const pages = path.join(work.root, 'pages')
      git(work.root, 'clone', '-q', '-b', 'gh-pages', work.origin, pages)
      const served = await serveDashboard(pages)
      server = served.server
      const badge = `${served.url}loadgate/badges/api.svg`
      const page = await dashboard.browser.newPage()
      // A README embeds it as an image from Pages.
      await page.setContent(`<img id="badge" src="${badge}">`)
      await page.waitForFunction(() => (document.getElementById('badge') as HTMLImageElement).complete)
      const size = await page.evaluate(() => {
        const img = document.getElementById('badge') as HTMLImageElement
        return { width: img.naturalWidth, height: img.naturalHeight }
      })
      assert.ok(size.width >= 90 && size.height === 20, JSON.stringify(size))
      const says = async () => {
        const response = await page.goto(badge)
        assert.equal(response?.headers()['content-type'], 'image/svg+xml')
        // The texts people see (each is drawn twice more as its shadow, hidden from screen readers).
        return page.evaluate(() =>
          Array.from(document.querySelectorAll('text'))
            .filter((t) => !t.closest('[aria-hidden="true"]'))
            .map((t) => t.textContent)
            .join(' '),
        )
      }
      assert.equal(await says(), 'loadgate api ok')

      await record(1, 0.05)
      git(pages, 'pull', '-q', 'origin', 'gh-pages')
      assert.equal(await says(), 'loadgate api failing')
      await page.close()
    } finally {
      server?.close()
      await work.cleanup()
    }
  })
})
