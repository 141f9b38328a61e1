import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { logTail, packAction, runWorkflowOf, workflowForTest, type ActRun } from '../../testkit/act'
import { commitAll, git, writeFiles } from '../../testkit/git-repos'
import { makeTestRepo, type TestRepo } from '../../testkit/test-repo'

// The trusted run (trusted-run.yml under act, real Docker, Compose, k6 and git) for a fork's pull
// request whose head is a merge of main into the feature branch: feature commit R makes every
// endpoint twice as slow, main moves on, and the contributor merges main into the feature (M,
// parents R and main). M's first parent is R: comparing with it measured R against M, two equally
// slow trees, and turned the status green. The base is the merge-base of M with main, so the
// regression is measured and blocks. A dispatch naming a commit that is not the PR's head is
// refused before anything is measured or posted.
// The fork also writes its own loadgate.yml, which a trusted run never uses: M's sets `base-ref` to R
// (R vs M again: NO CHANGE, and success), and on a second PR a commit on top of M sets `target: url`
// with both URLs on one server (the same answers twice: NO CHANGE). The trusted branch's settings
// measure the regression against main and block both; the comment names the keys ignored.
// (`base-ref: HEAD^` says the same, but a depth-1 checkout cannot resolve it: a sha can be fetched.)

const TOKEN = 'ghs_e2e_trusted_merge_token'
const OUTPUT = 'test-output/act'
const PULL = 31
/** The pull request whose head sets `target: url`. */
const URL_PULL = 32
// Eight rounds of a 2x slowdown: every round's ratio points the same way, p = 2⁻⁸ at one look.
const inputs = { 'min-rounds': '8', 'max-rounds': '8', warmup: '2s', 'fresh-instances': 'run' }
// 100 requests/s: a rate two shared cores keep under load, so neither arm drops iterations.
const k6Env = { DURATION: '2s', RATE: '100' }

let repo: TestRepo
let actionDir: string
let double: GitHubDouble
/** Answers 200 to everything: what both of the fork's URLs point at. */
let sameServer: Server
const sha = { regressed: '', main: '', head: '', url: '' }

async function act(scenario: string, eventFile: string): Promise<ActRun> {
  return runWorkflowOf(repo, {
    scenario,
    workflow: 'trusted-run.yml',
    event: 'workflow_dispatch',
    eventFile,
    actionDir,
    apiUrl: double.url,
    token: TOKEN,
    timeoutMs: 600_000,
  })
}

/**
 * What a maintainer starts: workflow_dispatch with the PR and a head commit, from the branch the
 * workflow file says (`loadgate-trusted`, made from main; the default branch is refused).
 */
async function dispatch(headSha: string, pull = PULL): Promise<string> {
  git(repo.dir, 'checkout', '-q', '-B', 'loadgate-trusted', 'main')
  const file = path.join(repo.root, 'events', `dispatch-${headSha.slice(0, 7)}.json`)
  const repository = {
    full_name: repo.repository,
    name: 'shop',
    owner: { login: 'acme' },
    default_branch: 'main',
  }
  const payload = {
    inputs: { 'pull-request': String(pull), 'head-sha': headSha },
    ref: 'refs/heads/loadgate-trusted',
  }
  await writeFile(file, JSON.stringify({ ...payload, repository, sender: { login: 'maintainer' } }, null, 2))
  return file
}

const statuses = () =>
  double.state.statuses.filter((s) => Object.values(sha).includes(s.sha)).map((s) => [s.sha, s.state])

/** The action as packed for act: a fresh build of src/. */
let build: string | undefined

before(async () => {
  await mkdir(OUTPUT, { recursive: true })
  repo = await makeTestRepo({
    // Both jobs: the deciding job decides at the same one look (the trusted branch's defaults would
    // look at 10, 15 and 20 rounds, a stricter level per look than these 8 rounds need on a busy machine).
    workflows: {
      'trusted-run.yml': await workflowForTest('trusted-run.yml', { inputs, k6Env, everyStep: true }),
    },
  })
  build = await mkdtemp(path.join(os.tmpdir(), 'loadgate-build-'))
  execFileSync('node', ['scripts/build.mjs', path.join(build, 'dist')], { stdio: 'inherit' })
  for (const file of ['action.yml', 'package.json']) await copyFile(file, path.join(build, file))
  actionDir = await packAction(path.join(repo.root, 'action'), build)

  const dir = repo.dir
  git(dir, 'checkout', '-q', '-b', 'slow', 'main')
  await writeFiles(dir, { 'compose/.env': 'LATENCY_PERCENT=100\n' })
  sha.regressed = commitAll(dir, 'Cache the catalogue (every endpoint twice as slow)')
  sha.main = await repo.commitToMain('Docs', { 'README.md': '# shop\n' })
  git(dir, 'checkout', '-q', 'slow')
  git(dir, 'merge', '-q', '--no-ff', '--no-edit', '-m', 'Merge main into slow', 'main')
  const trustedSettings = await readFile(path.join(dir, 'loadgate.yml'), 'utf8')
  await writeFiles(dir, { 'loadgate.yml': `${trustedSettings}base-ref: ${sha.regressed}\n` })
  git(dir, 'commit', '-q', '--amend', '--no-edit', '-a')
  sha.head = git(dir, 'rev-parse', 'HEAD')
  sameServer = createServer((_request, response) => response.end('{}'))
  await new Promise<void>((resolve) => sameServer.listen(0, '127.0.0.1', resolve))
  const port = (sameServer.address() as { port: number }).port
  const url = `http://127.0.0.1:${port}`
  await writeFiles(dir, {
    'loadgate.yml': `${trustedSettings}target: url\nbase-url: ${url}\nhead-url: ${url}\n`,
  })
  sha.url = commitAll(dir, 'Measure the deployed environments')
  git(dir, 'checkout', '-q', 'main')
  // A fork's branch is not in the base repository: GitHub keeps its head as refs/pull/N/head.
  git(dir, 'push', '-q', 'origin', `+${sha.head}:refs/pull/${PULL}/head`)
  git(dir, 'push', '-q', 'origin', `+${sha.url}:refs/pull/${URL_PULL}/head`)
  double = await startGitHubDouble({
    pulls: [
      {
        number: PULL,
        headSha: sha.head,
        headRef: 'slow',
        headRepository: 'contributor/shop',
        author: 'contributor',
        baseRef: 'main',
        baseSha: sha.main,
      },
      {
        number: URL_PULL,
        headSha: sha.url,
        headRef: 'slow',
        headRepository: 'contributor/shop',
        author: 'contributor',
        baseRef: 'main',
        baseSha: sha.main,
      },
    ],
  })
})

after(async () => {
  await double?.close()
  sameServer?.close()
  if (process.env.LOADGATE_E2E_KEEP) console.log(`kept ${repo?.root}`)
  else await repo?.cleanup()
  if (build) await rm(build, { recursive: true, force: true })
})

describe("a trusted run of a fork's pull request whose head merged main into a regressed branch", () => {
  test(
    'a head-sha that is not the PR head is refused in one line naming both; nothing is measured or posted',
    { timeout: 600_000 },
    async () => {
      const run = await act('trusted-merge-stale', await dispatch(sha.regressed))
      assert.notEqual(run.code, 0, logTail(run))
      assert.ok(
        run.log.includes(
          `Workflow input 'head-sha' is ${sha.regressed}, but the head of pull request #${PULL} is ${sha.head}`,
        ),
        logTail(run),
      )
      assert.doesNotMatch(run.log, /measure base and head/, 'nothing was measured')
      assert.deepEqual(statuses(), [])
      assert.deepEqual(double.state.comments.get(PULL) ?? [], [])
      assert.deepEqual(double.violations, [])
    },
  )

  test(
    'the regression is measured against the merge-base with main and blocks; R vs M (the first parent) would pass',
    { timeout: 900_000 },
    async () => {
      const run = await act('trusted-merge-head', await dispatch(sha.head))
      const results = path.join(repo.root, 'artifacts', run.runId, 'loadgate-trusted', 'api', 'results.json')
      const measured = JSON.parse(await readFile(results, 'utf8'))
      // Pending as the run starts (announce) and as it decides, then the verdict.
      assert.deepEqual(
        statuses(),
        [
          [sha.head, 'pending'],
          [sha.head, 'pending'],
          [sha.head, 'failure'],
        ],
        logTail(run),
      )
      assert.notEqual(run.code, 0, `the decide job fails on a blocked head\n${logTail(run)}`)
      assert.equal(measured.meta.head.sha, sha.head)
      assert.equal(measured.meta.base.sha, sha.main, `the base is main as merged, not R (${sha.regressed})`)
      const comments = (double.state.comments.get(PULL) ?? []).filter((c) =>
        c.body.startsWith('<!-- loadgate:api '),
      )
      assert.equal(comments.length, 1)
      assert.match(comments[0]!.body, /### ❌ loadgate · api — Blocked — /)
      assert.match(
        comments[0]!.body,
        /The head's loadgate.yml differs from the trusted branch's on `base-ref`: a trusted run measures/,
      )
      assert.deepEqual(double.violations, [])
    },
  )

  test(
    "a fork's `target: url` with both URLs on one server is ignored: the regression is measured here and blocks",
    { timeout: 900_000 },
    async () => {
      const run = await act('trusted-target-url', await dispatch(sha.url, URL_PULL))
      const results = path.join(repo.root, 'artifacts', run.runId, 'loadgate-trusted', 'api', 'results.json')
      const measured = JSON.parse(await readFile(results, 'utf8'))
      assert.deepEqual(
        statuses().filter(([s]) => s === sha.url),
        // The announce job's pending, the decide job's own, then the verdict.
        [
          [sha.url, 'pending'],
          [sha.url, 'pending'],
          [sha.url, 'failure'],
        ],
        logTail(run),
      )
      assert.equal(measured.meta.targets, undefined, 'measured with Compose, not at the URLs')
      assert.equal(measured.meta.base.sha, sha.main)
      const comment = (double.state.comments.get(URL_PULL) ?? []).find((c) =>
        c.body.startsWith('<!-- loadgate:api '),
      )
      assert.match(comment!.body, /differs from the trusted branch's on `base-url`, `head-url`, `target`:/)
      assert.deepEqual(double.violations, [])
    },
  )
})
