import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { renderComment } from '../../src/report/markdown'
import { CUSTOM_SERIES } from '../../src/model/metrics'
import { readResults } from '../../src/model/results-file'
import type { Comparison, ResultsFile } from '../../src/model/types'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo } from '../../testkit/example-repo'

/** What a reader sees first ends where the comment's details begin (thin tails have details of their own). */
const ALL_METRICS = '<details><summary>All metrics'

// Stacks modeled on published performance-report failures (compose/scenarios/), each gated by
// the real CLI on a base/head pair. The comment each produced is saved in test-output/scenarios/.

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

let runs = 0

async function gate(options: {
  name: string
  script: string
  service: string
  headEnv: string
  rounds: number
  extra?: string[]
  reverse?: boolean
  warmup?: string
  /** fresh-instances: run (one instance per arm, the quickest) unless a test needs its offset in the interval. */
  fresh?: 'round' | 'run'
  /** Saves the comment as test-output/scenarios/<label>.md (default: the scenario's name). */
  label?: string
}): Promise<{ comparison: Comparison; results: ResultsFile }> {
  const repo = await makeExampleRepo({
    files: { [`compose/scenarios/${options.name}/.env`]: `${options.headEnv}\n` },
  })
  cleanups.push(repo.cleanup)
  const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-scenario-'))
  cleanups.push(() => rm(work, { recursive: true, force: true }))
  // The run's own Compose projects are `loadgate-<run id>-…`: other stacks may share the engine.
  const runId = `scenario${process.pid}x${++runs}`
  const refs = options.reverse ? ['--base', 'HEAD', '--head', 'HEAD~1'] : ['--base', 'HEAD~1']
  const result = spawnSync(
    'node',
    [
      path.resolve('dist/cli.js'),
      'compare',
      ...refs,
      '--compose-file',
      `compose/scenarios/${options.name}/compose.yaml`,
      '--service',
      options.service,
      '--port',
      '8080',
      '--k6-script',
      `compose/scenarios/${options.name}/k6/${options.script}`,
      '--prepare',
      'bash compose/scenarios/prepare.sh',
      '--k6-env',
      'DURATION=2s',
      '--warmup',
      options.warmup ?? '1s',
      '--fresh-instances',
      options.fresh ?? 'run',
      '--min-rounds',
      String(options.rounds),
      '--max-rounds',
      String(options.rounds),
      '--work-dir',
      work,
      ...(options.extra ?? []),
    ],
    { cwd: repo.dir, encoding: 'utf8', timeout: 600_000, env: { ...process.env, GITHUB_RUN_ID: runId } },
  )
  assert.ok(
    result.status === 0 || result.status === 1,
    `loadgate failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
  )
  const comparison = JSON.parse(
    await readFile(path.join(work, 'api', 'comparison.json'), 'utf8'),
  ) as Comparison
  await mkdir('test-output/scenarios', { recursive: true })
  const label = options.label ?? `${options.name}${options.reverse ? '-reversed' : ''}`
  await writeFile(`test-output/scenarios/${label}.md`, renderComment(comparison, {}))
  assertNothingLeft(`loadgate-${runId}-`)
  return { comparison, results: await readResults(path.join(work, 'api', 'results.json')) }
}

/** Failed requests of the trials of one phase, both arms. */
function failedRequests(results: ResultsFile, phase: 'warmup' | 'measure'): number {
  return results.trials
    .filter((t) => t.phase === phase)
    .flatMap((t) => t.series)
    .reduce((sum, s) => sum + s.failed, 0)
}

describe('real-world scenarios', () => {
  test(
    'dependency down: every request ends in 5xx after retries → INVALID with the error rate and codes, never approved',
    { timeout: 600_000 },
    async () => {
      const { comparison: c } = await gate({
        name: 'dependency-down',
        script: 'search.js',
        service: 'search',
        headEnv: 'INDEX_DOWN=1',
        rounds: 3,
        extra: ['--name', 'api', '--fail-on', 'INVALID'],
      })
      assert.equal(c.verdict, 'INVALID')
      assert.match(c.headline, /^Invalid run — head returned 100\.0% errors \(HTTP 50[03] ×\d+/)
      assert.equal(c.blocking, true)
      const body = renderComment(c, {})
      assert.doesNotMatch(
        body.split(ALL_METRICS)[0]!,
        /\| p(50|90|95) \|/,
        'no latency comparison of failed requests',
      )
    },
  )

  test(
    'blocked event loop: moving /query off the path is a large IMPROVEMENT of /status; reversed it is a REGRESSION',
    { timeout: 900_000 },
    async () => {
      const { comparison: fixed } = await gate({
        name: 'blocked-event-loop',
        script: 'event-loop.js',
        service: 'app',
        headEnv: 'BLOCKING=0',
        // Eight: an IMPROVEMENT needs its own interval below no change as well, and at six rounds
        // that interval ends at the highest round, which one round a busy machine disturbed can lift.
        rounds: 8,
        extra: ['--name', 'api'],
      })
      const status = (c: Comparison) =>
        c.series.find((s) => s.name === 'GET /status')!.metrics.find((m) => m.metric === 'p95')!
      assert.equal(status(fixed).verdict, 'IMPROVEMENT', fixed.headline)
      assert.ok(status(fixed).change! < -0.5, `p95 of /status changed ${status(fixed).change}`)
      const { comparison: broken } = await gate({
        name: 'blocked-event-loop',
        script: 'event-loop.js',
        service: 'app',
        headEnv: 'BLOCKING=0',
        rounds: 6,
        reverse: true,
        extra: ['--name', 'api'],
      })
      assert.equal(broken.verdict, 'REGRESSION', broken.headline)
      assert.equal(status(broken).verdict, 'REGRESSION')
      assert.match(broken.headline, /GET \/status/)
    },
  )

  test(
    'faster median, wilder tail: the spread and p99 are flagged even though p95 < 2000ms is met',
    { timeout: 600_000 },
    async () => {
      const { comparison: c } = await gate({
        name: 'wild-tail',
        script: 'work.js',
        service: 'app',
        headEnv: 'SPEEDUP_PERCENT=5\nSTALL_RATE=0.03',
        rounds: 6,
        extra: ['--name', 'api', '--thresholds', 'p95 < 2000ms'],
      })
      const work = c.series.find((s) => s.name === 'GET /work')!
      assert.equal(work.dispersion.flagged, true)
      assert.ok(work.dispersion.ratio! > 5, `spread ratio ${work.dispersion.ratio}`)
      assert.equal(work.metrics.find((m) => m.metric === 'p99')!.change! > 1, true)
      assert.equal(work.metrics.find((m) => m.metric === 'p95')!.target?.pass, true)
      const body = renderComment(c, {})
      const visible = body.split(ALL_METRICS)[0]!
      // As posted: markdown-escaped, `\(work\)` and `&lt;`.
      assert.match(visible, /⚠️ \*\*Latency spread of work GET \/work changed \d+\.\d×\*\*/)
      assert.match(visible, /✅ p95 of work GET \/work &lt; 2000ms: head \d/)
      // The one line people read does not say "approved" and stop there.
      if (c.verdict !== 'REGRESSION')
        assert.match(
          c.headline,
          /; but the latency spread of work GET \/work grew \d+\.\d× \(p99 \+[\d.]+%\)$/,
        )
    },
  )
  test(
    'cold start and three k6 scenarios: warm-up absorbs the cold-start errors; one endpoint +30% is blocked by name',
    { timeout: 900_000 },
    async () => {
      const { comparison: c, results } = await gate({
        name: 'cold-start',
        script: 'challenges.js',
        service: 'challenges',
        headEnv: 'SLOW_PROGRESS_PERCENT=30',
        // Ten, not eight: on a loaded runner 8 rounds once left the slowed median at +21%
        // [+4.2%, +39%], INCONCLUSIVE.
        rounds: 10,
        // One instance per arm blocks only beyond δ/2 + 20%: +30% is told from an offset by
        // instances of its own every round.
        fresh: 'round',
        extra: ['--name', 'api'],
      })
      // The pool really was cold: the warm-up trials met the 503s, the measured ones did not.
      assert.ok(failedRequests(results, 'warmup') > 0, 'the warm-up met the cold start')
      assert.equal(failedRequests(results, 'measure'), 0, 'no cold-start failure was measured')
      // Per endpoint and per k6 scenario.
      const keys = c.series.map((s) => s.key)
      for (const key of [
        'init POST /challenges',
        'api GET /challenges/:id',
        'api POST /challenges/:id/progress',
        'events GET /events',
      ])
        assert.ok(keys.includes(key), `${key} in ${keys.join(', ')}`)
      for (const s of c.series.filter((s) => s.key !== 'all requests'))
        assert.ok(
          s.metrics.some((m) => m.metric === 'p95' && m.head !== null),
          `p95 of ${s.key}`,
        )
      assert.equal(c.verdict, 'REGRESSION', c.headline)
      // The slowed endpoint's median is blocked by name, and no other median moved. Only gated
      // metrics block: p99, max and the aggregate's percentiles inform (the mix of endpoints in
      // 'all requests' moves with the slowed one). Other endpoints' tails may really follow: a
      // handler's wait is a nanosleep(2) that holds one of the runtime's two Ps until sysmon hands
      // it on, so a longer wait in one handler delays requests to the others now and then. One CI
      // run read GET /challenges/:id's p95 +56% [+24%, +97%] with its p50 +3.2% [−1.7%, +8.4%],
      // and the profile had sysmon's usleep +58%.
      const regressed = (metric: string) =>
        c.series
          .filter((s) => s.metrics.some((m) => m.metric === metric && m.gate && m.verdict === 'REGRESSION'))
          .map((s) => s.key)
      assert.deepEqual(regressed('p50'), ['api POST /challenges/:id/progress'], c.headline)
      assert.match(c.headline, /^Blocked — p(50|95) of api (POST|GET) \/challenges\/:id(\/progress)? \+\d+%/)
      const visible = renderComment(c, {}).split(ALL_METRICS)[0]!
      const blockedMedians = visible.split('\n').filter((l) => l.includes('❌') && l.includes('| p50 |'))
      assert.equal(blockedMedians.length, 1, visible)
      assert.match(blockedMedians[0]!, /^\| api POST \/challenges\/:id\/progress \| p50 \|/)
    },
  )

  test(
    'cold start without a warm-up: the cold-start failures are measured and the run is INVALID, not compared',
    { timeout: 600_000 },
    async () => {
      const { comparison: c, results } = await gate({
        name: 'cold-start',
        script: 'challenges.js',
        service: 'challenges',
        headEnv: '',
        rounds: 2,
        warmup: '0s',
        label: 'cold-start-no-warmup',
        extra: ['--name', 'api', '--fail-on', 'INVALID'],
      })
      assert.ok(failedRequests(results, 'measure') > 0)
      assert.equal(c.verdict, 'INVALID', c.headline)
      assert.match(c.headline, /HTTP 503/)
      const visible = renderComment(c, {}).split(ALL_METRICS)[0]!
      assert.doesNotMatch(visible, /Latency spread|Targets/, 'nothing of an invalid run reads as a result')
    },
  )

  test(
    'queue throughput: a head whose workers serialize is blocked on completed jobs per second',
    { timeout: 900_000 },
    async () => {
      const { comparison: c } = await gate({
        name: 'queue-throughput',
        script: 'jobs.js',
        service: 'queue',
        headEnv: 'SERIALIZE=1',
        rounds: 6,
        extra: [
          '--name',
          'api',
          '--thresholds',
          'custom:jobs_completed:rate -5%; custom:job_latency:p95 +20%',
        ],
      })
      assert.equal(c.verdict, 'REGRESSION', c.headline)
      const custom = c.series.find((s) => s.key === CUSTOM_SERIES)!
      const completed = custom.metrics.find((m) => m.metric === 'custom:jobs_completed:rate')!
      assert.equal(completed.gate, true)
      assert.equal(completed.verdict, 'REGRESSION', c.headline)
      assert.ok(completed.change! < -0.2, `jobs completed per second changed ${completed.change}`)
      // One job at a time, at least 20 ms each (2 ms of work, 18 ms waiting): at most 50 jobs/s.
      assert.ok(completed.head! <= 50 * 1.05, `serialized workers completed ${completed.head} jobs/s`)
      const latency = custom.metrics.find((m) => m.metric === 'custom:job_latency:p95')!
      assert.equal(latency.verdict, 'REGRESSION')
      // The workers' resources, measured in both arms.
      for (const arm of ['base', 'head'] as const) {
        const worker = c.services.find((s) => s.service === 'worker' && s.arm === arm)!
        assert.ok(worker.cpuSecondsPerRequest! > 0, `${arm} worker CPU ${worker.cpuSecondsPerRequest}`)
        assert.ok(worker.peakMemoryBytes! > 0, `${arm} worker memory ${worker.peakMemoryBytes}`)
      }
    },
  )
})
