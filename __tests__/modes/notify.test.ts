import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { watchHistory } from '../../src/decide/change-points'
import { createGitHubForge } from '../../src/forge/github/github-forge'
import { readRunContext } from '../../src/forge/github/context'
import { syncShiftIssues } from '../../src/modes/change-points'
import { notify } from '../../src/modes/notify'
import { recordResults } from '../../src/modes/record'
import type { ResultsFile, RunRecord } from '../../src/model/types'
import type { NoticeBody } from '../../src/report/notify'
import { defaultShiftRules } from '../../src/settings/change-points'
import { pushHistory } from '../../testkit/history'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { git, makeOriginAndClone } from '../../testkit/git-repos'
import { makeRecordResults, type ArmShape } from '../../testkit/results-factory'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'
import { recordsOf, stepSeries } from '../../testkit/step-histories'
import { startWebhookReceiver, type ReceiverMode, type WebhookReceiver } from '../../testkit/webhook-receiver'
import { collectingReporter, localRun } from '../store/local-run'

// The webhook against a real receiver on 127.0.0.1: what each event sends, and that a receiver
// that fails or hangs costs one warning and never the recording. Recording is real (a gh-pages
// branch pushed to a bare origin); only the measuring is replaced by results made here.

let repo: Awaited<ReturnType<typeof makeOriginAndClone>>
let workDir: string
const SERIES = 'api POST /orders'
const cleanups: Array<() => Promise<void>> = []

// 20 runs of POST /orders on main: p50 and the tails +18% from run 12 on (a shift no issue was filed for yet).
before(async () => {
  repo = await makeOriginAndClone()
  workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-notify-'))
  await pushHistory(
    repo.workspace,
    recordsOf(stepSeries({ runs: 20, noise: 0.02, steps: [{ at: 12, size: 0.18 }], seed: 2 })),
  )
})
after(async () => {
  for (const cleanup of cleanups) await cleanup()
  await repo.cleanup()
  await rm(workDir, { recursive: true, force: true })
})

async function receiver(mode: ReceiverMode): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(mode)
  cleanups.push(started.close)
  return started
}

async function double(): Promise<GitHubDouble> {
  const started = await startGitHubDouble()
  cleanups.push(started.close)
  return started
}

let runs = 0
/** A record run of main at the shifted level (p95 118 ms, p50 half of it), after every seeded run. */
function measured(head: Partial<ArmShape> = {}): ResultsFile {
  // p95 = p50 · (1 + (spread − 1) · 0.7) in the factory: twice p50, as the seeded runs have it.
  return makeRecordResults(runs++, { p50: 59, spread: 1 + 1 / 0.7, ...head }, SERIES)
}

/** Long enough for a busy machine to answer; a hanging receiver is given a second a try. */
const TIMEOUT_MS: Record<ReceiverMode, number> = { ok: 5000, fail: 5000, hang: 1000 }

async function record(results: ResultsFile, hook: WebhookReceiver, api: GitHubDouble) {
  const settings = {
    ...settingsFor(process.cwd(), { mode: 'record', 'change-points': 'issue' }),
    workspace: repo.workspace,
    workDir,
    notify: { webhook: hook.url, cc: [], timeoutMs: TIMEOUT_MS[hook.mode] },
  }
  const env = { GITHUB_REPOSITORY: 'acme/shop', GITHUB_API_URL: api.url, GITHUB_EVENT_PATH: '' }
  const context = { ...localRun(settings).context, ...readRunContext(env), branch: 'main' }
  const run = {
    settings,
    context,
    reporter: collectingReporter(),
    forge: createGitHubForge(context, 'ghs_x'),
  }
  const started = Date.now()
  const outcome = await recordResults(run, exampleBenchmark(), {
    results,
    resultsPath: path.join(workDir, 'api', 'results.json'),
    calibration: null,
  })
  const lines = [...run.reporter.infos, ...run.reporter.warnings]
  for (const line of lines) assert.equal(line.includes(hook.secret), false, `the URL is in: ${line}`)
  assert.deepEqual(api.violations, [])
  return { outcome, reporter: run.reporter, seconds: (Date.now() - started) / 1000 }
}

function pagesFile(file: string): string {
  return git(repo.origin, 'show', `gh-pages:loadgate/${file}`)
}

describe('notify-webhook', () => {
  test('a recording that opens a shift issue sends its message: Slack text and blocks, generic fields', async () => {
    const hook = await receiver('ok')
    const api = await double()
    const { outcome, reporter } = await record(measured(), hook, api)
    assert.equal(outcome.blocking, false)
    assert.deepEqual(reporter.warnings, [])
    assert.equal(api.state.issues.length, 1, api.state.issues.map((i) => i.title).join('\n'))
    assert.equal(hook.bodies.length, 1)
    const body = hook.bodies[0] as NoticeBody
    assert.match(
      body.text,
      /^loadgate: api shifted on the default branch: p(50|90) of api POST \/orders \+1\d% since /,
    )
    assert.equal(body.blocks.length, 2)
    const section = JSON.stringify(body.blocks[0])
    assert.match(section, /"type":"mrkdwn"/)
    assert.match(
      section,
      /<https?:\/\/[^|>]+\/acme\/shop\/issues\/1\|loadgate: api shifted/,
      'links the issue',
    )
    assert.match(section, /p90 \+1\d% worse: [\d.]+ ms \([\d.]+ ms – [\d.]+ ms\) → [\d.]+ ms/)
    const fields = body.loadgate
    assert.equal(fields.event, 'shift-opened')
    assert.equal(fields.benchmark, 'api')
    assert.equal(fields.series, SERIES)
    assert.deepEqual(fields.changes.map((c) => c.metric).sort(), ['p50', 'p90'])
    assert.ok(fields.changes.every((c) => c.worse && c.change > 0.1 && c.before.low !== null))
    assert.deepEqual(fields.commits, {
      from: (12).toString(16).padStart(40, 'b'),
      to: (13).toString(16).padStart(40, 'b'),
    })
    assert.match(fields.links.compare ?? '', /^https:\/\/github\.com\/acme\/shop\/compare\/b+c\.\.\.b+d$/)
    assert.match(fields.links.dashboard ?? '', /^https:\/\/acme\.github\.io\/shop\/loadgate\/#bench=api/)
    // The seeded history already had the shift: the badge says it stands.
    assert.match(pagesFile('badges/api.svg'), /<title>loadgate api: shifted<\/title>/)
  })

  for (const mode of ['fail', 'hang'] as const)
    test(`a receiver that ${mode === 'fail' ? 'answers 500' : 'hangs'} leaves the recording green with one warning`, async () => {
      const hook = await receiver(mode)
      const { outcome, reporter, seconds } = await record(measured(), hook, await double())
      assert.equal(outcome.blocking, false)
      assert.equal(outcome.verdict, null)
      assert.equal(hook.bodies.length, 2, 'tried, then tried once more')
      assert.equal(reporter.warnings.length, 1, reporter.warnings.join('\n'))
      assert.match(
        reporter.warnings[0]!,
        mode === 'fail'
          ? /^notify-webhook: could not tell the webhook about the new shift of api \(HTTP 500, twice\); the run goes on$/
          : /^notify-webhook: could not tell the webhook about the new shift of api \(no answer within 1 s, twice\); the run goes on$/,
      )
      assert.ok(seconds < 10, `${seconds} s`)
    })

  test('a blocked run of the default branch is sent; the badge says failing', async () => {
    const hook = await receiver('ok')
    const { outcome, reporter } = await record(measured({ errorRate: 0.05 }), hook, await double())
    assert.equal(outcome.verdict, 'INVALID')
    assert.equal(outcome.blocking, true)
    assert.deepEqual(reporter.warnings, [])
    assert.equal(hook.bodies.length, 1)
    const body = hook.bodies[0] as NoticeBody
    assert.match(body.text, /^loadgate: the run of api at ccccccc on the default branch is blocked$/)
    assert.equal(body.loadgate.event, 'run-blocked')
    assert.deepEqual(body.loadgate.commits, { from: null, to: 'c'.repeat(38) + 'c3' })
    assert.match(body.loadgate.detail, /^head returned 5\.0% errors .*above the 1\.0% limit$/)
    assert.equal(body.loadgate.links.run, 'https://github.com/acme/shop/actions/runs/2003')
    // The badge changed in the commit of the run it describes.
    assert.match(pagesFile('badges/api.svg'), /<title>loadgate api: failing<\/title>/)
    const tip = git(repo.origin, 'diff-tree', '--no-commit-id', '--name-only', '-r', 'gh-pages')
    assert.match(tip, /^loadgate\/badges\/api\.svg$/m)
    assert.match(tip, /^loadgate\/data\/api\/runs\/2026\/02\/.*-ccccccc-2003\.json$/m)
  })

  test('a receiver that is down: one warning, and the URL is in no line', async () => {
    const hook = await receiver('ok')
    await hook.close()
    const reporter = collectingReporter()
    const settings = { notify: { webhook: hook.url, cc: [], timeoutMs: 5000 } }
    await notify(
      { settings, reporter },
      { event: 'run-blocked', benchmark: 'api', sha: 'c'.repeat(40), detail: '', runUrl: '', dashboard: '' },
    )
    assert.equal(reporter.warnings.length, 1)
    assert.match(reporter.warnings[0]!, /\(ECONNREFUSED, twice\)/)
    assert.equal(reporter.warnings[0]!.includes(hook.secret), false)
    assert.equal(reporter.warnings[0]!.includes('127.0.0.1'), false)
  })
})

describe('notify-webhook: shift issues closed', () => {
  const shaOf = (i: number) => (i + 1).toString(16).padStart(40, 'b')
  function history(runs: number, revertAt?: number): RunRecord[] {
    const steps = [{ at: 20, size: 0.18 }, ...(revertAt ? [{ at: revertAt, size: 1 / 1.18 - 1 }] : [])]
    return recordsOf(stepSeries({ runs, noise: 0.02, steps, seed: 8 }))
  }

  async function syncer(hook: WebhookReceiver) {
    const api = await double()
    const context = readRunContext({
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_API_URL: api.url,
      GITHUB_EVENT_PATH: '',
    })
    const forge = createGitHubForge(context, 'ghs_x')
    const reporter = collectingReporter()
    const settings = { notify: { webhook: hook.url, cc: [], timeoutMs: 5000 } }
    const sync = (records: RunRecord[]) =>
      syncShiftIssues({
        forge,
        benchmark: 'api',
        minChange: 0.05,
        shifts: watchHistory({ records, branch: 'main', rules: defaultShiftRules() }),
        links: () => ({ serverUrl: 'https://github.com', repository: 'acme/shop', dashboard: '' }),
        notify: (notice) => notify({ settings, reporter }, notice),
      })
    return { api, sync, reporter }
  }

  test('reverted: the reverting change, its commit range and the closed issue', async () => {
    const hook = await receiver('ok')
    const { api, sync, reporter } = await syncer(hook)
    await sync(history(30))
    await sync(history(50, 40))
    assert.equal(api.state.issues[0]!.state, 'closed')
    assert.deepEqual(reporter.warnings, [])
    assert.deepEqual(
      hook.bodies.map((b) => (b as NoticeBody).loadgate.event),
      ['shift-opened', 'shift-closed'],
    )
    const closed = hook.bodies[1] as NoticeBody
    assert.equal(closed.loadgate.reason, 'reverted')
    assert.match(closed.text, /^loadgate: a shift of api api POST \/orders was reverted$/)
    assert.equal(closed.loadgate.commits.to, shaOf(40))
    assert.ok(closed.loadgate.changes.every((c) => c.change < 0 && !c.worse))
    assert.match(closed.loadgate.links.issue ?? '', /\/acme\/shop\/issues\/1$/)
  })

  test('accepted: who accepted it and why, their text escaped for Slack', async () => {
    const hook = await receiver('ok')
    const { api, sync } = await syncer(hook)
    await sync(history(30))
    const accepted = {
      by: 'maintainer',
      at: '2026-01-02T00:00:00.000Z',
      reason: 'audit log <!channel> & more',
    }
    await sync(
      history(30).map((r, i) => (i === 20 ? { ...r, mergedThrough: { pullRequest: 7, accepted } } : r)),
    )
    assert.equal(api.state.issues[0]!.state, 'closed')
    const closed = hook.bodies.at(-1) as NoticeBody
    assert.equal(closed.loadgate.event, 'shift-closed')
    assert.equal(closed.loadgate.reason, 'accepted')
    assert.equal(closed.loadgate.detail, 'Accepted in #7 by maintainer: audit log <!channel> & more')
    const section = JSON.stringify(closed.blocks[0])
    assert.ok(section.includes('audit log &lt;!channel&gt; &amp; more'), section)
    assert.equal(section.includes('<!channel>'), false)
  })
})
