import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { runAction, runPostStep } from '../../testkit/action'
import { assertNothingLeft } from '../../testkit/docker'
import { copyExample } from '../../testkit/example-repo'
import { commitAll, makeWorkRepo, writeFiles, type WorkRepo } from '../../testkit/git-repos'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'

// One pull request run of four benchmarks on real Docker, Compose and k6: three fail in the ways a
// user meets (an image that does not build, a service that never becomes healthy, a k6 script that
// crashes), the fourth is fine. Each says on the pull request what happened; none stops the others.

const RUN_ID = `77${process.pid}`
const RUN_URL = `https://github.com/acme/shop/actions/runs/${RUN_ID}`

const FILES: Record<string, string> = {
  'compose/broken/compose.yaml': "services:\n  app:\n    build: ./app\n    ports: ['8080']\n",
  'compose/broken/app/Dockerfile': 'FROM scratch\nCOPY no-such-binary /app\n',
  'compose/unhealthy.yaml': [
    'services:',
    '  api:',
    '    build: ./api',
    "    ports: ['8080']",
    '    healthcheck:',
    "      test: ['CMD', '/api', '-no-such-flag']",
    '      interval: 1s',
    '      timeout: 2s',
    '      retries: 2',
    '',
  ].join('\n'),
  'compose/k6/crash.js': "throw new Error('<b>boom</b> while loading the script')\n",
  'loadgate.yml': [
    'min-rounds: 3',
    'max-rounds: 3',
    'fail-on: INVALID',
    'warmup: 1s',
    'seed: 1234',
    'fresh-instances: run',
    'benchmarks:',
    ...[
      ['broken-build', 'compose/k6/api.js', 'compose/broken/compose.yaml', 'app'],
      ['unhealthy', 'compose/k6/api.js', 'compose/unhealthy.yaml', 'api'],
      ['crash', 'compose/k6/crash.js', 'compose/compose.yaml', 'api'],
      ['api', 'compose/k6/api.js', 'compose/compose.yaml', 'api'],
    ].flatMap(([name, script, compose, service]) => [
      `  - name: ${name}`,
      `    k6-script: ${script}`,
      `    compose-file: ${compose}`,
      `    service: ${service}`,
      '    port: 8080',
      '    k6-env: { DURATION: 1s, RATE: 50 }',
      ...(name === 'broken-build' ? [] : ['    prepare: bash compose/prepare.sh']),
    ]),
    '',
  ].join('\n'),
}

let repo: WorkRepo
let headSha: string
let double: GitHubDouble
let dir: string
before(async () => {
  repo = await makeWorkRepo({
    prefix: 'loadgate-failures-',
    fill: async (dest) => {
      await copyExample(dest)
      await writeFiles(dest, FILES)
    },
    origin: 'none',
  })
  await writeFiles(repo.dir, { 'NOTES.md': 'unrelated\n' })
  headSha = commitAll(repo.dir, 'Head change')
  double = await startGitHubDouble({ pulls: [{ number: 3, headSha }] })
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-failures-run-'))
})
after(async () => {
  await double?.close()
  await repo?.cleanup()
  await rm(dir, { recursive: true, force: true })
})

const event = () => ({
  name: 'pull_request',
  payload: {
    pull_request: {
      number: 3,
      base: { ref: 'main', sha: repo.sha, repo: { full_name: 'acme/shop' } },
      head: { ref: 'feature', sha: headSha, repo: { full_name: 'acme/shop' } },
    },
    repository: { full_name: 'acme/shop', default_branch: 'main' },
  },
})

const inputs = () => ({ 'github-token': 'ghs_write_token', config: 'loadgate.yml', 'base-ref': repo.sha })

describe('failing benchmarks of a pull request run (real Docker, Compose and k6)', () => {
  test(
    'a build failure, an unhealthy service and a k6 crash each leave error and a comment; the fourth still runs',
    { timeout: 600_000 },
    async () => {
      const run = await runAction({
        dir,
        workspace: repo.dir,
        inputs: inputs(),
        event: event(),
        apiUrl: double.url,
        entry: 'src/action/index.ts',
        extraEnv: { GITHUB_RUN_ID: RUN_ID },
      })
      assert.equal(run.code, 1, run.stdout)
      assert.equal(run.outputs.verdict, 'ERROR', run.stdout)
      await mkdir('test-output', { recursive: true })
      await writeFile(
        'test-output/failure-status.json',
        JSON.stringify({ statuses: double.state.statuses, comments: double.state.comments.get(3) }, null, 2),
      )
      const statuses = double.state.statuses.filter((s) => s.sha === headSha)
      // Every benchmark is pending, linking the run, before the first one starts.
      assert.deepEqual(
        statuses.slice(0, 4).map((s) => [s.context, s.state, s.description]),
        ['broken-build', 'unhealthy', 'crash', 'api'].map((b) => [
          `loadgate/${b}`,
          'pending',
          'measuring base and head…',
        ]),
      )
      assert.ok(statuses.every((s) => s.target_url === RUN_URL))
      assert.ok(
        statuses.every((s) => s.description.length <= 140 && ![...s.description].some((c) => c < ' ')),
      )
      const final = (benchmark: string) => {
        const mine = statuses.filter((s) => s.context === `loadgate/${benchmark}`)
        assert.equal(mine.length, 2, `pending, then one final status: ${JSON.stringify(mine)}`)
        return mine[1]!
      }
      assert.equal(final('broken-build').state, 'error')
      assert.match(final('broken-build').description, /did not start: .*failed to solve: .*no-such-binary/)
      assert.equal(final('unhealthy').state, 'error')
      assert.match(
        final('unhealthy').description,
        /did not start: service 'api' is unhealthy; health check: /,
      )
      assert.equal(final('crash').state, 'error')
      assert.match(final('crash').description, /^Invalid run — the k6 script cannot run/)
      assert.equal(final('api').state, 'success', 'the benchmark after three failures ran and passed')

      const comment = (benchmark: string) => {
        const ours = (double.state.comments.get(3) ?? []).filter((c) =>
          c.body.startsWith(`<!-- loadgate:${benchmark} `),
        )
        assert.equal(ours.length, 1, benchmark)
        return ours[0]!.body
      }
      for (const benchmark of ['broken-build', 'unhealthy']) {
        const body = comment(benchmark)
        assert.match(
          body,
          new RegExp(`### ⚠️ loadgate · ${benchmark.replace('-', '\\\\-')} — error: no verdict`),
        )
        assert.match(body, /did not start/)
        assert.ok(body.includes(`[workflow run](${RUN_URL})`))
      }
      assert.match(comment('unhealthy'), /unhealthy/)
      assert.match(comment('crash'), /### ⛔ loadgate · crash — Invalid run — the k6 script cannot run/)
      assert.ok(comment('crash').includes('&lt;b&gt;boom&lt;/b&gt;'), 'escaped')
      assert.match(
        comment('api'),
        /^<!-- loadgate:api digest=\w+ head=[0-9a-f]{40} -->\n### \S+ loadgate · api — (Approved|Inconclusive)/,
      )

      const failed = run.stdout.split('\n').filter((line) => line.startsWith('::error::'))
      assert.equal(failed.length, 1, run.stdout)
      assert.match(failed[0]!, /broken-build: .*did not start.*unhealthy: .*crash: Invalid run/)
      assert.match(run.summary, /loadgate · broken\\-build — error: no verdict/)
      assert.deepEqual(double.violations, [])
      assertNothingLeft(`loadgate-${RUN_ID}-`)

      // Every pending was settled: the post step changes nothing.
      const gates = JSON.parse(run.state['loadgate-gates'] ?? '[]') as Array<{ settled: boolean }>
      assert.equal(gates.length, 4)
      assert.ok(gates.every((g) => g.settled))
      const requests = double.requests.length
      const post = await runPostStep({ inputs: inputs(), state: run.state, apiUrl: double.url })
      assert.equal(post.code, 0, post.stdout)
      assert.equal(double.requests.length, requests)
    },
  )

  test(
    'a cancelled run: the runner stops the main step mid-measurement, the post step turns its pending into error',
    { timeout: 600_000 },
    async () => {
      const config = ['min-rounds: 3', 'max-rounds: 3', 'fail-on: INVALID', 'fresh-instances: run', '']
      await writeFiles(repo.dir, { 'cancel.yml': config.join('\n') })
      const cancelInputs = {
        'github-token': 'ghs_write_token',
        config: 'cancel.yml',
        'base-ref': repo.sha,
        name: 'cancelled',
        'k6-script': 'compose/k6/api.js',
        'compose-file': 'compose/compose.yaml',
        service: 'api',
        port: '8080',
        'k6-env': 'DURATION=30s\nRATE=20',
        prepare: 'bash compose/prepare.sh',
      }
      const runId = `78${process.pid}`
      const run = await runAction({
        dir,
        workspace: repo.dir,
        inputs: cancelInputs,
        event: event(),
        apiUrl: double.url,
        entry: 'src/action/index.ts',
        extraEnv: { GITHUB_RUN_ID: runId },
        cancelWhen: /starting (base|head)/,
      })
      assert.notEqual(run.code, 0, run.stdout)
      const mine = () =>
        double.state.statuses.filter((s) => s.sha === headSha && s.context === 'loadgate/cancelled')
      assert.deepEqual(
        mine().map((s) => s.state),
        ['pending'],
        'the main step was stopped before any verdict',
      )

      const post = await runPostStep({ inputs: cancelInputs, state: run.state, apiUrl: double.url })
      assert.equal(post.code, 0, post.stdout)
      assert.deepEqual(
        mine().map((s) => [s.state, s.description, s.target_url]),
        [
          ['pending', 'measuring base and head…', `https://github.com/acme/shop/actions/runs/${runId}`],
          [
            'error',
            'loadgate was cancelled or stopped before a verdict',
            `https://github.com/acme/shop/actions/runs/${runId}`,
          ],
        ],
      )
      assert.deepEqual(double.violations, [])
      assertNothingLeft(`loadgate-${runId}-`)
    },
  )
})
