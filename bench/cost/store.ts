// History at scale: 10,000 stored runs × 10 series. Prints the size of one run file, the time to
// rebuild the derived files from all run files, the size of the benchmark's chart data (runs.json
// plus one file per series), what the dashboard downloads before its first chart, and the time
// until it draws that chart in headless Chromium.
//   node --import tsx bench/cost/store.ts [runs=10000] [series=10]
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serveDashboard } from '../../src/cli/dashboard-server'
import { rebuildDerived, runFileName, toRunRecord } from '../../src/store'
import { shiftFinder } from '../../src/modes/change-points'
import { makeResults, wobble } from '../../testkit/results-factory'
import { launchChromium } from '../../testkit/chromium'

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
  // Commit subjects of a typical length (≈ 50 characters), all different.
  record.meta.head.message = `Cache item lookups for warehouse ${i} in the order path\n\nDetails.`
  for (const s of record.series) for (const m of Object.values(s.metrics)) m.median *= 1 + wobble(i, 0.05)
  const file = path.join(root, 'data', 'api', 'runs', runFileName(record))
  await mkdir(path.dirname(file), { recursive: true })
  const text = `${JSON.stringify(record)}\n`
  runFileBytes = Math.max(runFileBytes, Buffer.byteLength(text))
  await writeFile(file, text)
}

const started = performance.now()
await rebuildDerived(root, shiftFinder())
const rebuild = (performance.now() - started) / 1000
const benchDir = path.join(root, 'data', 'api')
// Sizes as stored. (Pages serves them gzipped, but the generated history repeats itself far more
// than a real one, so its compressed size would flatter.)
const sizeOf = async (file: string) => (await stat(file)).size
const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0)
const runsSize = await sizeOf(path.join(benchDir, 'runs.json'))
const seriesSizes = await Promise.all(
  (await readdir(path.join(benchDir, 'series'))).map((f) => sizeOf(path.join(benchDir, 'series', f))),
)
const seriesTotal = sum(seriesSizes)
const derivedTotal = sum([runsSize, seriesTotal])

const { url, server } = await serveDashboard(root)
const browser = await launchChromium()
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
const fetchedFirst: string[] = []
let firstDrawn = false
page.on('request', (request) => {
  const at = new URL(request.url()).pathname
  if (at.startsWith('/data/') && !firstDrawn) fetchedFirst.push(decodeURIComponent(at))
})
const navigation = performance.now()
await page.goto(url)
await page.waitForFunction(
  () => (window as unknown as { __loadgateFirstChart?: number }).__loadgateFirstChart !== undefined,
  null,
  { timeout: 60_000 },
)
const firstChart = (performance.now() - navigation) / 1000
firstDrawn = true
const firstChartSize = sum(await Promise.all(fetchedFirst.map((file) => sizeOf(path.join(root, file)))))
await browser.close()
server.close()
await rm(root, { recursive: true, force: true })

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`
process.stdout.write(
  [
    `${runs.toLocaleString('en')} runs × ${seriesCount} series`,
    `largest run file:   ${(runFileBytes / 1024).toFixed(1)} KB (target ≤ 20 KB)`,
    `rebuild derived:    ${rebuild.toFixed(2)} s from ${runs.toLocaleString('en')} run files (target < 5 s)`,
    `chart data:         ${mb(derivedTotal)} for the benchmark: runs.json ${mb(runsSize)}, ` +
      `${seriesSizes.length} series files ${mb(seriesTotal)} (each ≤ ${(Math.max(...seriesSizes) / 1e6).toFixed(2)} MB; target ≤ 5 MB)`,
    `before first chart: ${mb(firstChartSize)} of data downloaded (index, runs, series on screen)`,
    `first chart drawn:  ${firstChart.toFixed(2)} s after navigation, headless Chromium (target ≤ 1.5 s)`,
  ].join('\n') + '\n',
)
