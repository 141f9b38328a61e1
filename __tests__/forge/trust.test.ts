import { describe, test, after, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import type { RunContext } from '../../src/forge'
import { createGitHubClient } from '../../src/forge/github/client'
import { publishReport, type PublishContext } from '../../src/forge/github/publish'
import type { Comparison, ResultsFile } from '../../src/model/types'
import { runBenchmark } from '../../src/pipeline'
import type { Reporter } from '../../src/report/reporter'
import { renderComment } from '../../src/report/markdown'
import { comparisons } from '../../testkit/comparisons'
import { startGitHubDouble, type DoubleOptions, type GitHubDouble } from '../../testkit/github-double'
import { makeResults, wobble } from '../../testkit/results-factory'
import { settingsFor } from '../../testkit/settings'

// The attacker's side of report mode and publishing: a fork controls the workflow of its own
// pull_request run and so everything that run uploads; anyone can write a comment with loadgate's
// marker; a k6 script names the series that end up in the headline. Checked against the API double.

const HEAD = 'b'.repeat(40)
/** The merge-base of HEAD with main, as the API double answers it (the factory's base commit). */
const BASE = 'a'.repeat(40)
const PR = 7
let double: GitHubDouble | null = null
const dirs: string[] = []
const savedEnv = { ...process.env }

afterEach(async () => {
  await double?.close()
  double = null
  process.env = { ...savedEnv }
})
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function start(options: DoubleOptions = {}): Promise<GitHubDouble> {
  double = await startGitHubDouble({
    pulls: [{ number: PR, headSha: HEAD, author: 'contributor', baseSha: BASE }],
    ...options,
  })
  return double
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-trust-'))
  dirs.push(dir)
  return dir
}

function quietReporter(): Reporter & { lines: string[]; summaries: string[] } {
  const lines: string[] = []
  const summaries: string[] = []
  return {
    lines,
    summaries,
    info: (m) => lines.push(m),
    warning: (m) => lines.push(`warning: ${m}`),
    group: (_t, work) => work(),
    summary: (m) => summaries.push(m),
  }
}

function runContext(d: GitHubDouble, event: string, headSha: string, runId: string): RunContext {
  return {
    eventName: event,
    repository: 'acme/shop',
    headRepository: 'acme/shop',
    owner: 'acme',
    repo: 'shop',
    serverUrl: 'https://github.com',
    apiUrl: d.url,
    runId,
    runUrl: `https://github.com/acme/shop/actions/runs/${runId}`,
    workspace: os.tmpdir(),
    headSha,
    branch: 'feature',
    defaultBranch: 'main',
    pullRequest: null,
    fromFork: false,
    tempDir: os.tmpdir(),
  }
}

/** Report mode as fork-report.yml runs it: after the fork's pull_request run, with a write token. */
async function reportAfterForkRun(d: GitHubDouble, document: unknown, inputs: Record<string, string> = {}) {
  const dir = await tempDir()
  const file = path.join(dir, 'artifact.json')
  await writeFile(file, JSON.stringify(document))
  const settings = settingsFor(dir, {
    mode: 'report',
    'report-file': file,
    'github-token': 'ghs_write',
    // The base repository's own gate (the kit's short measuring runs gate on INVALID only).
    'fail-on': 'REGRESSION, INVALID',
    ...inputs,
  })
  const reporter = quietReporter()
  const outcome = await runBenchmark(settings, null, runContext(d, 'workflow_run', HEAD, '500'), reporter)
  return { outcome, reporter }
}

/** Report mode as the trusted run's deciding job runs it: workflow_dispatch with the PR and head a maintainer gave. */
async function trustedReport(
  d: GitHubDouble,
  results: ResultsFile,
  inputs: Record<string, string> = {},
  dispatched: Record<string, string> = { 'pull-request': String(PR), 'head-sha': HEAD },
) {
  const dir = await tempDir()
  const file = path.join(dir, 'results.json')
  await writeFile(file, JSON.stringify(results))
  const event = path.join(dir, 'event.json')
  await writeFile(event, JSON.stringify({ inputs: dispatched }))
  process.env.GITHUB_EVENT_NAME = 'workflow_dispatch'
  process.env.GITHUB_EVENT_PATH = event
  const settings = settingsFor(dir, {
    mode: 'report',
    'report-file': file,
    'github-token': 'ghs_write',
    // The base repository's own gate (the kit's short measuring runs gate on INVALID only).
    'fail-on': 'REGRESSION, INVALID',
    ...inputs,
  })
  // GITHUB_SHA of a dispatch is the default branch's tip, not the PR head.
  const context = runContext(d, 'workflow_dispatch', 'c'.repeat(40), '900')
  return runBenchmark(settings, null, context, quietReporter())
}

function forgedImprovement(): Comparison {
  const comparison = comparisons.improvement()
  assert.equal(comparison.verdict, 'IMPROVEMENT')
  return { ...comparison, meta: { ...comparison.meta, head: { ...comparison.meta.head, sha: HEAD } } }
}

/** Every endpoint of the head 30% slower, measured in run `runId`. */
function slowerHead(runId: string): ResultsFile {
  const results = makeResults({
    rounds: 12,
    series: ['api GET /items/:id', 'api POST /orders'],
    base: (r) => ({ p50: 10 * (1 + wobble(r, 0.02, 1)) }),
    head: (r) => ({ p50: 13 * (1 + wobble(r, 0.02, 2)) }),
  })
  return { ...results, meta: { ...results.meta, runId } }
}

const states = (d: GitHubDouble) => d.state.statuses.map((s) => [s.sha, s.context, s.state])

describe('report mode trusts nothing a fork uploaded', () => {
  test('a forged IMPROVEMENT from the fork’s own run is posted unverified: pending, never success, no review', async () => {
    const d = await start()
    const { outcome, reporter } = await reportAfterForkRun(d, forgedImprovement(), { review: 'both' })
    assert.equal(outcome.verdict, 'IMPROVEMENT')
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'pending']])
    assert.match(d.state.statuses[0]!.description, /^Unverified: the fork's own run reported IMPROVEMENT/)
    assert.ok(d.state.statuses[0]!.description.length <= 140)
    assert.deepEqual(d.state.reviews.get(PR) ?? [], [], 'never approves')
    const comment = (d.state.comments.get(PR) ?? [])[0]!
    assert.match(comment.body, /^<!-- loadgate:api digest=/)
    assert.match(comment.body, /Reported by the fork's own run, unverified/)
    assert.match(reporter.summaries.join(''), /Unverified/)
    assert.deepEqual(d.violations, [])
  })

  test("the fork's own run could not measure (INVALID): error, so the PR shows it failed, never over a trusted status", async () => {
    const d = await start()
    const invalid = comparisons.invalid()
    assert.equal(invalid.verdict, 'INVALID')
    const forked = { ...invalid, meta: { ...invalid.meta, head: { ...invalid.meta.head, sha: HEAD } } }
    await reportAfterForkRun(d, forked)
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'error']])
    assert.match(d.state.statuses[0]!.description, /^Unverified: the fork's own run reported INVALID/)
    assert.deepEqual(d.violations, [])
    await d.close()
    const trusted = await start()
    await trustedReport(trusted, slowerHead('900'))
    process.env = { ...savedEnv }
    await reportAfterForkRun(trusted, forked)
    assert.deepEqual(states(trusted), [[HEAD, 'loadgate/api', 'failure']])
    assert.deepEqual(trusted.violations, [])
  })

  test('an artifact that names another benchmark cannot pick the status context', async () => {
    const d = await start()
    const forged = { ...forgedImprovement(), benchmark: 'payments' }
    await assert.rejects(
      reportAfterForkRun(d, forged),
      /^LoadgateError: Input 'report-file' reports benchmark 'payments', but this workflow configures 'api': refusing to report it$/,
    )
    assert.deepEqual(d.requests, [], 'nothing was posted')
  })

  test('report mode without the benchmark configured refuses in one line', async () => {
    const d = await start()
    await assert.rejects(
      reportAfterForkRun(d, forgedImprovement(), { 'k6-script': '' }),
      /^LoadgateError: Input 'k6-script' is empty: mode report needs/,
    )
    assert.deepEqual(d.requests, [])
  })

  test("a trusted approval is withdrawn when a newer commit has only the fork's own result", async () => {
    const d = await start({
      seededReviews: {
        [PR]: [
          { user: 'github-actions[bot]', body: '<!-- loadgate-review:api -->\nApproved', state: 'APPROVED' },
        ],
      },
    })
    await reportAfterForkRun(d, forgedImprovement(), { review: 'both' })
    assert.deepEqual(
      (d.state.reviews.get(PR) ?? []).map((r) => r.state),
      ['DISMISSED'],
      'no approval stands, and none was added',
    )
    assert.deepEqual(d.violations, [])
  })

  test('an unverified report never replaces the status a trusted run set', async () => {
    const d = await start()
    await trustedReport(d, slowerHead('900'))
    process.env = { ...savedEnv }
    await reportAfterForkRun(d, forgedImprovement())
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'failure']])
    assert.deepEqual(d.violations, [])
  })
})

describe('the trusted run decides from raw trials under its own settings', () => {
  test('thresholds loosened by the fork are ignored: the base settings block a 30% slower head', async () => {
    const d = await start()
    const results = slowerHead('900')
    const loosened = results.settings.thresholds.map((t) => ({ ...t, delta: 10 }))
    assert.equal(
      compareResults(
        { ...results, settings: { ...results.settings, thresholds: loosened } },
        { failOn: ['REGRESSION'] },
      ).verdict,
      'NO_CHANGE',
    )
    const outcome = await trustedReport(
      d,
      { ...results, settings: { ...results.settings, thresholds: loosened } },
      { review: 'both' },
    )
    assert.equal(outcome.verdict, 'REGRESSION')
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'failure']])
    const comment = (d.state.comments.get(PR) ?? [])[0]!
    assert.doesNotMatch(comment.body, /unverified/)
    assert.deepEqual(
      (d.state.reviews.get(PR) ?? []).map((r) => r.state),
      ['CHANGES_REQUESTED'],
    )
    assert.deepEqual(d.violations, [])
  })

  test('a passing trusted run sets success on the head the maintainer named', async () => {
    const d = await start()
    const results = makeResults({
      rounds: 12,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
      head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
    })
    const outcome = await trustedReport(d, { ...results, meta: { ...results.meta, runId: '900' } })
    assert.equal(outcome.blocking, false)
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'success']])
    assert.deepEqual(d.violations, [])
  })

  test('a trusted run refuses a head that is not a full commit sha, in one line', async () => {
    const d = await start()
    await assert.rejects(
      trustedReport(d, slowerHead('900'), {}, { 'pull-request': String(PR), 'head-sha': 'main' }),
      /^LoadgateError: Workflow input 'head-sha' is 'main': expected the PR head's full 40-character commit sha$/,
    )
    await assert.rejects(
      trustedReport(d, slowerHead('900'), {}, { 'pull-request': '7; rm -rf /', 'head-sha': HEAD }),
      /^LoadgateError: Workflow input 'pull-request' is '7; rm -rf \/': expected a PR number$/,
    )
    assert.deepEqual(d.requests, [])
  })

  test('a trusted run whose head-sha is no longer the PR head is refused in one line naming both; nothing is posted', async () => {
    const pushed = 'e'.repeat(40)
    const d = await start({ pulls: [{ number: PR, headSha: pushed, author: 'contributor' }] })
    await assert.rejects(
      trustedReport(d, slowerHead('900')),
      new RegExp(
        `^LoadgateError: Workflow input 'head-sha' is ${HEAD}, but the head of pull request #${PR} is ${pushed}: ` +
          'start the trusted run again with the current head, once you have reviewed it$',
      ),
    )
    assert.deepEqual(
      d.requests.map((r) => `${r.method} ${r.path}`),
      [`GET /repos/acme/shop/pulls/${PR}`],
    )
    assert.deepEqual(d.violations, [])
  })

  test("raw trials compared with another base than the head's merge-base (a fork's `base-ref: HEAD^`) get error, never a verdict", async () => {
    const d = await start()
    const passing = slowerHead('900')
    const parent = 'd'.repeat(40)
    const measured = { ...passing, meta: { ...passing.meta, base: { ...passing.meta.base!, sha: parent } } }
    await assert.rejects(
      trustedReport(d, measured),
      /^LoadgateError: Refused: the measuring job compared with base dddddddddddd, but the merge-base of bbbbbbbbbbbb with main is aaaaaaaaaaaa$/,
    )
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'error']])
    assert.equal(
      d.state.statuses[0]!.description,
      'Refused: the measuring job compared with base dddddddddddd, but the merge-base of bbbbbbbbbbbb with main is aaaaaaaaaaaa',
    )
    assert.match(
      (d.state.comments.get(PR) ?? [])[0]!.body,
      /the merge\\-base of bbbbbbbbbbbb with main is aaaaaaaaaaaa/,
    )
    assert.ok(d.requests.some((r) => r.path === `/repos/acme/shop/compare/main...${HEAD}?per_page=1`))
    assert.deepEqual(d.violations, [])
  })

  test('a pull request aimed at a base branch the repository does not trust gets error naming it, never a verdict', async () => {
    // A fork points its pull request at a branch holding a slow commit, to switch to main once it passes.
    const d = await start({ pulls: [{ number: PR, headSha: HEAD, baseSha: BASE, baseRef: 'slow-branch' }] })
    const refusal =
      "Refused: pull request #7 targets 'slow-branch', which is not a base a trusted run compares with ('main'): " +
      'its status would stay on the head if the base changed later; point the pull request at one of those, ' +
      "or add the branch to trusted-bases in the trusted branch's settings"
    await assert.rejects(trustedReport(d, slowerHead('900')), (error: Error) => {
      assert.equal(error.message, refusal)
      return true
    })
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'error']])
    assert.ok(refusal.startsWith(d.state.statuses[0]!.description!.replace(/…$/, '')))
    assert.match(d.state.statuses[0]!.description!, /^Refused: pull request #7 targets 'slow-branch'/)
    assert.match((d.state.comments.get(PR) ?? [])[0]!.body, /targets 'slow\\-branch'/)
    assert.deepEqual(d.violations, [])
  })

  test('a base branch the trusted settings list is compared with, and decided', async () => {
    const d = await start({ pulls: [{ number: PR, headSha: HEAD, baseSha: BASE, baseRef: 'release-2' }] })
    const outcome = await trustedReport(d, slowerHead('900'), { 'trusted-bases': 'release-1, release-2' })
    assert.equal(outcome.verdict, 'REGRESSION')
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'failure']])
    assert.deepEqual(d.violations, [])
  })

  test('trusted-bases takes branch names only, in one line otherwise', () => {
    assert.deepEqual(settingsFor(process.cwd(), { 'trusted-bases': 'release-1,  v2/x' }).trustedBases, [
      'release-1',
      'v2/x',
    ])
    assert.throws(
      () => settingsFor(process.cwd(), { 'trusted-bases': 'release-1, ../x' }),
      /^SettingsError: Input 'trusted-bases' is 'release-1, \.\.\/x': expected up to 20 branch names separated by commas \(letters, digits, \. _ - \/\), not '\.\.\/x'$/,
    )
  })

  test("the announcing job refuses the same base before the fork's code is measured", async () => {
    const d = await start({ pulls: [{ number: PR, headSha: HEAD, baseSha: BASE, baseRef: 'slow-branch' }] })
    const dir = await tempDir()
    const event = path.join(dir, 'event.json')
    await writeFile(event, JSON.stringify({ inputs: { 'pull-request': String(PR), 'head-sha': HEAD } }))
    process.env.GITHUB_EVENT_NAME = 'workflow_dispatch'
    process.env.GITHUB_EVENT_PATH = event
    const settings = settingsFor(process.cwd(), { mode: 'announce', 'github-token': 'ghs_write' })
    const context = runContext(d, 'workflow_dispatch', 'c'.repeat(40), '900')
    await assert.rejects(
      runBenchmark(settings, settings.benchmarks[0]!, context, quietReporter()),
      /^LoadgateError: Refused: pull request #7 targets 'slow-branch'/,
    )
    assert.deepEqual(d.violations, [])
  })

  test("raw trials whose base borrowed the head's harness get error: a trusted run's base is its own", async () => {
    const d = await start()
    const results = slowerHead('900')
    const borrowed = { ...results, meta: { ...results.meta, borrowedHarness: ['compose/compose.yaml'] } }
    await assert.rejects(
      trustedReport(d, borrowed),
      /^LoadgateError: Refused: the measuring job measured the base with files of the head's harness: a trusted run measures the base with its own$/,
    )
    assert.deepEqual(states(d), [[HEAD, 'loadgate/api', 'error']])
    assert.deepEqual(d.violations, [])
  })

  test('raw trials about another head, or measured against deployed URLs, get error, never a verdict', async () => {
    const d = await start()
    const results = slowerHead('900')
    const otherHead = {
      ...results,
      meta: { ...results.meta, head: { ...results.meta.head, sha: 'f'.repeat(40) } },
    }
    await assert.rejects(
      trustedReport(d, otherHead),
      /^LoadgateError: Refused: the measuring job measured head ffffffffffff, not head-sha bbbbbbbbbbbb$/,
    )
    const deployed = {
      ...results,
      meta: { ...results.meta, targets: { base: 'http://127.0.0.1:9/', head: 'http://127.0.0.1:9/' } },
    }
    await assert.rejects(
      trustedReport(d, deployed),
      /^LoadgateError: Refused: the measuring job measured deployed URLs, not the target this workflow's settings say$/,
    )
    assert.deepEqual(states(d), [
      [HEAD, 'loadgate/api', 'error'],
      [HEAD, 'loadgate/api', 'error'],
    ])
    assert.deepEqual(d.violations, [])
  })

  test('a trusted run refuses a comparison and raw trials from another run', async () => {
    const d = await start()
    await assert.rejects(trustedReport(d, slowerHead('123')), /measured by run 123, not by this run \(900\)/)
    await assert.rejects(
      trustedReport(d, forgedImprovement() as unknown as ResultsFile),
      /a trusted run decides from raw trials/,
    )
    assert.deepEqual(d.requests, [])
  })
})

describe('publishing adopts only what the token wrote, and escapes the review', () => {
  async function publishContext(
    d: GitHubDouble,
    overrides: Partial<PublishContext> = {},
  ): Promise<PublishContext> {
    return {
      octokit: createGitHubClient('ghs_test', { baseUrl: d.url, retryAfterSeconds: 0 }),
      owner: 'acme',
      repo: 'shop',
      pullNumber: PR,
      headSha: HEAD,
      comment: 'on-change',
      status: true,
      review: 'both',
      links: {},
      ...overrides,
    }
  }

  test('a comment by someone else carrying the marker and the digest is left alone', async () => {
    const regression = comparisons.regression()
    const fake = renderComment(comparisons.noChange(), {}).replace(
      /digest=\w+/,
      renderComment(regression, {}).match(/digest=\w+/)![0],
    )
    const d = await start({ seededComments: { [PR]: [{ user: 'mallory', body: fake }] } })
    await publishReport(regression, await publishContext(d))
    const comments = d.state.comments.get(PR) ?? []
    assert.equal(comments.length, 2, 'loadgate wrote its own comment')
    assert.equal(comments[0]!.body, fake, "mallory's comment is unchanged")
    assert.equal(comments[1]!.user, 'github-actions[bot]')
    assert.match(comments[1]!.body, /Blocked/)
    assert.deepEqual(d.violations, [])
  })

  test('a review by someone else carrying the marker is neither dismissed nor taken as loadgate’s', async () => {
    const d = await start({
      seededReviews: {
        [PR]: [
          { user: 'mallory', body: '<!-- loadgate-review:api -->\n✅ Approved', state: 'CHANGES_REQUESTED' },
        ],
      },
    })
    await publishReport(comparisons.noChange(), await publishContext(d))
    const reviews = d.state.reviews.get(PR) ?? []
    assert.deepEqual(
      reviews.map((r) => [r.user, r.state]),
      [
        ['mallory', 'CHANGES_REQUESTED'],
        ['github-actions[bot]', 'APPROVED'],
      ],
    )
    assert.deepEqual(d.violations, [])
  })

  test('with a user token, its own earlier comment is found through GET /user and edited', async () => {
    const d = await start({ tokenUser: 'perf-bot' })
    const ctx = await publishContext(d, { comment: 'on' })
    await publishReport(comparisons.regression(), ctx)
    await publishReport(comparisons.noChange(), ctx)
    const comments = d.state.comments.get(PR) ?? []
    assert.deepEqual(
      comments.map((c) => c.user),
      ['perf-bot'],
    )
    assert.match(comments[0]!.body, /Approved/)
    assert.deepEqual(d.violations, [])
  })

  test('hostile text in the headline reaches the review escaped exactly as in the comment', async () => {
    const d = await start()
    const hostile = '![x](https://evil.example/p.png)<img/src=x>@acme/team'
    const comparison = { ...comparisons.regression(), headline: `Blocked — ${hostile}` }
    await publishReport(comparison, await publishContext(d))
    const review = (d.state.reviews.get(PR) ?? [])[0]!
    const comment = (d.state.comments.get(PR) ?? [])[0]!
    for (const body of [review.body, comment.body]) {
      assert.ok(!body.includes('![x](') && !body.includes('<img') && !body.includes('@acme/team'), body)
    }
    const escaped = '\\!\\[x\\]\\(https://evil\\.example/p\\.png\\)&lt;img/src=x&gt;@\u200bacme/team'
    assert.ok(review.body.includes(escaped), review.body)
    assert.ok(comment.body.includes(escaped), 'the comment escapes it the same way')
    assert.deepEqual(d.violations, [])
  })
})
