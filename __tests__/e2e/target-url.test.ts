import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { readComparisonArtifact } from '../../src/model/comparison-file'
import { readResults } from '../../src/model/results-file'
import { assertNothingLeft } from '../../testkit/docker'
import { copyExample, makeExampleRepo, type ExampleRepo } from '../../testkit/example-repo'

// `target: url` end to end: three Compose stacks of the example, started here (outside loadgate),
// stand in for deployed environments — a base, an identical head and a head whose service time
// is 60% longer. The CLI (from source: dist/ is built later) gates them over HTTP only.

const TOKEN = 'Bearer s3cr3t-token-1234'
const prefix = `targeturl${process.pid}`
const stacksDir = { path: '' }
const urls: Record<'base' | 'same' | 'slow', string> = { base: '', same: '', slow: '' }
let repo: ExampleRepo
const cleanups: Array<() => Promise<void>> = []

function compose(stack: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(
    'docker',
    [
      'compose',
      '-p',
      `${prefix}-${stack}`,
      '-f',
      path.join(stacksDir.path, 'compose', 'compose.yaml'),
      ...args,
    ],
    { encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim()
}

before(async () => {
  stacksDir.path = await mkdtemp(path.join(os.tmpdir(), 'loadgate-environments-'))
  cleanups.push(() => rm(stacksDir.path, { recursive: true, force: true }))
  await copyExample(stacksDir.path)
  execFileSync('bash', ['compose/prepare.sh'], { cwd: stacksDir.path, stdio: 'ignore' })
  const latency = { base: '0', same: '0', slow: '60' }
  for (const stack of ['base', 'same', 'slow'] as const) {
    cleanups.unshift(async () => {
      compose(stack, ['down', '--volumes', '--remove-orphans', '--rmi', 'local', '--timeout', '5'])
    })
    compose(stack, ['up', '--build', '--detach', '--wait', '--wait-timeout', '120'], {
      LATENCY_PERCENT: latency[stack],
    })
    const port = /:(\d+)$/.exec(compose(stack, ['port', 'api', '8080']))![1]
    urls[stack] = `http://127.0.0.1:${port}`
  }
  // The script proves the header reached k6: without it, it refuses to run.
  repo = await makeExampleRepo({
    files: {
      'k6/authed.js': (await readFile('compose/k6/api.js', 'utf8')).replace(
        'if (!BASE_URL)',
        `if (__ENV.AUTH_HEADER !== '${TOKEN}') throw new Error('no auth header')\nif (!BASE_URL)`,
      ),
    },
  })
  cleanups.push(repo.cleanup)
})

after(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => undefined)
  assertNothingLeft(`${prefix}-`)
})

let runs = 0

/** `loadgate compare` from source against two URLs; returns the exit code, output and files. */
async function gate(headUrl: string, baseUrl = urls.base, seed = '7') {
  const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-target-work-'))
  cleanups.push(() => rm(work, { recursive: true, force: true }))
  const runId = `${prefix}x${++runs}`
  const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href
  const result = spawnSync(
    'node',
    [
      '--import',
      tsx,
      path.resolve('src/cli/index.ts'),
      'compare',
      '--base',
      'HEAD~1',
      '--target',
      'url',
      '--base-url',
      baseUrl,
      '--head-url',
      headUrl,
      '--ready-path',
      '/health',
      '--ready-timeout',
      '3s',
      '--k6-script',
      'k6/authed.js',
      '--k6-env',
      `DURATION=2s\nRATE=100\nAUTH_HEADER=${TOKEN}`,
      '--thresholds',
      'p50 +20%\np90 inform',
      '--warmup',
      '1s',
      // Six: the fewest whose interval can exclude a change. One instance per arm blocks only
      // beyond its allowance, which a 60% slower head clears in every round.
      '--min-rounds',
      '6',
      '--max-rounds',
      '6',
      '--seed',
      seed,
      '--work-dir',
      work,
    ],
    { cwd: repo.dir, encoding: 'utf8', timeout: 600_000, env: { ...process.env, GITHUB_RUN_ID: runId } },
  )
  const output = `${result.stdout}\n${result.stderr}`
  assert.ok(!output.includes('s3cr3t'), 'the auth header is never printed')
  assertNothingLeft(`loadgate-${runId}`)
  return { code: result.status, output, work }
}

async function outcome(work: string) {
  const comparison = await readComparisonArtifact(path.join(work, 'authed', 'comparison.json'))
  const results = await readResults(path.join(work, 'authed', 'results.json'))
  const files = await readdir(path.join(work, 'authed'))
  for (const file of files.filter((f) => f.endsWith('.json') || f.endsWith('.html')))
    assert.ok(
      !(await readFile(path.join(work, 'authed', file), 'utf8')).includes('s3cr3t'),
      `${file} holds no token`,
    )
  const report = await readFile(path.join(work, 'authed', 'report.html'), 'utf8')
  return { comparison, results, report }
}

describe('target: url against two running environments', () => {
  test(
    'a head 60% slower is BLOCKED; both addresses are recorded, the report names them',
    { timeout: 600_000 },
    async () => {
      const run = await gate(`${urls.slow}/`)
      assert.equal(run.code, 1, run.output)
      const { comparison, results, report } = await outcome(run.work)
      assert.equal(comparison.verdict, 'REGRESSION', comparison.headline)
      assert.match(comparison.headline, /p50/)
      assert.deepEqual(results.meta.targets, { base: urls.base, head: urls.slow })
      assert.equal(results.trials.filter((t) => t.phase === 'measure' && !t.superseded).length, 12)
      for (const trial of results.trials) {
        assert.equal(trial.valid, true, trial.invalidReason)
        assert.deepEqual(trial.resources, [], 'nothing sampled on a deployed target')
      }
      assert.match(report, /only as fair as these two environments are alike/)
      assert.ok(report.includes(urls.slow), 'the report names the head address')
      // The defaults ask for fresh instances and a paused idle arm: neither exists here, said once.
      assert.equal(results.settings.freshInstances, 'run')
      assert.equal(results.settings.pauseIdleArm, false)
      assert.match(results.settings.instancesNote ?? '', /cannot be recreated or paused/)
      assert.equal(run.output.split('cannot be recreated or paused').length - 1, 1, run.output)
    },
  )

  test(
    'an identical head is not approved from one instance per arm: INCONCLUSIVE, not blocking',
    { timeout: 600_000 },
    async () => {
      const run = await gate(urls.same)
      assert.equal(run.code, 0, run.output)
      const { comparison } = await outcome(run.work)
      assert.equal(comparison.verdict, 'INCONCLUSIVE', comparison.headline)
      const p50 = comparison.series.flatMap((s) => s.metrics).find((m) => m.gate && m.metric === 'p50')!
      assert.equal(p50.note, 'one instance per arm: its own speed is not in the interval')
      assert.deepEqual(comparison.meta.targets, { base: urls.base, head: urls.same })
    },
  )

  test(
    'an unreachable head: one line, exit 3, the results file kept with the error',
    { timeout: 120_000 },
    async () => {
      const closed = 'http://127.0.0.1:9'
      // Seed 10 starts the base first (the start order is drawn): its URL is reached before the head fails.
      const run = await gate(closed, urls.base, '10')
      assert.equal(run.code, 3, run.output)
      assert.match(
        run.output,
        /The head target at http:\/\/127\.0\.0\.1:9 is unreachable: ECONNREFUSED for 3 s \(ready-timeout\)/,
      )
      const results = await readResults(path.join(run.work, 'authed', 'results.json'))
      assert.match(results.error ?? '', /unreachable/)
      assert.deepEqual(results.meta.targets, { base: urls.base })
    },
  )
})
