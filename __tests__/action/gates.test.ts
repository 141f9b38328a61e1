import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ACTION_RUN_ID, runAction, runPostStep } from '../../testkit/action'
import { makeResults, wobble } from '../../testkit/results-factory'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'

// Every flow that can fail tells the pull request (no Docker: a flow whose input never came). The
// trusted run announces pending and its deciding job says `error`; a fork's report says `error`
// without touching what a trusted run set; a final status GitHub refuses leaves the pending to the
// post step and fails the step.

const HEAD = 'd'.repeat(40)
const RUN_URL = `https://github.com/acme/shop/actions/runs/${ACTION_RUN_ID}`

let dir: string
const doubles: GitHubDouble[] = []
async function double(options: Parameters<typeof startGitHubDouble>[0] = {}): Promise<GitHubDouble> {
  const started = await startGitHubDouble({ pulls: [{ number: 9, headSha: HEAD }], ...options })
  doubles.push(started)
  return started
}
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-gates-'))
})
after(async () => {
  for (const d of doubles) await d.close()
  await rm(dir, { recursive: true, force: true })
})

const repository = { full_name: 'acme/shop', default_branch: 'main' }
const dispatch = (headSha = HEAD) => ({
  name: 'workflow_dispatch',
  payload: {
    inputs: { 'pull-request': '9', 'head-sha': headSha },
    ref: 'refs/heads/loadgate-trusted',
    repository,
  },
})
const forkRun = {
  name: 'workflow_run',
  payload: {
    workflow_run: { head_sha: HEAD, head_branch: 'typo', head_repository: { full_name: 'contributor/shop' } },
    repository,
  },
}
/** The deciding job's inputs, when the measuring job uploaded nothing. */
const decide = {
  mode: 'report',
  'report-file': 'results/api/results.json',
  'github-token': 'ghs_write_token',
  'k6-script': 'compose/k6/api.js',
}

function run(
  github: GitHubDouble,
  inputs: Record<string, string>,
  event: { name: string; payload: unknown },
) {
  return runAction({
    dir,
    workspace: dir,
    inputs,
    event,
    apiUrl: github.url,
    entry: 'src/action/index.ts',
    extraEnv: { GITHUB_REF: 'refs/heads/loadgate-trusted' },
  })
}
const states = (github: GitHubDouble) =>
  github.state.statuses.filter((s) => s.sha === HEAD && s.context === 'loadgate/api').map((s) => s.state)
const comments = (github: GitHubDouble) =>
  (github.state.comments.get(9) ?? []).filter((c) => c.body.startsWith('<!-- loadgate:api '))

describe('the gate of every flow that can fail', () => {
  test("a trusted run's first job sets pending on the dispatched head; a stale head is refused, posting nothing", async () => {
    const github = await double()
    const announced = await run(
      github,
      { mode: 'announce', 'github-token': 'ghs_write_token', 'k6-script': 'compose/k6/api.js' },
      dispatch(),
    )
    assert.equal(announced.code, 0, announced.stdout)
    assert.deepEqual(states(github), ['pending'])
    assert.equal(github.state.statuses[0]!.target_url, RUN_URL)
    const stale = await run(
      github,
      { mode: 'announce', 'github-token': 'ghs_write_token', 'k6-script': 'compose/k6/api.js' },
      dispatch('e'.repeat(40)),
    )
    assert.equal(stale.code, 1, stale.stdout)
    assert.match(
      stale.stdout,
      /::error::.*Workflow input 'head-sha' is e{40}, but the head of pull request #9 is d{40}/,
    )
    // Nor does its deciding job: an error there would replace the current head's comment.
    const decided = await run(github, decide, dispatch('e'.repeat(40)))
    assert.equal(decided.code, 1, decided.stdout)
    assert.deepEqual(
      github.requests.filter((r) => r.method !== 'GET' && !r.path.includes('/check-runs')).length,
      1,
      "only the first run's pending was written",
    )
    assert.deepEqual(github.violations, [])
  })

  test('the trusted deciding job without results: pending, then error with the reason, the run and a comment', async () => {
    const github = await double()
    const decided = await run(github, decide, dispatch())
    assert.equal(decided.code, 1, decided.stdout)
    assert.deepEqual(states(github), ['pending', 'error'])
    const error = github.state.statuses.at(-1)!
    assert.match(
      error.description,
      /^No results to decide from: the measuring run left none \(it failed or was stopped before/,
    )
    assert.equal(error.target_url, RUN_URL)
    assert.equal(comments(github).length, 1)
    assert.match(comments(github)[0]!.body, /error: no verdict[\s\S]*the measuring run left none/)
    assert.ok(comments(github)[0]!.body.includes(`[workflow run](${RUN_URL})`))
    const gates = JSON.parse(decided.state['loadgate-gates'] ?? '[]') as Array<{ settled: boolean }>
    assert.deepEqual(
      gates.map((g) => g.settled),
      [true],
      'its error is final: the post step leaves it',
    )
    assert.deepEqual(github.violations, [])
  })

  // Review of issue 44 (M2): the decide job's loop runs once per configured benchmark; with one
  // report-file it posted the first benchmark's result each time, and the second's gate, marked
  // settled by the first's status, stayed pending for ever.
  test('a trusted run with two benchmarks: each gate ends final from its own file', async () => {
    const github = await double({ pulls: [{ number: 9, headSha: HEAD, baseSha: 'a'.repeat(40) }] })
    const workspace = await mkdtemp(path.join(dir, 'two-benchmarks-'))
    const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace, encoding: 'utf8' }).trim()
    git('init', '-q')
    await writeFile(
      path.join(workspace, 'loadgate.yml'),
      'fail-on: [REGRESSION, INVALID]\nbenchmarks:\n  - { name: api, k6-script: k6/api.js }\n  - { name: web, k6-script: k6/web.js }\n',
    )
    git('add', 'loadgate.yml')
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'settings')
    const results = makeResults({
      rounds: 12,
      base: (r) => ({ p50: 10 * (1 + wobble(r, 0.02, 1)) }),
      head: (r) => ({ p50: 13 * (1 + wobble(r, 0.02, 2)) }),
    })
    await mkdir(path.join(workspace, 'results', 'api'), { recursive: true })
    await writeFile(
      path.join(workspace, 'results', 'api', 'results.json'),
      JSON.stringify({
        ...results,
        meta: { ...results.meta, runId: ACTION_RUN_ID, head: { ...results.meta.head, sha: HEAD } },
      }),
    )
    const decided = await runAction({
      dir,
      workspace,
      inputs: {
        mode: 'report',
        config: 'loadgate.yml',
        'report-file': 'results/{benchmark}/results.json',
        'github-token': 'ghs_write_token',
      },
      event: dispatch(),
      apiUrl: github.url,
      entry: 'src/action/index.ts',
      extraEnv: { GITHUB_REF: 'refs/heads/loadgate-trusted', GITHUB_SHA: git('rev-parse', 'HEAD') },
    })
    assert.equal(decided.code, 1, decided.stdout)
    const of = (context: string) =>
      github.state.statuses.filter((s) => s.sha === HEAD && s.context === context).map((s) => s.state)
    assert.deepEqual(of('loadgate/api'), ['pending', 'failure'], decided.stdout)
    assert.deepEqual(of('loadgate/web'), ['pending', 'error'], decided.stdout)
    assert.match(github.state.statuses.at(-1)!.description, /^No results to decide from: /)
    assert.match(
      decided.stdout,
      /web: .*Input 'report-file' is '[^']*results\/web\/results\.json': no such file/,
    )
    const gates = JSON.parse(decided.state['loadgate-gates'] ?? '[]') as Array<{ settled: boolean }>
    assert.deepEqual(
      gates.map((g) => g.settled),
      [true, true],
    )
    assert.deepEqual(github.violations, [])
  })

  test("bad settings in a trusted run's deciding job: error and a comment, not the announce job's pending for ever", async () => {
    const github = await double()
    const decided = await run(github, { ...decide, 'min-rounds': 'ten' }, dispatch())
    assert.equal(decided.code, 1, decided.stdout)
    assert.deepEqual(states(github), ['error'])
    assert.match(github.state.statuses[0]!.description, /min-rounds/)
    assert.equal(github.state.statuses[0]!.target_url, RUN_URL)
    assert.equal(comments(github).length, 1)
    // A head that moved on gets nothing, not even the error.
    const stale = await double()
    const refused = await run(stale, { ...decide, 'min-rounds': 'ten' }, dispatch('e'.repeat(40)))
    assert.equal(refused.code, 1, refused.stdout)
    assert.deepEqual(stale.state.statuses, [])
    assert.deepEqual(github.violations, [])
  })

  test('a final status GitHub refuses: the step fails, and the post step turns the pending into error', async () => {
    // The pending is taken, the error after it is not (422 is not retried).
    const github = await double({
      failures: [{ method: 'POST', path: /\/statuses\//, status: 422, times: 1, after: 1 }],
    })
    const decided = await run(github, decide, dispatch())
    assert.equal(decided.code, 1, decided.stdout)
    assert.match(decided.stdout, /could not set the final status of loadgate\/api/)
    assert.deepEqual(states(github), ['pending'])
    const post = await runPostStep({ inputs: decide, state: decided.state, apiUrl: github.url })
    assert.equal(post.code, 0, post.stdout)
    assert.deepEqual(states(github), ['pending', 'error'])
    assert.equal(
      github.state.statuses.at(-1)!.description,
      'loadgate could not set the final status; see the run',
    )
  })

  test("a fork's report without results: error and a labelled comment, never over a trusted status", async () => {
    const pulls = [{ number: 9, headSha: HEAD, headRef: 'typo', headRepository: 'contributor/shop' }]
    const github = await double({ pulls })
    const reported = await run(github, decide, forkRun)
    assert.equal(reported.code, 1, reported.stdout)
    assert.deepEqual(states(github), ['error'], 'no pending: the fork run announces nothing')
    assert.match(comments(github)[0]!.body, /Reported by the fork's own run, unverified/)

    const trusted = await double({ pulls })
    trusted.state.statuses.push({
      id: 1,
      sha: HEAD,
      state: 'success',
      context: 'loadgate/api',
      description: 'No change',
      target_url: null,
      created_at: new Date().toISOString(),
    })
    const again = await run(trusted, decide, forkRun)
    assert.equal(again.code, 1, again.stdout)
    assert.deepEqual(states(trusted), ['success'])
    assert.deepEqual(trusted.violations, [])
  })

  test('bad settings of a distributed merge job: error and a comment, as for the one-runner gate', async () => {
    const github = await double()
    const pullRequest = {
      name: 'pull_request',
      payload: {
        pull_request: {
          number: 9,
          base: { ref: 'main', sha: 'a'.repeat(40), repo: { full_name: 'acme/shop' } },
          head: { ref: 'feature', sha: HEAD, repo: { full_name: 'acme/shop' } },
        },
        repository,
      },
    }
    const merged = await run(
      github,
      {
        mode: 'merge',
        'segment-dirs': 'segments',
        'k6-script': 'compose/k6/api.js',
        'min-rounds': 'ten',
        'github-token': 'ghs_write_token',
      },
      pullRequest,
    )
    assert.equal(merged.code, 1, merged.stdout)
    assert.deepEqual(states(github), ['error'])
    assert.match(github.state.statuses[0]!.description, /min-rounds/)
    assert.equal(comments(github).length, 1)
  })

  test('a pull request the workflow leaves out (mode skip): success "Not run", never over a blocked head', async () => {
    const github = await double()
    const pullRequest = {
      name: 'pull_request',
      payload: {
        action: 'opened',
        pull_request: {
          number: 9,
          labels: [],
          base: { ref: 'main', sha: 'a'.repeat(40), repo: { full_name: 'acme/shop' } },
          head: { ref: 'feature', sha: HEAD, repo: { full_name: 'acme/shop' } },
        },
        repository,
      },
    }
    const skip = {
      mode: 'skip',
      'skip-reason': 'no performance label',
      'k6-script': 'compose/k6/api.js',
      'github-token': 'ghs_write_token',
    }
    const skipped = await run(github, skip, pullRequest)
    assert.equal(skipped.code, 0, skipped.stdout)
    assert.deepEqual(states(github), ['success'])
    assert.equal(github.state.statuses[0]!.description, 'Not run: no performance label')
    assert.equal(comments(github).length, 0, 'no comment: nothing was measured')
    // A blocked head (the label removed after its run, another label added) stays blocked.
    github.state.statuses.push({
      ...github.state.statuses[0]!,
      id: 99,
      state: 'failure',
      description: 'Blocked',
    })
    const again = await run(github, skip, pullRequest)
    assert.equal(again.code, 0, again.stdout)
    assert.deepEqual(states(github), ['success', 'failure'])
    assert.match(again.stdout, /the final status already set on d{12} stays/)
    // A fork's token cannot set statuses (its gate is the trusted run): the job says so and passes.
    const fork = structuredClone(pullRequest)
    fork.payload.pull_request.head.repo.full_name = 'contributor/shop'
    const forkDouble = await double()
    const forked = await run(forkDouble, skip, fork)
    assert.equal(forked.code, 0, forked.stdout)
    assert.deepEqual(forkDouble.requests, [], 'its read-only token is never used')
    assert.match(forked.stdout, /a fork's pull request gets its status from a trusted run/)
    assert.deepEqual(github.violations, [])
  })
})
