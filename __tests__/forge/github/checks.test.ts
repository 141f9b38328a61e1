import { describe, test, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import {
  checkConclusion,
  checkRunName,
  checkSummary,
  SUMMARY_LIMIT,
  startCheckRun,
} from '../../../src/forge/github/checks'
import { createGitHubClient } from '../../../src/forge/github/client'
import { publishFailure, withdrawPending, postPending } from '../../../src/forge/github/failure'
import { publishReport, type PublishContext } from '../../../src/forge/github/publish'
import { verdictDescription } from '../../../src/forge/github/status'
import { escapeMarkdown } from '../../../src/report/escape'
import { startGitHubDouble, type DoubleOptions, type GitHubDouble } from '../../../testkit/github-double'
import { comparisons } from '../../../testkit/comparisons'

let double: GitHubDouble | null = null
afterEach(async () => {
  await double?.close()
  double = null
})

const HEAD = 'b'.repeat(40)
const RUN_URL = 'https://github.com/acme/shop/actions/runs/31'

async function setup(options: DoubleOptions = {}, token = 'ghs_checks') {
  double = await startGitHubDouble({ pulls: [{ number: 7, headSha: HEAD, author: 'dev' }], ...options })
  const ctx: PublishContext = {
    octokit: createGitHubClient(token, { baseUrl: double.url, retryAfterSeconds: 0 }),
    owner: 'acme',
    repo: 'shop',
    pullNumber: 7,
    headSha: HEAD,
    comment: 'on',
    status: true,
    review: 'off',
    links: { run: RUN_URL },
    targetUrl: RUN_URL,
    runId: '31',
  }
  return { double, ctx }
}

const runs = (d: GitHubDouble) =>
  d.state.checkRuns.map((r) => [r.name, r.status, r.conclusion, r.external_id])

describe('check runs beside the status (API double checked against the OpenAPI description)', () => {
  test('a blocked run: the check run this run started turns failure, titled with the headline, the comment as its summary', async () => {
    const { double, ctx } = await setup()
    const comparison = comparisons.regression()
    await startCheckRun(ctx, 'api', 'measuring base and head…')
    assert.deepEqual(runs(double), [['loadgate · api', 'in_progress', null, '31']])
    const result = await publishReport(comparison, ctx)
    assert.equal(result.checkRun, true)
    assert.deepEqual(
      runs(double),
      [['loadgate · api', 'completed', 'failure', '31']],
      'the same run, completed',
    )
    const [run] = double.state.checkRuns
    assert.equal(run!.title, comparison.headline)
    assert.match(run!.title ?? '', /^Blocked — /)
    const comment = double.state.comments.get(7)![0]!.body
    assert.equal(run!.summary, comment.slice(comment.indexOf('\n') + 1), "the comment's body, no marker line")
    assert.equal(run!.details_url, RUN_URL)
    assert.deepEqual(double.state.statuses.at(-1)?.state, 'failure', 'the status as before')
    assert.deepEqual(double.violations, [])
  })

  test('an undecided run: a neutral check run that says what could not be ruled out; the status says "Undecided —"', async () => {
    const { double, ctx } = await setup()
    const comparison = comparisons.inconclusive()
    assert.equal(comparison.verdict, 'INCONCLUSIVE')
    assert.equal(comparison.blocking, false)
    await publishReport(comparison, ctx)
    assert.deepEqual(runs(double), [['loadgate · api', 'completed', 'neutral', '31']])
    assert.equal(double.state.checkRuns[0]!.title, comparison.headline)
    const status = double.state.statuses.at(-1)!
    assert.equal(status.state, 'success', 'fail-on still decides: it does not block')
    assert.match(status.description, /^Undecided — /)
    assert.doesNotMatch(status.description, /Inconclusive/, 'said once')
    assert.deepEqual(double.violations, [])
  })

  test('a run whose token cannot write check runs: the status alone, a note naming checks: write, no warning', async () => {
    const { double, ctx } = await setup(
      { tokensWithout: { ghs_statuses_only: ['checks'] } },
      'ghs_statuses_only',
    )
    const result = await publishReport(comparisons.inconclusive(), ctx)
    assert.deepEqual(runs(double), [])
    assert.equal(result.checkRun, undefined)
    assert.equal(result.statusSet, true)
    assert.match(double.state.statuses.at(-1)!.description, /^Undecided — /)
    assert.deepEqual(result.warnings, [])
    assert.ok(
      result.notes.some((n) => /no check run \(HTTP 403\).*`permissions: checks: write`/.test(n)),
      result.notes.join('\n'),
    )
    assert.deepEqual(double.violations, [])
  })

  test("a fork's unverified result writes no check run, whatever it says", async () => {
    const { double, ctx } = await setup()
    await publishReport(comparisons.noChange(), { ...ctx, unverified: true })
    assert.deepEqual(runs(double), [])
    assert.deepEqual(
      double.state.statuses.map((s) => s.state),
      ['pending'],
    )
    assert.deepEqual(double.violations, [])
  })

  test('status: false writes neither the status nor a check run', async () => {
    const { double, ctx } = await setup()
    await publishReport(comparisons.regression(), { ...ctx, status: false })
    assert.deepEqual(runs(double), [])
    assert.deepEqual(double.state.statuses, [])
  })

  test('a failed run turns its check run to failure with the reason on one line, escaped in the summary', async () => {
    const { double, ctx } = await setup()
    await startCheckRun(ctx, 'api', 'measuring base and head…')
    const reason =
      'docker compose build failed: \u001b[31mno such file\u001b[0m\n<img src=x onerror=alert(1)>'
    await publishFailure(ctx, 'api', reason)
    assert.deepEqual(runs(double), [['loadgate · api', 'completed', 'failure', '31']])
    const run = double.state.checkRuns[0]!
    assert.equal(run.title, 'Error: no verdict — docker compose build failed: ?[31mno such file?[0m')
    assert.ok(!run.summary!.includes('<img'), run.summary!)
    assert.ok(run.summary!.includes(escapeMarkdown('<img src=x onerror=alert(1)>')))
    assert.deepEqual(double.violations, [])
  })

  test("the post step fails this run's unfinished check run; a completed one and another run's stay", async () => {
    const { double, ctx } = await setup()
    await startCheckRun({ ...ctx, runId: '30' }, 'api', 'an earlier run')
    await startCheckRun(ctx, 'api', 'measuring base and head…')
    const pending = await postPending(ctx, 'api', 'measuring')
    await withdrawPending(ctx, 'api', pending, 'loadgate was cancelled or stopped before a verdict')
    assert.deepEqual(runs(double), [
      ['loadgate · api', 'in_progress', null, '30'],
      ['loadgate · api', 'completed', 'failure', '31'],
    ])
    assert.equal(double.state.checkRuns[1]!.title, 'loadgate was cancelled or stopped before a verdict')

    await publishReport(comparisons.noChange(), { ...ctx, runId: '32' })
    const before = double.state.checkRuns.map((r) => r.updated.length)
    await withdrawPending({ ...ctx, runId: '32' }, 'api', pending, 'stopped')
    assert.deepEqual(
      double.state.checkRuns.map((r) => r.updated.length),
      before,
      'a completed verdict is never turned',
    )
    assert.deepEqual(runs(double).at(-1), ['loadgate · api', 'completed', 'success', '32'])
    assert.deepEqual(double.violations, [])
  })

  test('conclusions: fail-on decides failure; only a shown absence of regression is success', () => {
    const cases = [
      [comparisons.regression(), 'failure'],
      [comparisons.noChange(), 'success'],
      [comparisons.improvement(), 'success'],
      [comparisons.inconclusive(), 'neutral'],
      [{ ...comparisons.inconclusive(), verdict: 'LIKELY_OVER_DELTA' as const }, 'neutral'],
      [{ ...comparisons.inconclusive(), blocking: true }, 'failure'],
      [{ ...comparisons.regression(), blocking: false }, 'neutral'],
      [comparisons.nothingGated(), 'failure'],
      [comparisons.noBase(), 'neutral'],
    ] as const
    for (const [comparison, conclusion] of cases)
      assert.equal(
        checkConclusion(comparison),
        conclusion,
        `${comparison.verdict} blocking=${comparison.blocking}`,
      )
  })

  test('status descriptions: "Undecided —" only for an undecided run that passes, within 140 characters', () => {
    const likely = {
      verdict: 'LIKELY_OVER_DELTA' as const,
      blocking: false,
      headline: `Inconclusive, likely over δ — p50 of api ${'GET /x'.repeat(40)}`,
    }
    assert.match(verdictDescription(likely), /^Undecided — likely over δ — p50 of api GET/)
    assert.ok(verdictDescription(likely).length <= 140)
    assert.equal(verdictDescription({ ...likely, blocking: true }).slice(0, 20), likely.headline.slice(0, 20))
    const regression = comparisons.regression()
    assert.equal(verdictDescription(regression), regression.headline.slice(0, 140))
  })

  test('the summary keeps within the API limit, cut at a line break with a note', () => {
    const long = Array.from({ length: 3000 }, (_, i) => `| row ${i} | ${'x'.repeat(30)} |`).join('\n')
    const summary = checkSummary(long)
    assert.ok(long.length > SUMMARY_LIMIT && summary.length <= SUMMARY_LIMIT, String(summary.length))
    assert.match(summary, /\|\n\n_The report was cut here/)
    assert.equal(checkSummary('short'), 'short')
    assert.equal(checkRunName('api'), 'loadgate · api')
  })
})
