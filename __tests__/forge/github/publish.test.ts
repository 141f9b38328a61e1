import { describe, test, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { createGitHubClient } from '../../../src/forge/github/client'
import { publishReport, type PublishContext } from '../../../src/forge/github/publish'
import { findPullRequestForSha } from '../../../src/forge/github/pull-requests'
import { startGitHubDouble, type DoubleOptions, type GitHubDouble } from '../../../testkit/github-double'
import { comparisons } from '../../../testkit/comparisons'

let double: GitHubDouble | null = null
afterEach(async () => {
  await double?.close()
  double = null
})

async function setup(options: DoubleOptions = {}) {
  double = await startGitHubDouble({
    pulls: [{ number: 7, headSha: 'b'.repeat(40), author: 'dev' }],
    ...options,
  })
  const octokit = createGitHubClient('ghs_test', { baseUrl: double.url, retryAfterSeconds: 0 })
  const ctx: PublishContext = {
    octokit,
    owner: 'acme',
    repo: 'shop',
    pullNumber: 7,
    headSha: 'b'.repeat(40),
    comment: 'on',
    status: true,
    review: 'off',
    links: { run: 'https://github.com/acme/shop/actions/runs/1' },
    targetUrl: 'https://github.com/acme/shop/actions/runs/1',
  }
  return { double, ctx }
}

const ours = (d: GitHubDouble) =>
  (d.state.comments.get(7) ?? []).filter((c) => c.body.startsWith('<!-- loadgate:api '))

describe('publishing to GitHub (API double checked against the OpenAPI description)', () => {
  test('one sticky comment, found across pages and edited in place; the status follows the verdict', async () => {
    const { double, ctx } = await setup({ preexistingComments: { 7: 120 } })
    const first = await publishReport(comparisons.regression(), ctx)
    assert.deepEqual(first.warnings, [])
    assert.equal(ours(double).length, 1)
    assert.match(first.commentUrl ?? '', /#issuecomment-\d+$/)
    const second = await publishReport(comparisons.noChange(), ctx)
    assert.equal(ours(double).length, 1, 'still one comment')
    assert.equal(second.commentUrl, first.commentUrl)
    assert.match(ours(double)[0]!.body, /Approved — no change/)
    assert.deepEqual(
      double.state.statuses.map((s) => [s.context, s.state]),
      [
        ['loadgate/api', 'failure'],
        ['loadgate/api', 'success'],
      ],
    )
    assert.ok(double.state.statuses.every((s) => s.description.length <= 140))
    assert.ok(
      double.requests.some((r) => r.path.includes('page=2')),
      'comments were paginated',
    )
    assert.deepEqual(double.violations, [])
  })

  test('comment: on-change leaves an unchanged result alone', async () => {
    const { double, ctx } = await setup()
    await publishReport(comparisons.regression(), { ...ctx, comment: 'on-change' })
    const before = double.requests.filter((r) => r.method === 'PATCH').length
    await publishReport(comparisons.regression(), { ...ctx, comment: 'on-change' })
    assert.equal(double.requests.filter((r) => r.method === 'PATCH').length, before)
    assert.deepEqual(double.violations, [])
  })

  test('an invalid run sets an error status', async () => {
    const { double, ctx } = await setup()
    await publishReport(comparisons.invalid(), ctx)
    assert.equal(double.state.statuses[0]?.state, 'error')
    assert.deepEqual(double.violations, [])
  })

  test('a run with nothing gated sets an error status that says so, never a success', async () => {
    const { double, ctx } = await setup()
    await publishReport(comparisons.nothingGated(), ctx)
    assert.equal(double.state.statuses[0]?.state, 'error')
    assert.match(double.state.statuses[0]?.description ?? '', /^No verdict — no gated metric/)
    assert.doesNotMatch(ours(double)[0]!.body, /Approved/)
    assert.deepEqual(double.violations, [])
  })

  test('a head measured alone (no base) sets success that says nothing was compared', async () => {
    const { double, ctx } = await setup()
    await publishReport(comparisons.noBase(), ctx)
    assert.equal(double.state.statuses[0]?.state, 'success')
    assert.match(double.state.statuses[0]?.description ?? '', /^Not compared — no base to compare with/)
    assert.doesNotMatch(ours(double)[0]!.body, /Approved/)
    assert.deepEqual(double.violations, [])
  })

  test('comment: unless-no-change posts nothing for no change, keeps the status, and still updates an earlier comment', async () => {
    const { double, ctx } = await setup()
    const quiet = { ...ctx, comment: 'unless-no-change' as const }
    const none = await publishReport(comparisons.noChange(), quiet)
    assert.equal(none.commentUrl, null)
    assert.deepEqual(ours(double), [])
    assert.match(none.notes.join('\n'), /no change, so no comment \(comment: unless-no-change\)/)
    assert.deepEqual(
      double.state.statuses.map((s) => s.state),
      ['success'],
    )
    await publishReport(comparisons.regression(), quiet)
    assert.match(ours(double)[0]!.body, /— Blocked —/)
    // The regression fixed by a later push: the comment must not go on saying Blocked.
    await publishReport(comparisons.noChange(), quiet)
    assert.equal(ours(double).length, 1)
    assert.match(ours(double)[0]!.body, /— Approved — no change/)
    assert.deepEqual(
      double.state.statuses.map((s) => s.state),
      ['success', 'failure', 'success'],
    )
    assert.deepEqual(double.violations, [])
  })

  test('reviews are replaced when the verdict changes', async () => {
    const { double, ctx } = await setup()
    await publishReport(comparisons.regression(), { ...ctx, review: 'both' })
    await publishReport(comparisons.noChange(), { ...ctx, review: 'both' })
    const reviews = double.state.reviews.get(7) ?? []
    assert.deepEqual(
      reviews.map((r) => r.state),
      ['DISMISSED', 'APPROVED'],
    )
    await publishReport(comparisons.noChange(), { ...ctx, review: 'both' })
    assert.equal((double.state.reviews.get(7) ?? []).length, 2, 'an unchanged verdict adds no review')
    assert.deepEqual(double.violations, [])
  })

  test('approving its own PR is refused by GitHub: a warning, never a failure', async () => {
    const { double, ctx } = await setup({
      pulls: [{ number: 7, headSha: 'b'.repeat(40), author: 'github-actions[bot]' }],
    })
    const result = await publishReport(comparisons.noChange(), { ...ctx, review: 'approve' })
    assert.equal(result.warnings.length, 1)
    assert.match(result.warnings[0]!, /could not review .*cannot approve its own PR/)
    assert.equal(result.statusSet, true)
    assert.deepEqual(double.violations, [])
  })

  test('missing permissions are named in one line each', async () => {
    const { double, ctx } = await setup({
      failures: [
        { method: 'POST', path: /\/statuses\//, status: 403 },
        { method: 'GET', path: /\/comments$/, status: 403 },
      ],
    })
    const result = await publishReport(comparisons.regression(), ctx)
    assert.deepEqual(result.warnings, [
      'loadgate could not comment on the pull request (HTTP 403): give the workflow `permissions: pull-requests: write`',
      'loadgate could not set the commit status (HTTP 403): give the workflow `permissions: statuses: write`',
    ])
    assert.deepEqual(double.violations, [])
  })

  test('server errors are retried', async () => {
    const { double, ctx } = await setup({
      failures: [{ method: 'POST', path: /\/statuses\//, status: 502, times: 2 }],
    })
    const result = await publishReport(comparisons.noChange(), ctx)
    assert.equal(result.statusSet, true)
    assert.equal(double.requests.filter((r) => r.path.includes('/statuses/')).length, 3)
  })

  test('the PR of a head commit is found (report mode)', async () => {
    const { double, ctx } = await setup()
    assert.equal(await findPullRequestForSha(ctx.octokit, 'acme', 'shop', 'b'.repeat(40)), 7)
    assert.equal(await findPullRequestForSha(ctx.octokit, 'acme', 'shop', 'c'.repeat(40)), null)
    assert.deepEqual(double.violations, [])
  })

  test('the double itself rejects what GitHub would reject', async () => {
    const { double, ctx } = await setup()
    await assert.rejects(
      ctx.octokit.request('POST /repos/{owner}/{repo}/statuses/{sha}', {
        owner: 'acme',
        repo: 'shop',
        sha: 'abc',
        state: 'green' as 'success',
      }),
    )
    await assert.rejects(
      ctx.octokit.request('GET /repos/{owner}/{repo}/nonsense', { owner: 'acme', repo: 'shop' }),
    )
    assert.equal(double.violations.length, 2, double.violations.join('\n'))
    assert.match(double.violations[0]!, /body\.state: "green" is not one of/)
    double.violations.length = 0
  })
})
