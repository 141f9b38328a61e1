import { describe, test, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { createGitHubClient } from '../../../src/forge/github/client'
import { postPending, publishFailure, withdrawPending } from '../../../src/forge/github/failure'
import { publishReport, type PublishContext } from '../../../src/forge/github/publish'
import { startGitHubDouble, type DoubleOptions, type GitHubDouble } from '../../../testkit/github-double'
import { comparisons } from '../../../testkit/comparisons'

let double: GitHubDouble | null = null
afterEach(async () => {
  await double?.close()
  double = null
})

const HEAD = 'b'.repeat(40)
const RUN_URL = 'https://github.com/acme/shop/actions/runs/1'

async function setup(options: DoubleOptions = {}) {
  double = await startGitHubDouble({ pulls: [{ number: 7, headSha: HEAD, author: 'dev' }], ...options })
  const ctx: PublishContext = {
    octokit: createGitHubClient('ghs_test', { baseUrl: double.url, retryAfterSeconds: 0 }),
    owner: 'acme',
    repo: 'shop',
    pullNumber: 7,
    headSha: HEAD,
    comment: 'on',
    status: true,
    review: 'off',
    links: { run: RUN_URL },
    targetUrl: RUN_URL,
  }
  return { double, ctx }
}

const ours = (d: GitHubDouble) =>
  (d.state.comments.get(7) ?? []).filter((c) => c.body.startsWith('<!-- loadgate:api '))
const states = (d: GitHubDouble) => d.state.statuses.map((s) => [s.context, s.state])

// An error as a failing `docker compose build` reports it: several lines, terminal escapes, markdown.
const BUILD_ERROR =
  'loadgate-1-base did not start: docker compose build failed: \u001b[31mfailed to solve\u001b[0m: ' +
  '"/no-such-binary": not found ' +
  'x'.repeat(200) +
  '\n#5 [2/2] COPY no-such-binary /app\n<img src=x onerror=alert(1)> [click](http://evil) @team'

describe('a failed run on the pull request (API double checked against the OpenAPI description)', () => {
  test('status error: one sanitized line of at most 140 characters, linking the run', async () => {
    const { double, ctx } = await setup()
    const result = await publishFailure(ctx, 'api', BUILD_ERROR)
    assert.deepEqual(result.warnings, [])
    assert.equal(result.statusSet, true)
    const status = double.state.statuses.at(-1)!
    assert.equal(status.state, 'error')
    assert.equal(status.context, 'loadgate/api')
    assert.equal(status.target_url, RUN_URL)
    assert.ok(status.description.length <= 140, `${status.description.length}`)
    assert.match(status.description, /^loadgate-1-base did not start: docker compose build failed: \?\[31m/)
    assert.match(status.description, /…$/, 'cut, and says so')
    assert.ok(![...status.description].some((c) => c < ' '), 'no control characters')
    assert.doesNotMatch(status.description, /COPY/, 'the first line only')
    assert.deepEqual(double.violations, [])
  })

  test('the comment says what failed (escaped) and links the log; the next result edits that comment', async () => {
    const { double, ctx } = await setup({ preexistingComments: { 7: 120 } })
    const failed = await publishFailure(ctx, 'api', BUILD_ERROR)
    assert.equal(ours(double).length, 1)
    const body = ours(double)[0]!.body
    assert.match(body, /^<!-- loadgate:api error -->\n### ⚠️ loadgate · api — error: no verdict/)
    assert.match(body, /required status `loadgate\/api` is `error`/)
    assert.ok(
      body.includes(String.raw`> loadgate\-1\-base did not start: docker compose build failed: ?\[31mfailed`),
    )
    assert.ok(body.includes(String.raw`> \#5 \[2/2\] COPY no\-such\-binary /app`), 'every line quoted')
    assert.ok(body.includes('&lt;img src=x onerror=alert\\(1\\)&gt;'), 'HTML shows as text')
    assert.ok(body.includes('\\[click\\]\\(http://evil\\)'), 'no link injected')
    assert.ok(body.includes('@\u200bteam'), 'nobody mentioned')
    assert.ok(body.includes(`[workflow run](${RUN_URL})`))

    // The same failure again, with comment: on-change, edits nothing.
    const again = await publishFailure({ ...ctx, comment: 'on-change' }, 'api', BUILD_ERROR)
    assert.equal(again.commentUrl, failed.commentUrl)
    assert.equal(double.requests.filter((r) => r.method === 'PATCH').length, 0)

    const fixed = await publishReport(comparisons.noChange(), { ...ctx, comment: 'on-change' })
    assert.equal(fixed.commentUrl, failed.commentUrl, 'the same comment')
    assert.equal(ours(double).length, 1)
    assert.match(ours(double)[0]!.body, /Approved — no change/)
    assert.deepEqual(states(double), [
      ['loadgate/api', 'error'],
      ['loadgate/api', 'error'],
      ['loadgate/api', 'success'],
    ])
    assert.deepEqual(double.violations, [])
  })

  test('comment off and a token without statuses: write: nothing posted, one warning naming the permission', async () => {
    const { double, ctx } = await setup({ failures: [{ method: 'POST', path: /\/statuses\//, status: 403 }] })
    const result = await publishFailure({ ...ctx, comment: 'off' }, 'api', 'k6 exited 107')
    assert.equal(result.commentUrl, null)
    assert.equal(result.statusSet, false)
    assert.deepEqual(result.warnings, [
      'loadgate could not set the commit status (HTTP 403): give the workflow `permissions: statuses: write`',
    ])
    assert.equal(ours(double).length, 0)
  })

  test('a stopped run: its own pending turns error; a verdict or a newer pending after it stays', async () => {
    const { double, ctx } = await setup()
    const stopped = 'loadgate was cancelled or stopped before a verdict'
    const pending = await postPending(ctx, 'api', 'measuring base and head…')
    assert.equal(double.state.statuses.at(-1)!.target_url, RUN_URL)
    assert.equal(await withdrawPending(ctx, 'api', pending, stopped), true)
    assert.deepEqual(states(double), [
      ['loadgate/api', 'pending'],
      ['loadgate/api', 'error'],
    ])
    assert.equal(double.state.statuses.at(-1)!.description, stopped)
    assert.equal(await withdrawPending(ctx, 'api', pending, stopped), false, 'only once')

    // A verdict followed this run's pending: it stays.
    const second = await postPending(ctx, 'web', 'measuring base and head…')
    await publishReport({ ...comparisons.noChange(), benchmark: 'web' }, { ...ctx, comment: 'off' })
    assert.equal(await withdrawPending(ctx, 'web', second, stopped), false)
    // A newer run's pending (another run's link) followed: it stays.
    const third = await postPending(ctx, 'db', 'measuring base and head…')
    await postPending({ ...ctx, targetUrl: `${RUN_URL}0` }, 'db', 'measuring base and head…')
    assert.equal(await withdrawPending(ctx, 'db', third, stopped), false)
    assert.deepEqual(
      double.state.statuses.filter((s) => s.context !== 'loadgate/api').map((s) => [s.context, s.state]),
      [
        ['loadgate/web', 'pending'],
        ['loadgate/web', 'success'],
        ['loadgate/db', 'pending'],
        ['loadgate/db', 'pending'],
      ],
    )
    assert.deepEqual(double.violations, [])
  })
})
