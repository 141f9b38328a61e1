import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { serveDashboard } from '../../src/cli/dashboard-server'
import { launchChromium } from '../../testkit/chromium'
import { writeHistory, type HistoryOptions } from '../../testkit/history'

let browser: Browser
const cleanups: Array<() => Promise<void> | void> = []

before(async () => {
  browser = await launchChromium()
  await mkdir('test-output', { recursive: true })
})

after(async () => {
  await browser?.close()
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function dashboard(options: Omit<HistoryOptions, 'series'>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-axes-'))
  await writeHistory(dir, { series: ['api GET /items/:id'], ...options })
  const served = await serveDashboard(dir)
  cleanups.push(
    () => {
      served.server.close()
    },
    () => rm(dir, { recursive: true, force: true }),
  )
  return served.url
}

async function open(url: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  await page.goto(url)
  await page.waitForFunction(() => {
    const charts = (window as unknown as { __loadgateCharts?: unknown[] }).__loadgateCharts
    return charts !== undefined && charts.length >= 2
  })
  return page
}

interface AxisLabels {
  kind: string
  labels: Array<{ text: string; left: number; right: number }>
}

/** Every x-axis label as drawn: its text and the pixels it covers (uPlot centres it on its tick). */
function xLabels(page: Page): Promise<AxisLabels[]> {
  return page.evaluate(() => {
    interface Axis {
      _splits: number[] | null
      _values: string[] | null
      font: [string, number]
    }
    interface Chart {
      axes: Axis[]
      root: HTMLElement
      ctx: CanvasRenderingContext2D
      valToPos(value: number, scale: string): number
    }
    const charts = (window as unknown as { __loadgateCharts: Chart[] }).__loadgateCharts
    return charts.map((u) => {
      const axis = u.axes[0]!
      u.ctx.font = axis.font[0]
      const labels = (axis._splits ?? []).map((split, i) => {
        const text = String(axis._values?.[i] ?? '')
        const width =
          Math.max(...text.split('\n').map((line) => u.ctx.measureText(line).width)) / devicePixelRatio
        const centre = u.valToPos(split, 'x')
        return { text, left: centre - width / 2, right: centre + width / 2 }
      })
      return { kind: u.root.parentElement?.dataset.kind ?? '', labels }
    })
  })
}

function assertNoOverlap(axes: AxisLabels[], where: string): void {
  for (const { kind, labels } of axes) {
    assert.ok(labels.length >= 2, `${where} ${kind}: ${labels.length} labels`)
    for (let i = 1; i < labels.length; i++) {
      const [a, b] = [labels[i - 1]!, labels[i]!]
      assert.ok(
        a.right + 4 <= b.left,
        `${where} ${kind}: '${a.text}' (to ${a.right.toFixed(0)}px) overlaps '${b.text}' (from ${b.left.toFixed(0)}px)`,
      )
      assert.ok(!a.text.includes('\n'), `${where} ${kind}: one line per label, not '${a.text}'`)
    }
  }
}

describe('dashboard axes in Chromium', () => {
  test('x-axis labels never overlap: runs a minute apart, an hour apart, a day apart; wide and phone screens', async () => {
    for (const [spacingMs, runs] of [
      [40_000, 3],
      [75_000, 12],
      [3_600_000, 60],
      [86_400_000, 90],
    ] as const) {
      const url = await dashboard({ runs, spacingMs })
      for (const width of [1280, 390]) {
        const page = await open(url, width)
        const where = `${runs} runs ${spacingMs / 1000}s apart at ${width}px`
        assertNoOverlap(await xLabels(page), where)
        if (spacingMs === 40_000 && width === 1280)
          await page.screenshot({ path: 'test-output/dashboard-minutes.png' })
        await page.close()
      }
    }
  })

  test('throughput is drawn from zero: a 450–451/s history is not a cliff', async () => {
    const url = await dashboard({ runs: 20, throughput: (i) => (i % 2 ? 451 : 450) })
    const page = await open(url, 1280)
    const scale = await page.evaluate(() => {
      interface Chart {
        scales: Record<string, { min: number | null; max: number | null }>
        root: HTMLElement
      }
      const charts = (window as unknown as { __loadgateCharts: Chart[] }).__loadgateCharts
      const traffic = charts.find((u) => u.root.parentElement?.dataset.kind === 'traffic')!
      return traffic.scales.y!
    })
    assert.equal(scale.min, 0)
    assert.ok(scale.max! >= 451 && scale.max! < 600, `throughput axis 0–${scale.max}`)
    // A 0.2% wobble then spans under 1% of the chart's height.
    assert.ok((451 - 450) / (scale.max! - scale.min!) < 0.01)
    await page.screenshot({ path: 'test-output/dashboard-throughput.png' })
    await page.close()
  })
})
