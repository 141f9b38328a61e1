// The documentation's screenshots, rendered from the data they show: the README's PR comment from
// a real blocked run of the bundled example (docs/images/blocked-run.json.gz: its results and
// its CPU profile), the dashboard of docs/history.md from a generated history of 60 runs with one
// lasting shift. Each image's fingerprint (a hash of what was drawn: the comment's markdown, the
// dashboard's files) is kept in docs/images/fingerprints.json; __tests__/docs-images.test.ts
// fails when the code would now draw something else.
//   npm run docs:images                 (Chromium; writes docs/*.png and the fingerprints)
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { gunzipSync } from 'node:zlib'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serveDashboard } from '../src/cli/dashboard-server'
import { compareResults } from '../src/decide'
import type { ProfileDiff } from '../src/model/profile'
import type { ResultsFile } from '../src/model/types'
import { renderComment } from '../src/report/markdown'
import { builtInDefault } from '../src/settings/input-lookup'
import { parseFailOn } from '../src/settings/values'
import { launchChromium } from '../testkit/chromium'
import { writeHistory } from '../testkit/history'
import { screenshotComment } from '../testkit/screenshot'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const FINGERPRINTS = path.join(root, 'docs/images/fingerprints.json')
const BLOCKED_RUN = path.join(root, 'docs/images/blocked-run.json.gz')

/**
 * The real blocked run the README's comment is rendered from: its trials and CPU profile, with the
 * settings it is decided under, which must be today's defaults (__tests__/docs-images.test.ts).
 */
export async function readBlockedRun(): Promise<{ results: ResultsFile; profile?: ProfileDiff }> {
  return JSON.parse(gunzipSync(await readFile(BLOCKED_RUN)).toString('utf8')) as {
    results: ResultsFile
    profile?: ProfileDiff
  }
}

/** The PR comment a real blocked run posts, rendered by today's code from its recorded trials. */
export async function blockedRunComment(): Promise<string> {
  const recorded = await readBlockedRun()
  const comparison = compareResults(recorded.results, {
    failOn: parseFailOn('fail-on', builtInDefault('fail-on')),
  })
  if (recorded.profile) comparison.profile = recorded.profile
  return renderComment(comparison, {})
}

const COMMITS = [
  'Cache item lookups for a minute',
  'Bump the JSON encoder',
  'Validate order quantities',
  'Log slow store calls',
  'Paginate the catalogue',
  'Retry store timeouts once',
]

/** A history as a team's dashboard shows it after a few weeks: 60 runs of main, one lasting shift. */
export async function writeDocsHistory(dir: string): Promise<void> {
  await writeHistory(dir, {
    runs: 60,
    series: ['api GET /items/:id', 'api GET /inventory/:id', 'api POST /orders'],
    message: (i) => (i === 37 ? 'Sign every order with SHA-256' : COMMITS[i % COMMITS.length]!),
    sha: (i) => createHash('sha1').update(`commit ${i}`).digest('hex'),
  })
}

/** A hash of every file under `dir`, by path: what the dashboard is drawn from. */
export async function fingerprintOfDir(dir: string): Promise<string> {
  const hash = createHash('sha256')
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(await readFile(path.join(dir, file)))
      .update('\0')
  return hash.digest('hex')
}

export const fingerprintOf = (text: string) => createHash('sha256').update(text).digest('hex')

/** Both images' fingerprints, as the code draws them now. */
export async function currentFingerprints(): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-docs-history-'))
  try {
    await writeDocsHistory(dir)
    return {
      'docs/pr-comment.png': fingerprintOf(await blockedRunComment()),
      'docs/dashboard.png': await fingerprintOfDir(dir),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function renderDashboard(file: string): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-docs-history-'))
  await writeDocsHistory(dir)
  const { url, server } = await serveDashboard(dir)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(url)
    await page.waitForFunction(
      () => (window as unknown as { __loadgateFirstChart?: number }).__loadgateFirstChart !== undefined,
    )
    await page.screenshot({ path: file })
  } finally {
    await browser.close()
    server.close()
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await screenshotComment(await blockedRunComment(), path.join(root, 'docs/pr-comment.png'))
  await renderDashboard(path.join(root, 'docs/dashboard.png'))
  await writeFile(FINGERPRINTS, `${JSON.stringify(await currentFingerprints(), null, 2)}\n`)
  console.log('wrote docs/pr-comment.png, docs/dashboard.png and docs/images/fingerprints.json')
}
