import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseK6Output } from '../../src/measure/load/k6/parse'
import { percentile } from '../../src/measure/load/k6/values'
import { readResults } from '../../src/model/results-file'
import type { ResultsFile, Trial } from '../../src/model/types'
import { logTail, packAction, runAct, workflowForTest } from '../../testkit/act'
import { assertNothingLeft } from '../../testkit/docker'
import { copyExample } from '../../testkit/example-repo'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { makeTestRepo, type PullRequestRef, type TestRepo } from '../../testkit/test-repo'

// workflows/distributed.yml under act: a matrix of 3 segment jobs, each running k6's execution
// segment i/3 of the same seeded rounds against a real Compose stack of the example started here
// as the "deployed" environment (base and head both), then the merge job, which downloads their
// artifacts, merges and posts the verdict to the GitHub API double. Real k6, Docker and git. The
// jobs are not synchronised beyond starting together: 5-second trials keep their drift (about a
// second here, three k6 on two cores) inside what the merge accepts as one load.

const TOKEN = 'ghs_e2e_distributed_token'
const OUTPUT = 'test-output/act'
const RATE = 60
const DURATION = '5s'
const prefix = `distributed${process.pid}`
let stackDir: string
let url: string
let repo: TestRepo
let pr: PullRequestRef
let double: GitHubDouble
const cleanups: Array<() => Promise<void>> = []

function compose(args: string[]): string {
  return execFileSync(
    'docker',
    ['compose', '-p', prefix, '-f', path.join(stackDir, 'compose', 'compose.yaml'), ...args],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  ).trim()
}

before(async () => {
  await mkdir(OUTPUT, { recursive: true })
  stackDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-deployed-'))
  cleanups.push(() => rm(stackDir, { recursive: true, force: true }))
  await copyExample(stackDir)
  execFileSync('bash', ['compose/prepare.sh'], { cwd: stackDir, stdio: 'ignore' })
  cleanups.unshift(async () => {
    compose(['down', '--volumes', '--remove-orphans', '--rmi', 'local', '--timeout', '5'])
  })
  compose(['up', '--build', '--detach', '--wait', '--wait-timeout', '120'])
  url = `http://127.0.0.1:${/:(\d+)$/.exec(compose(['port', 'api', '8080']))![1]}`

  const rounds = { 'min-rounds': '3', 'max-rounds': '3', 'fail-on': 'INVALID', warmup: '1s' }
  repo = await makeTestRepo({
    workflows: {
      'distributed.yml': await workflowForTest('distributed.yml', {
        inputs: rounds,
        k6Env: { DURATION, RATE: String(RATE) },
        everyStep: true,
      }),
    },
  })
  cleanups.push(repo.cleanup)
  pr = await repo.openPullRequest({ number: 21, branch: 'docs', files: { 'README.md': '# shop\n' } })
  double = await startGitHubDouble({
    pulls: [
      {
        number: pr.number,
        headSha: pr.headSha,
        author: 'dev',
        headRef: pr.branch,
        headRepository: repo.repository,
      },
    ],
  })
  cleanups.unshift(() => double.close())
})

after(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => undefined)
  assertNothingLeft(`${prefix}`)
})

/** Every successful request's latency in the raw outputs, read the slow way (gzip, JSON per line). */
function latencies(files: string[]): number[] {
  return files
    .flatMap((file) =>
      execFileSync('gzip', ['-dc', file], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\n'),
    )
    .filter((line) => line.startsWith('{"metric":"http_req_duration"'))
    .map((line) => JSON.parse(line) as { data: { value: number; tags: Record<string, string> } })
    .filter((point) => point.data.tags.expected_response === 'true')
    .map((point) => point.data.value)
    .sort((a, b) => a - b)
}

const requests = (trial: Trial) => trial.series.find((s) => s.key === 'all requests')?.requests ?? 0
const stem = (t: Trial) =>
  t.phase === 'warmup' ? `warmup-${t.arm}` : `round-${String(t.round).padStart(2, '0')}-${t.arm}`

describe('distributed load under act', () => {
  test(
    '3 segment jobs and the merge job: the merged trials are the union of the segments’ requests',
    { timeout: 600_000 },
    async () => {
      const actionDir = await packAction(path.join(repo.root, 'action'))
      const artifacts = path.join(repo.root, 'artifacts')
      const run = await runAct({
        cwd: repo.dir,
        workflow: '.github/workflows/distributed.yml',
        event: 'pull_request',
        eventFile: await repo.pullRequestEvent(pr),
        actionDir,
        repository: repo.repository,
        token: TOKEN,
        vars: { LOADGATE_BASE_URL: url, LOADGATE_HEAD_URL: url },
        cacheDir: path.join(repo.root, 'act-cache'),
        env: {
          GITHUB_API_URL: double.url,
          LOADGATE_TEST_ORIGIN: repo.origin,
          LOADGATE_TEST_ARTIFACTS: artifacts,
        },
        timeoutMs: 540_000,
      })
      await writeFile(path.join(OUTPUT, 'distributed.log'), run.log)
      assert.equal(run.code, 0, logTail(run))

      const uploaded = path.join(artifacts, run.runId)
      // `.ids` is the upload stand-in's record of artifact ids, as GitHub keeps them; not an artifact.
      assert.deepEqual((await readdir(uploaded)).filter((name) => name !== '.ids').sort(), [
        'loadgate-results',
        'loadgate-segment-1',
        'loadgate-segment-2',
        'loadgate-segment-3',
      ])
      const segments: Array<{ dir: string; results: ResultsFile }> = []
      for (const index of [1, 2, 3]) {
        const dir = path.join(uploaded, `loadgate-segment-${index}`, 'api')
        const results = await readResults(path.join(dir, 'results.json'))
        assert.deepEqual(results.meta.segment, { index, count: 3 })
        segments.push({ dir, results })
      }
      const merged = await readResults(path.join(uploaded, 'loadgate-results', 'api', 'results.json'))
      assert.equal(merged.meta.segment, undefined)
      assert.equal(merged.trials.length, 2 + 3 * 2)
      for (const trial of merged.trials) {
        assert.ok(trial.valid, `${stem(trial)}: ${trial.invalidReason}`)
        const parts = segments.map((s) => s.results.trials.find((t) => stem(t) === stem(trial))!)
        // Each machine ran its own share; together they are the trial.
        assert.ok(parts.every((p) => requests(p) > 0 && requests(p) < requests(trial)))
        assert.equal(
          requests(trial),
          parts.reduce((n, p) => n + requests(p), 0),
          stem(trial),
        )
        const values = latencies(segments.map((s) => path.join(s.dir, `${stem(trial)}.json.gz`)))
        const all = trial.series.find((s) => s.key === 'all requests')!.latency!
        assert.equal(all.count, values.length)
        for (const p of [0.5, 0.9, 0.95, 0.99] as const) {
          const key = `p${Math.round(p * 100)}` as 'p50' | 'p90' | 'p95' | 'p99'
          assert.equal(all[key], percentile(values, p), `${stem(trial)} ${key}`)
        }
      }

      // One k6 process running the whole load against the same target makes as many requests as
      // the three segments of a trial together.
      const whole = path.join(repo.root, 'whole.json')
      execFileSync(
        'k6',
        [
          'run',
          '--quiet',
          '--no-usage-report',
          '--address',
          '',
          '--out',
          `json=${whole}`,
          '-e',
          `BASE_URL=${url}`,
          '-e',
          `DURATION=${DURATION}`,
          '-e',
          `RATE=${RATE}`,
          'compose/k6/api.js',
        ],
        { stdio: 'ignore' },
      )
      const wholeRequests = (await parseK6Output(whole)).series[0]!.requests
      for (const trial of merged.trials.filter((t) => t.phase === 'measure'))
        assert.ok(
          Math.abs(requests(trial) - wholeRequests) <= 1,
          `${stem(trial)}: ${requests(trial)} vs ${wholeRequests}`,
        )

      const comments = double.state.comments.get(pr.number) ?? []
      assert.equal(comments.filter((c) => c.body.startsWith('<!-- loadgate:api ')).length, 1, logTail(run))
      assert.deepEqual(
        [...new Set(double.state.statuses.filter((s) => s.sha === pr.headSha).map((s) => s.context))],
        ['loadgate/api'],
      )
    },
  )

  test(
    'segment jobs that never start: the merge job turns the status to error with a comment',
    { timeout: 300_000 },
    async () => {
      const actionDir = await packAction(path.join(repo.root, 'action-failing'))
      const before = double.state.statuses.length
      // Not a URL: every segment job stops at its settings, uploading nothing.
      const run = await runAct({
        cwd: repo.dir,
        workflow: '.github/workflows/distributed.yml',
        event: 'pull_request',
        eventFile: await repo.pullRequestEvent(pr),
        actionDir,
        repository: repo.repository,
        token: TOKEN,
        vars: { LOADGATE_BASE_URL: 'not-a-url', LOADGATE_HEAD_URL: 'not-a-url' },
        cacheDir: path.join(repo.root, 'act-cache'),
        env: {
          GITHUB_API_URL: double.url,
          LOADGATE_TEST_ORIGIN: repo.origin,
          LOADGATE_TEST_ARTIFACTS: path.join(repo.root, 'artifacts'),
        },
        timeoutMs: 240_000,
      })
      await writeFile(path.join(OUTPUT, 'distributed-failing.log'), run.log)
      assert.notEqual(run.code, 0, logTail(run))
      const mine = double.state.statuses.slice(before).filter((s) => s.sha === pr.headSha)
      assert.deepEqual(
        mine.map((s) => [s.context, s.state]),
        [
          ['loadgate/api', 'pending'],
          ['loadgate/api', 'error'],
        ],
        logTail(run),
      )
      assert.match(mine[1]!.description, /segment/)
      assert.equal(mine[1]!.target_url, `https://github.com/${repo.repository}/actions/runs/${run.runId}`)
      const comment = (double.state.comments.get(pr.number) ?? []).find((c) =>
        c.body.startsWith('<!-- loadgate:api '),
      )!
      assert.match(comment.body, /error: no verdict/)
      assert.ok(comment.body.includes(`/actions/runs/${run.runId}`), 'links the run')
      assert.deepEqual(double.violations, [])
    },
  )
})
