import { after, before } from 'node:test'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { serveDashboard } from '../src/cli/dashboard-server'
import { launchChromium } from './chromium'
import { writeHistory, type HistoryOptions } from './history'

export interface DashboardUnderTest {
  readonly url: string
  readonly browser: Browser
  /**
   * A page at `url` (and `fragment`), once its first chart is drawn, with the errors it logs; in
   * the suite's viewport and light colours unless told otherwise.
   */
  open(options?: PageOptions): Promise<{ page: Page; errors: string[] }>
}

export interface PageOptions {
  fragment?: string
  colorScheme?: 'light' | 'dark'
}

/** Resolves once the dashboard in `page` has drawn its first chart. */
export async function firstChartDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __loadgateFirstChart?: number }).__loadgateFirstChart !== undefined,
  )
}

/**
 * A suite's dashboard: `history` written to a temporary gh-pages folder and served before the
 * suite's tests, Chromium launched, all of it removed after them; pages open at `viewport`.
 */
export function dashboardUnderTest(
  name: string,
  history: HistoryOptions,
  viewport: { width: number; height: number },
): DashboardUnderTest {
  let dir = ''
  let url = ''
  let close = () => {}
  let browser: Browser | undefined
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), `loadgate-${name}-`))
    await writeHistory(dir, history)
    const served = await serveDashboard(dir)
    url = served.url
    close = () => served.server.close()
    browser = await launchChromium()
    await mkdir('test-output', { recursive: true })
  })
  after(async () => {
    await browser?.close()
    close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  return {
    get url() {
      return url
    },
    get browser() {
      return browser!
    },
    async open({ fragment = '', colorScheme = 'light' }: PageOptions = {}) {
      const page = await browser!.newPage({ viewport, colorScheme })
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
      await page.goto(`${url}${fragment}`)
      await firstChartDrawn(page)
      return { page, errors }
    },
  }
}
