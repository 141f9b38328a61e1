import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createGitHubClient } from '../../src/forge/github/client'
import { postPending } from '../../src/forge/github/failure'
import type { PublishContext } from '../../src/forge/github/publish'
import { ACTION_RUN_ID, runAction, runPostStep } from '../../testkit/action'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'

// The gating status of a run that stops without a verdict: bad settings (no Docker needed) and a
// cancelled run's post step. Failures while measuring are in e2e/failure-status.

const HEAD = 'c'.repeat(40)
const RUN_URL = `https://github.com/acme/shop/actions/runs/${ACTION_RUN_ID}`
const STOPPED = 'loadgate was cancelled or stopped before a verdict'

let double: GitHubDouble
let dir: string
before(async () => {
  double = await startGitHubDouble({ pulls: [{ number: 9, headSha: HEAD }] })
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-failure-status-'))
})
after(async () => {
  await double.close()
  await rm(dir, { recursive: true, force: true })
})

function pullRequest(name = 'pull_request', headRepository = 'acme/shop') {
  return {
    name,
    payload: {
      pull_request: {
        number: 9,
        base: { ref: 'main', sha: 'a'.repeat(40), repo: { full_name: 'acme/shop' } },
        head: { ref: 'feature', sha: HEAD, repo: { full_name: headRepository } },
      },
      repository: { full_name: 'acme/shop', default_branch: 'main' },
    },
  }
}

const badSettings = {
  'github-token': 'ghs_write_token',
  'k6-script': 'compose/k6/api.js',
  'min-rounds': 'ten',
}

const statuses = (context: string) =>
  double.state.statuses.filter((s) => s.sha === HEAD && s.context === context)
const comments = (benchmark: string) =>
  (double.state.comments.get(9) ?? []).filter((c) => c.body.startsWith(`<!-- loadgate:${benchmark} `))

describe('a pull request run that stops without a verdict says so', () => {
  test('bad settings: one error line, status error with the settings message, the comment, verdict ERROR', async () => {
    const run = await runAction({
      dir,
      workspace: process.cwd(),
      inputs: badSettings,
      event: pullRequest(),
      apiUrl: double.url,
      entry: 'src/action/index.ts',
    })
    assert.equal(run.code, 1, run.stdout)
    const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error::'))
    assert.equal(errors.length, 1, run.stdout)
    assert.match(errors[0]!, /Input 'min-rounds' is 'ten': expected/)
    assert.equal(run.outputs.verdict, 'ERROR')
    const [status, ...more] = statuses('loadgate/api')
    assert.equal(more.length, 0)
    assert.equal(status?.state, 'error')
    assert.match(status!.description, /^Input 'min-rounds' is 'ten': expected/)
    assert.ok(status!.description.length <= 140)
    assert.equal(status!.target_url, RUN_URL)
    assert.equal(comments('api').length, 1)
    assert.match(comments('api')[0]!.body, /Input 'min\\-rounds' is 'ten': expected/)
    assert.match(run.summary, /loadgate · api — error: no verdict/)
    assert.deepEqual(double.violations, [])
  })

  test("bad settings of a fork's run or under pull_request_target: nothing posted", async () => {
    const before = double.requests.length
    for (const event of [pullRequest('pull_request', 'someone/shop'), pullRequest('pull_request_target')]) {
      const run = await runAction({
        dir,
        workspace: process.cwd(),
        inputs: badSettings,
        event,
        apiUrl: double.url,
        entry: 'src/action/index.ts',
      })
      assert.equal(run.code, 1, run.stdout)
      assert.equal(run.outputs.verdict, 'ERROR')
    }
    assert.equal(double.requests.length, before)
  })

  test('a cancelled run: the post step turns the pending it left into error, and only that one', async () => {
    const ctx: PublishContext = {
      octokit: createGitHubClient('ghs_test', { baseUrl: double.url, retryAfterSeconds: 0 }),
      owner: 'acme',
      repo: 'shop',
      pullNumber: 9,
      headSha: HEAD,
      comment: 'off',
      status: true,
      review: 'off',
      links: {},
      targetUrl: RUN_URL,
    }
    const description = 'measuring base and head…'
    // cart: cancelled while measuring. web: its verdict was posted (settled). db: a newer run's
    // pending came after this run's. shop: this run's pending, then a newer run's verdict.
    const gates = await Promise.all(
      ['cart', 'web', 'db', 'shop'].map(async (benchmark) => ({
        benchmark,
        headSha: HEAD,
        runUrl: RUN_URL,
        statusId: await postPending(ctx, benchmark, description),
        settled: benchmark === 'web',
      })),
    )
    await postPending({ ...ctx, targetUrl: `${RUN_URL}1` }, 'db', description)
    await ctx.octokit.rest.repos.createCommitStatus({
      owner: 'acme',
      repo: 'shop',
      sha: HEAD,
      state: 'success',
      context: 'loadgate/shop',
    })
    const requestsBefore = double.requests.length
    const post = await runPostStep({
      inputs: { 'github-token': 'ghs_write_token' },
      state: { 'loadgate-gates': JSON.stringify(gates) },
      apiUrl: double.url,
    })
    assert.equal(post.code, 0, post.stdout)
    assert.doesNotMatch(post.stdout, /::(warning|error)::/, post.stdout)
    const last = (benchmark: string) => statuses(`loadgate/${benchmark}`).at(-1)!
    assert.equal(last('cart').state, 'error')
    assert.equal(last('cart').description, STOPPED)
    assert.equal(last('cart').target_url, RUN_URL)
    assert.equal(last('web').state, 'pending', 'a settled gate is not touched (its verdict is newer here)')
    assert.equal(last('db').target_url, `${RUN_URL}1`, "the newer run's pending stays")
    assert.equal(last('db').state, 'pending')
    assert.equal(last('shop').state, 'success')
    const posted = double.requests.slice(requestsBefore).filter((r) => r.method === 'POST')
    assert.equal(posted.length, 1, 'one status written: cart')
    assert.match(post.stdout, /loadgate\/cart set to error/)
    assert.match(post.stdout, /loadgate\/db left as it is/)
    assert.deepEqual(double.violations, [])
  })

  test('the post step warns, never fails: GitHub unreachable, or a state it cannot read', async () => {
    const gate = { benchmark: 'api', headSha: HEAD, runUrl: RUN_URL, statusId: 1, settled: false }
    const unreachable = await runPostStep({
      inputs: { 'github-token': 'ghs_write_token' },
      state: { 'loadgate-gates': JSON.stringify([gate]) },
      apiUrl: 'http://127.0.0.1:9',
    })
    assert.equal(unreachable.code, 0, unreachable.stdout)
    assert.match(unreachable.stdout, /::warning::loadgate: could not settle the pending loadgate\/api/)
    const garbled = await runPostStep({
      inputs: { 'github-token': 'ghs_write_token' },
      state: { 'loadgate-gates': '[{"benchmark":1}]' },
      apiUrl: double.url,
    })
    assert.equal(garbled.code, 0, garbled.stdout)
    assert.match(garbled.stdout, /::warning::loadgate: the saved statuses are unreadable/)
  })
})
