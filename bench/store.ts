// History at scale: 10,000 stored runs × 10 series. Prints the size of one run file, the time to
// rebuild the derived files from all run files, the size of series.json, and the time until the
// dashboard draws its first chart in headless Chromium.
//   node --import tsx bench/store.ts [runs=10000] [series=10]
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serveDashboard } from '../src/dashboard-server'
import { rebuildDerived, runFileName, toRunRecord } from '../src/store'
import { makeResults, wobble } from '../__tests__/helpers/results-factory'
import { launchChromium } from '../__tests__/helpers/chromium'

const runs = Number(process.argv[2] ?? 10_000)
const seriesCount = Number(process.argv[3] ?? 10)
const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-bench-store-'))
const series = Array.from({ length: seriesCount }, (_, i) => `api GET /endpoint/${i}`)

// One realistic record (10 trials of the head arm), then 10,000 variations of its numbers.
const template = toRunRecord(
  makeResults({
    rounds: 10,
    series,
    base: () => ({ p50: 5 }),
    head: (r, s) => ({ p50: 5 + s.length / 10, spread: 2 + wobble(r, 0.5) }),
  }),
  null,
  'main',
)
let runFileBytes = 0
for (let i = 0; i < runs; i++) {
  const record = structuredClone(template)
  record.meta.runId = String(100000 + i)
  record.meta.startedAt = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString()
  record.meta.head.sha = i.toString(16).padStart(40, '0')
  for (const s of record.series) for (const m of Object.values(s.metrics)) m.median *= 1 + wobble(i, 0.05)
  const file = path.join(root, 'data', 'api', 'runs', runFileName(record))
  await mkdir(path.dirname(file), { recursive: true })
  const text = `${JSON.stringify(record)}\n`
  runFileBytes = Math.max(runFileBytes, Buffer.byteLength(text))
  await writeFile(file, text)
}

const started = performance.now()
await rebuildDerived(root)
const rebuild = (performance.now() - started) / 1000
const seriesBytes = (await stat(path.join(root, 'data', 'api', 'series.json'))).size

const { url, server } = await serveDashboard(root)
const browser = await launchChromium()
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
const navigation = performance.now()
await page.goto(url)
await page.waitForFunction(
  () => (window as unknown as { __loadgateFirstChart?: number }).__loadgateFirstChart !== undefined,
  null,
  { timeout: 60_000 },
)
const firstChart = (performance.now() - navigation) / 1000
await browser.close()
server.close()
await rm(root, { recursive: true, force: true })

process.stdout.write(
  [
    `${runs.toLocaleString('en')} runs × ${seriesCount} series`,
    `largest run file:   ${(runFileBytes / 1024).toFixed(1)} KB (target ≤ 20 KB)`,
    `rebuild derived:    ${rebuild.toFixed(2)} s from ${runs.toLocaleString('en')} run files (target < 5 s)`,
    `series.json:        ${(seriesBytes / 1e6).toFixed(2)} MB (target ≤ 5 MB)`,
    `first chart drawn:  ${firstChart.toFixed(2)} s after navigation, headless Chromium (target ≤ 1.5 s)`,
  ].join('\n') + '\n',
)
