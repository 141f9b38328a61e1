import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { logTail, packAction, runWorkflowOf, workflowForTest, type ActRun } from '../../testkit/act'
import { git } from '../../testkit/git-repos'
import { makeTestRepo, type PullRequestRef, type TestRepo } from '../../testkit/test-repo'

// The fork flow end to end under act, with real Docker, Compose, k6 and git: an honest pull request
// from a fork is measured by its own pull_request run (read-only token), reported by
// fork-report.yml as unverified (pending status, labelled comment, no review), and only the
// trusted run a maintainer starts (trusted-run.yml, workflow_dispatch) sets the real status.
// The action is built from this checkout into a temporary folder (dist/ is left alone).

const TOKEN = 'ghs_e2e_fork_trust_token'
const OUTPUT = 'test-output/act'
// Three rounds can never show a significant regression, and such a gate is refused: these runs
// measure and gate on INVALID only (the trust decision, not the statistics, is under test).
const quick = {
  'min-rounds': '3',
  'max-rounds': '3',
  warmup: '2s',
  'fail-on': 'INVALID',
  'fresh-instances': 'run',
}
const k6Env = { DURATION: '3s', RATE: '200' }

let repo: TestRepo
let actionDir: string
let double: GitHubDouble
let pr: PullRequestRef
/** A fork's pull request whose stack can never start: its compose file binds a fixed host port. */
let broken: PullRequestRef

async function act(scenario: string, workflow: string, event: string, eventFile: string): Promise<ActRun> {
  return runWorkflowOf(repo, {
    scenario,
    workflow,
    event,
    eventFile,
    actionDir,
    apiUrl: double.url,
    token: TOKEN,
    timeoutMs: 420_000,
  })
}

/**
 * What a maintainer starts: workflow_dispatch with the PR and its head, from the branch the
 * workflow file says (`loadgate-trusted`, made from main), or from another branch to see it refused.
 */
async function dispatchEvent(inputs: Record<string, string>, branch = 'loadgate-trusted'): Promise<string> {
  git(repo.dir, 'checkout', '-q', '-B', branch, 'main')
  const file = path.join(repo.root, 'events', `dispatch-${branch}.json`)
  const repository = {
    full_name: repo.repository,
    name: 'shop',
    owner: { login: 'acme' },
    default_branch: 'main',
  }
  await writeFile(
    file,
    JSON.stringify(
      { inputs, ref: `refs/heads/${branch}`, repository, sender: { login: 'maintainer' } },
      null,
      2,
    ),
  )
  return file
}

const statuses = () =>
  double.state.statuses.filter((s) => s.sha === pr.headSha).map((s) => [s.context, s.state])
const comments = () =>
  (double.state.comments.get(pr.number) ?? []).filter((c) => c.body.startsWith('<!-- loadgate:api '))

/** The action as packed for act: a fresh build of src/. */
let build: string | undefined

before(async () => {
  await mkdir(OUTPUT, { recursive: true })
  repo = await makeTestRepo({
    workflows: {
      'pull-request.yml': await workflowForTest('pull-request.yml', { inputs: quick, k6Env }),
      'fork-report.yml': await workflowForTest('fork-report.yml', {}),
      'trusted-run.yml': await workflowForTest('trusted-run.yml', { inputs: quick, k6Env }),
    },
  })
  build = await mkdtemp(path.join(os.tmpdir(), 'loadgate-build-'))
  execFileSync('node', ['scripts/build.mjs', path.join(build, 'dist')], { stdio: 'inherit' })
  for (const file of ['action.yml', 'package.json']) await copyFile(file, path.join(build, file))
  actionDir = await packAction(path.join(repo.root, 'action'), build)
  pr = await repo.openPullRequest({
    number: 21,
    branch: 'typo',
    fork: 'contributor/shop',
    files: { 'README.md': '# shop (typo fixed)\n' },
  })
  broken = await repo.openPullRequest({
    number: 22,
    branch: 'fixed-port',
    fork: 'contributor/shop',
    files: { 'compose/compose.yaml': "services:\n  api:\n    build: ./api\n    ports: ['18080:8080']\n" },
  })
  double = await startGitHubDouble({
    pulls: [pr, broken].map((p) => ({
      number: p.number,
      headSha: p.headSha,
      headRef: p.branch,
      headRepository: p.headRepository,
      author: 'contributor',
      // The merge-base the trusted run's deciding job asks the compare API for.
      baseRef: 'main',
      baseSha: p.baseSha,
    })),
  })
})

after(async () => {
  await double?.close()
  if (process.env.LOADGATE_E2E_KEEP) console.log(`kept ${repo?.root}`)
  else await repo?.cleanup()
  if (build) await rm(build, { recursive: true, force: true })
})

describe('a pull request from a fork under act', () => {
  test(
    "the fork's own result is posted as unverified; the maintainer's trusted run sets the real status",
    { timeout: 900_000 },
    async () => {
      const measured = await act(
        'fork-trust-compare',
        'pull-request.yml',
        'pull_request',
        await repo.pullRequestEvent(pr),
      )
      assert.equal(measured.code, 0, logTail(measured))
      assert.deepEqual(double.requests, [], "the fork's read-only token is never used")

      const conclusion = measured.code === 0 ? 'success' : 'failure'
      const runEvent = await repo.workflowRunEvent(pr, {
        id: measured.runId,
        workflow: 'loadgate',
        conclusion,
      })
      const reported = await act('fork-trust-report', 'fork-report.yml', 'workflow_run', runEvent)
      assert.equal(reported.code, 0, logTail(reported))
      assert.deepEqual(statuses(), [['loadgate/api', 'pending']], logTail(reported))
      const unverified = double.state.statuses.at(-1)!
      assert.match(unverified.description, /^Unverified: the fork's own run reported /)
      assert.equal(comments().length, 1)
      assert.match(comments()[0]!.body, /Reported by the fork's own run, unverified/)
      assert.deepEqual(double.state.reviews.get(pr.number) ?? [], [])

      const dispatch = await dispatchEvent({ 'pull-request': String(pr.number), 'head-sha': pr.headSha })
      const trusted = await act('fork-trust-trusted', 'trusted-run.yml', 'workflow_dispatch', dispatch)
      assert.equal(trusted.code, 0, logTail(trusted))
      const results = path.join(
        repo.root,
        'artifacts',
        trusted.runId,
        'loadgate-trusted',
        'api',
        'results.json',
      )
      assert.equal(JSON.parse(await readFile(results, 'utf8')).meta.runId, trusted.runId)
      // The fork's unverified pending, the trusted run's as it starts (announce) and as it decides.
      assert.deepEqual(statuses(), [
        ['loadgate/api', 'pending'],
        ['loadgate/api', 'pending'],
        ['loadgate/api', 'pending'],
        ['loadgate/api', 'success'],
      ])
      assert.equal(comments().length, 1, 'the same comment, edited in place')
      assert.doesNotMatch(comments()[0]!.body, /unverified/)
      assert.ok(comments()[0]!.body.includes(`/actions/runs/${trusted.runId}`), 'links the trusted run')
      assert.deepEqual(double.violations, [])
    },
  )

  test(
    'a trusted run started on the default branch is refused before the fork’s code runs, and posts nothing',
    { timeout: 600_000 },
    async () => {
      const before = double.requests.length
      const dispatch = await dispatchEvent(
        { 'pull-request': String(pr.number), 'head-sha': pr.headSha },
        'main',
      )
      const refused = await act('fork-trust-default-branch', 'trusted-run.yml', 'workflow_dispatch', dispatch)
      assert.notEqual(refused.code, 0, logTail(refused))
      assert.match(refused.log, /The trusted run was started on the default branch 'main'/, logTail(refused))
      assert.doesNotMatch(refused.log, /round 1 /, 'nothing was measured')
      assert.match(refused.log, /the measure job uploaded no results artifact/, logTail(refused))
      assert.deepEqual(
        double.requests.slice(before).filter((r) => r.method !== 'GET'),
        [],
        'no status, comment or review',
      )
    },
  )

  test(
    'a fork whose stack never starts: its own report and the trusted run each turn the status to error',
    { timeout: 900_000 },
    async () => {
      const states = () =>
        double.state.statuses.filter((s) => s.sha === broken.headSha).map((s) => [s.state, s.description])
      const brokenComments = () =>
        (double.state.comments.get(broken.number) ?? []).filter((c) =>
          c.body.startsWith('<!-- loadgate:api '),
        )
      const measured = await act(
        'fork-trust-broken-compare',
        'pull-request.yml',
        'pull_request',
        await repo.pullRequestEvent(broken),
      )
      assert.notEqual(measured.code, 0, logTail(measured))
      assert.match(measured.log, /binds a fixed host port/, logTail(measured))
      const runEvent = await repo.workflowRunEvent(broken, {
        id: measured.runId,
        workflow: 'loadgate',
        conclusion: 'failure',
      })
      const reported = await act('fork-trust-broken-report', 'fork-report.yml', 'workflow_run', runEvent)
      assert.notEqual(reported.code, 0, logTail(reported))
      assert.deepEqual(
        states().map(([state]) => state),
        ['error'],
        logTail(reported),
      )
      // Its run recorded why it could not start: an invalid run, told as `error`, labelled unverified.
      assert.match(brokenComments()[0]!.body, /Invalid run[\s\S]*fixed host port/)
      assert.match(brokenComments()[0]!.body, /Reported by the fork's own run, unverified/)

      const dispatch = await dispatchEvent({
        'pull-request': String(broken.number),
        'head-sha': broken.headSha,
      })
      const trusted = await act('fork-trust-broken-trusted', 'trusted-run.yml', 'workflow_dispatch', dispatch)
      assert.notEqual(trusted.code, 0, logTail(trusted))
      assert.deepEqual(
        states().map(([state]) => state),
        ['error', 'pending', 'pending', 'error'],
        logTail(trusted),
      )
      assert.equal(
        double.state.statuses.at(-1)!.target_url,
        `https://github.com/${repo.repository}/actions/runs/${trusted.runId}`,
      )
      assert.equal(brokenComments().length, 1, 'the same comment, edited in place')
      assert.match(brokenComments()[0]!.body, /Invalid run[\s\S]*fixed host port/)
      assert.doesNotMatch(brokenComments()[0]!.body, /unverified/)
      assert.ok(brokenComments()[0]!.body.includes(`/actions/runs/${trusted.runId}`), 'links the trusted run')
      assert.deepEqual(double.violations, [])
    },
  )
})
