import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { measure } from '../../src/measure/measure'
import { readResults } from '../../src/model/results-file'
import { Git } from '../../src/util/git'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo } from '../../testkit/example-repo'
import { exampleBenchmark, exampleSettings } from '../../testkit/settings'

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

describe('measure: real Compose stacks and k6', () => {
  test(
    '3 rounds, head +30% latency: head p50 is above base p50 in every round',
    { timeout: 300_000 },
    async () => {
      const repo = await makeExampleRepo({ headEnv: 'LATENCY_PERCENT=30' })
      cleanups.push(repo.cleanup)
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-work-'))
      cleanups.push(() => rm(workDir, { recursive: true, force: true }))
      // warmup steady: each warm-up ends once steady, well before its 20-s cap on this service.
      const settings = exampleSettings(repo.dir, workDir, {
        freshInstances: 'round',
        warmupSeconds: 20,
        warmupUntilSteady: true,
      })
      const progress: string[] = []
      const runId = `t${process.pid}`
      const { results, resultsPath } = await measure({
        settings,
        bench: exampleBenchmark(),
        arms: ['base', 'head'],
        baseSha: repo.baseSha,
        meta: {
          runId,
          runUrl: '',
          repository: 'acme/shop',
          event: 'pull_request',
          pullRequest: 1,
        },
        onProgress: (e) => progress.push(e.message),
      })
      const reread = await readResults(resultsPath)
      assert.deepEqual(reread.trials.length, results.trials.length)
      assert.equal(results.meta.base?.sha, repo.baseSha)
      assert.equal(results.meta.head.sha, repo.headSha)
      assert.equal(results.meta.seed, 1234)
      assert.match(results.meta.versions.k6, /^\d+\.\d+\.\d+$/)
      assert.equal(results.schedule.length, 3)
      const warmups = results.trials.filter((t) => t.phase === 'warmup')
      // A round whose two trials a neighbour disturbed (a busy machine) is measured again on a
      // fresh pair: its superseded pair is kept and marked, and its raw output named apart.
      const repeats = results.repeats?.rounds ?? []
      const measured = results.trials.filter((t) => t.phase === 'measure')
      assert.equal(measured.filter((t) => t.superseded).length, 2 * repeats.length)
      assert.equal(measured.length, 2 * (3 + repeats.length))
      // fresh-instances round (the default): every arm's new instance of each round is warmed up.
      assert.equal(warmups.length, 2 * (3 + repeats.length), 'one warm-up per arm and instance, kept apart')
      for (const warmup of warmups) {
        const end = warmup.warmupEnd!
        assert.ok(end.reason === 'cap' || end.seconds < 20, `${JSON.stringify(end)}`)
        // How soon it is steady is the machine's; that the load stops once it is, is loadgate's.
        if (end.reason === 'steady')
          assert.ok(
            warmup.durationSeconds < end.seconds + 2,
            `ran ${warmup.durationSeconds} s, steady at ${end.seconds}`,
          )
      }
      assert.ok(
        warmups.some((w) => w.warmupEnd?.reason === 'steady'),
        `a warm-up of a sleep-dominated service is steady before its cap: ${JSON.stringify(warmups.map((w) => w.warmupEnd))}`,
      )
      const raw = await readdir(path.join(workDir, 'api'))
      assert.ok(
        raw.includes('warmup-base.json.gz') && !raw.some((f) => f.endsWith('.json') && f !== 'results.json'),
        raw.join(' '),
      )
      assert.equal(
        raw.filter((f) => /^round-\d+-(base|head)-again-1\.json\.gz$/.test(f)).length,
        2 * repeats.length,
      )
      for (let round = 1; round <= 3; round++) {
        const p50 = (arm: string) =>
          results.trials
            .find((t) => t.round === round && t.arm === arm && t.phase === 'measure' && !t.superseded)!
            .series.find((s) => s.key === 'api GET /items/:id')!.latency!.p50
        assert.ok(
          p50('head') > p50('base') * 1.1,
          `round ${round}: head ${p50('head')} vs base ${p50('base')}`,
        )
      }
      for (const trial of results.trials) {
        assert.equal(trial.valid, true, trial.invalidReason)
        const api = trial.resources.find((r) => r.service === 'api')
        assert.ok(api && api.cpuSeconds !== null && api.cpuSeconds > 0, 'CPU seconds measured for api')
        assert.ok(api.peakMemoryBytes !== null && api.peakMemoryBytes > 0, 'peak memory measured for api')
      }
      assert.ok(progress.some((p) => /round 3/.test(p)))
      // Where the wall time went is recorded, and adds up: the measured windows are 6 trials' worth.
      const timing = reread.meta.timing!
      const windows = results.trials
        .filter((t) => t.phase === 'measure')
        .reduce((s, t) => s + t.durationSeconds, 0)
      assert.ok(Math.abs(timing.measuredSeconds - windows) < 0.2, `${timing.measuredSeconds} vs ${windows}`)
      const parts = timing.measuredSeconds + timing.warmupSeconds + timing.loadStartupSeconds
      assert.ok(parts + timing.stacksStartSeconds + timing.otherSeconds <= timing.wallSeconds + 0.3)
      assert.ok(timing.measuredShare > 0 && timing.measuredShare < 1)
      assertNothingLeft(`loadgate-${runId}-`)
      assert.equal(
        (await new Git(repo.dir).run(['worktree', 'list'])).split('\n').length,
        1,
        'base worktree removed',
      )
    },
  )

  test(
    'a service that never becomes healthy: one line with its health output, nothing left',
    { timeout: 120_000 },
    async () => {
      const repo = await makeExampleRepo()
      cleanups.push(repo.cleanup)
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-work-'))
      cleanups.push(() => rm(workDir, { recursive: true, force: true }))
      // The healthcheck probes a port nothing listens on.
      const bench = exampleBenchmark()
      const { writeFile, readFile } = await import('node:fs/promises')
      const composePath = path.join(repo.dir, 'compose/compose.yaml')
      const original = await readFile(composePath, 'utf8')
      const broken = original.replace(/(['"]\/store['"], ['"]-health['"])\]/, "$1, '-no-such-flag']")
      assert.notEqual(broken, original, 'the store healthcheck was found and broken')
      await writeFile(composePath, broken)
      const runId = `u${process.pid}`
      await assert.rejects(
        measure({
          settings: exampleSettings(repo.dir, workDir),
          bench,
          arms: ['head'],
          meta: { runId, runUrl: '', repository: '', event: 'local', pullRequest: null },
          startTimeoutSeconds: 8,
        }),
        (error: Error) => {
          assert.match(error.message, /did not start: service 'store' is (unhealthy|starting)/)
          assert.equal(error.message.includes('\n'), false)
          return true
        },
      )
      const results = await readResults(path.join(workDir, 'api', 'results.json'))
      assert.match(results.error ?? '', /did not start/)
      assertNothingLeft(`loadgate-${runId}-`)
    },
  )

  test(
    'missing compose file, no published port, a k6 script error, a crashing container',
    { timeout: 240_000 },
    async () => {
      const repo = await makeExampleRepo({
        headEnv: 'CRASH_AFTER=40',
        files: { 'compose/k6/broken.js': 'export default function ( {\n' },
      })
      cleanups.push(repo.cleanup)
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-work-'))
      cleanups.push(() => rm(workDir, { recursive: true, force: true }))
      const runId = `v${process.pid}`
      const meta = { runId, runUrl: '', repository: '', event: 'local', pullRequest: null }
      const oneRound = exampleSettings(repo.dir, workDir, { minRounds: 1, maxRounds: 1, warmupSeconds: 0 })
      const settings = exampleSettings(repo.dir, workDir)

      await assert.rejects(
        measure({
          settings,
          bench: exampleBenchmark({ composeFile: 'compose/nope.yaml' }),
          arms: ['head'],
          meta,
        }),
        {
          name: 'LoadgateError',
          message: "Input 'compose-file' is 'compose/nope.yaml': no such file in the checkout",
        },
      )
      await assert.rejects(
        measure({
          settings,
          bench: exampleBenchmark({ service: 'store', port: 8081 }),
          arms: ['head'],
          meta,
        }),
        {
          name: 'SettingsError',
          message:
            "Input 'port' is 8081, but service 'store' in compose/compose.yaml publishes no port: " +
            'add `ports: ["8081"]` (the container port only) to it',
        },
      )
      await assert.rejects(
        measure({ settings, bench: exampleBenchmark({ port: 9090 }), arms: ['head'], meta }),
        {
          name: 'SettingsError',
          message:
            "Input 'port' is 9090, but service 'api' in compose/compose.yaml publishes container port 8080: " +
            'set port to 8080, or publish 9090 with `ports: ["9090"]`',
        },
      )
      assertNothingLeft(`loadgate-${runId}-`)

      const broken = await measure({
        settings: oneRound,
        bench: exampleBenchmark({ k6Script: 'compose/k6/broken.js' }),
        arms: ['head'],
        meta,
      })
      const trial = broken.results.trials[0]!
      assert.equal(trial.valid, false)
      assert.match(trial.invalidReason ?? '', /k6 exited \d+: .*(SyntaxError|Unexpected)/i)
      assertNothingLeft(`loadgate-${runId}-`)

      // The api exits after 40 requests; the trial that saw it go is invalid, and says why.
      const crashed = await measure({ settings: oneRound, bench: exampleBenchmark(), arms: ['head'], meta })
      const crash = crashed.results.trials[0]!
      assert.equal(crash.valid, false)
      assert.match(crash.invalidReason ?? '', /container api restarted or stopped during the trial/)
      const api = crash.resources.find((r) => r.service === 'api')!
      assert.equal(api.disrupted, true)
      assert.equal(api.cpuSeconds, null, 'no CPU figure for a container that went away')
      assert.equal(crash.resources.find((r) => r.service === 'store')!.disrupted, false)
      assertNothingLeft(`loadgate-${runId}-`)
    },
  )
})
