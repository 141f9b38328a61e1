import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { logTail, packAction, runAct, workflowForTest } from '../../testkit/act'
import { loadgateLeftovers } from '../../testkit/docker'
import { makeTestRepo, type PullRequestRef, type TestRepo } from '../../testkit/test-repo'

// pull-request.yml under act (real Docker, Compose, k6 and git) with `pass-env`: the build sees
// the Actions cache variables BuildKit's type=gha cache reads (which the runner gives the action)
// and the variables the workflow names: `prepare` in both arms' trees writes the names it sees,
// and Compose refuses the file unless every call of it has GOPRIVATE. Never the job's token or the
// action's inputs, and no value reaches the log. Three rounds of 2-s trials, about 40 s.

const TOKEN = 'ghs_e2e_pass_env_token'
const SECRET = 'npm_e2e_pass_env_value_4f1c'
const RUNTIME_TOKEN = 'e2e_runtime_token_9d2a'
const CACHE = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_CACHE_URL', 'ACTIONS_RESULTS_URL']

let seen: string
let repo: TestRepo
let actionDir: string
let build: string
let double: GitHubDouble
let pr: PullRequestRef

before(async () => {
  await mkdir('test-output/act', { recursive: true })
  seen = await mkdtemp(path.join(os.tmpdir(), 'loadgate-pass-env-'))
  const inputs = {
    'min-rounds': '3',
    'max-rounds': '3',
    warmup: '1s',
    'fail-on': 'INVALID',
    'fresh-instances': 'run',
    'pass-env': `${CACHE.join(' ')} GOPRIVATE NODE_AUTH_TOKEN`,
    // The names the build step sees, one file per tree, then the example's own build.
    prepare: `env | cut -d= -f1 | sort > ${seen}/$(basename "$PWD").names && bash compose/prepare.sh`,
  }
  repo = await makeTestRepo({
    workflows: {
      'pull-request.yml': await workflowForTest('pull-request.yml', {
        inputs,
        k6Env: { DURATION: '2s', RATE: '100' },
      }),
    },
  })
  build = await mkdtemp(path.join(os.tmpdir(), 'loadgate-build-'))
  execFileSync('node', ['scripts/build.mjs', path.join(build, 'dist')], { stdio: 'inherit' })
  for (const file of ['action.yml', 'package.json']) await copyFile(file, path.join(build, file))
  actionDir = await packAction(path.join(repo.root, 'action'), build)
  // Compose refuses the file without GOPRIVATE: every Compose call for the stacks must have it.
  const compose = await readFile(path.join(repo.dir, 'compose/compose.yaml'), 'utf8')
  const needsIt =
    '    build:\n      context: ./api\n      args:\n        GOPRIVATE: ${GOPRIVATE:?pass-env names it}\n'
  assert.ok(compose.includes('    build: ./api\n'))
  await repo.commitToMain('The build reads GOPRIVATE', {
    'compose/compose.yaml': compose.replace('    build: ./api\n', needsIt),
  })
  pr = await repo.openPullRequest({ number: 41, branch: 'docs', files: { 'README.md': '# shop\n' } })
  double = await startGitHubDouble({
    pulls: [
      {
        number: pr.number,
        headSha: pr.headSha,
        headRef: pr.branch,
        headRepository: pr.headRepository,
        author: 'author',
        baseRef: 'main',
        baseSha: pr.baseSha,
      },
    ],
  })
})

after(async () => {
  await double?.close()
  await repo?.cleanup()
  await rm(seen, { recursive: true, force: true })
  await rm(build, { recursive: true, force: true })
})

describe('pass-env under act', () => {
  test(
    "a pull request's build step sees the cache variables and the named ones, never the token; no value is logged",
    { timeout: 480_000 },
    async () => {
      const run = await runAct({
        cwd: repo.dir,
        workflow: '.github/workflows/pull-request.yml',
        event: 'pull_request',
        eventFile: await repo.pullRequestEvent(pr),
        actionDir,
        repository: repo.repository,
        token: TOKEN,
        cacheDir: path.join(repo.root, 'act-cache'),
        env: {
          GITHUB_API_URL: double.url,
          LOADGATE_TEST_ORIGIN: repo.origin,
          LOADGATE_TEST_ARTIFACTS: path.join(repo.root, 'artifacts'),
          // act gives the action ACTIONS_CACHE_URL (its cache server); the runtime token and the
          // results URL only with an artifact server of its own, so they come as GitHub's runner gives them.
          ACTIONS_RUNTIME_TOKEN: RUNTIME_TOKEN,
          ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/',
          GOPRIVATE: 'example.com/private',
          NODE_AUTH_TOKEN: SECRET,
        },
        timeoutMs: 420_000,
      })
      await writeFile('test-output/act/pass-env.log', run.log)
      console.log(`pull-request.yml with pass-env under act: ${run.seconds.toFixed(0)} s`)
      assert.equal(run.code, 0, logTail(run))
      const left = loadgateLeftovers().filter((name) => name.startsWith(`loadgate-${run.runId}-`))
      assert.deepEqual(left, [], `the run left Docker resources behind\n${logTail(run)}`)
      const trees = (await readdir(seen)).sort()
      assert.equal(trees.length, 2, `prepare ran in both arms' trees: ${trees.join(', ')}`)
      for (const tree of trees) {
        const names = (await readFile(path.join(seen, tree), 'utf8')).split('\n')
        for (const name of [...CACHE, 'GOPRIVATE', 'NODE_AUTH_TOKEN'])
          assert.ok(names.includes(name), `${tree}: the build step sees ${name}`)
        assert.deepEqual(
          names.filter((name) => name === 'GITHUB_TOKEN' || name.startsWith('INPUT_')),
          [],
          `${tree}: no token, no input`,
        )
      }
      for (const value of [SECRET, RUNTIME_TOKEN])
        assert.ok(!run.log.includes(value), 'no value of a passed variable in the log')
      assert.doesNotMatch(run.log, /not passed to the build/)
    },
  )
})
