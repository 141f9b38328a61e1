import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import os from 'node:os'
import path from 'node:path'
import { measure } from '../../src/measure/measure'
import { readResults } from '../../src/model/results-file'
import type { Trial } from '../../src/model/types'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo } from '../../testkit/example-repo'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

/** When a trial's load ran: from its release at the barrier to the end of its k6 process. */
function loadSpan(trial: Trial): { start: number; end: number } {
  assert.ok(trial.releasedAt, `round ${trial.round} ${trial.arm}: released at the barrier`)
  return {
    start: Date.parse(trial.releasedAt),
    end: Date.parse(trial.startedAt) + (trial.k6Seconds ?? 0) * 1000,
  }
}

describe('duet: both arms under load at once, real Compose stacks and k6', () => {
  test(
    "arms-under-load both: each round's two trials run together from one barrier; results complete",
    { timeout: 360_000 },
    async () => {
      const repo = await makeExampleRepo()
      cleanups.push(repo.cleanup)
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-duet-'))
      cleanups.push(() => rm(workDir, { recursive: true, force: true }))
      const runId = `duet${process.pid}`
      const progress: string[] = []
      // What the engine says each container's CPUs are, read the moment a trial ends (its
      // containers are still running then): the CPU split is checked against Docker, not the log.
      const engineCpus = new Map<string, string>()
      const readEngineCpus = () => {
        const ids = spawnSync('docker', ['ps', '-q', '--filter', `label=com.docker.compose.project`], {
          encoding: 'utf8',
        })
          .stdout.split('\n')
          .filter(Boolean)
        if (!ids.length) return
        const lines = spawnSync(
          'docker',
          ['inspect', '--format', '{{.Id}} {{.HostConfig.CpusetCpus}}', ...ids],
          {
            encoding: 'utf8',
          },
        ).stdout
        for (const [id, cpus] of lines
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split(' ')))
          engineCpus.set(id!.slice(0, 12), cpus ?? '')
      }
      const { resultsPath } = await measure({
        settings: settingsFor(repo.dir, {
          'work-dir': workDir,
          'min-rounds': '2',
          'max-rounds': '2',
          'arms-under-load': 'both',
        }),
        bench: exampleBenchmark(),
        arms: ['base', 'head'],
        baseSha: repo.baseSha,
        meta: { runId, runUrl: '', repository: 'acme/shop', event: 'pull_request', pullRequest: 1 },
        onProgress: (e) => {
          progress.push(e.message)
          if (/^round \d+ (base|head): /.test(e.message)) readEngineCpus()
        },
      })
      const results = await readResults(resultsPath)
      assert.equal(results.error, undefined)
      assert.equal(results.settings.armsUnderLoad, 'both')
      assert.equal(results.settings.pauseIdleArm, false, 'nothing idle, nothing paused')
      assert.match(results.settings.instancesNote ?? '', /both arms are under load at once/)
      assert.ok(progress.some((p) => /both arms are under load at once/.test(p)))
      assert.equal(results.schedule.length, 2)
      const measured = results.trials.filter((t) => t.phase === 'measure')
      assert.equal(measured.length, 4)
      for (const trial of results.trials) assert.equal(trial.valid, true, trial.invalidReason)
      for (let round = 1; round <= 2; round++) {
        const [first, second] = results.schedule[round - 1]!.map((arm) =>
          measured.find((t) => t.round === round && t.arm === arm)!,
        )
        assert.ok(first && second, `round ${round}: a trial of each arm`)
        const [a, b] = [loadSpan(first), loadSpan(second)]
        assert.ok(a.start < b.end && b.start < a.end, `round ${round}: the arms were under load together`)
        assert.ok(a.start <= b.start, `round ${round}: ${first.arm}, drawn first, released first`)
        assert.ok(
          b.start - a.start < 1000,
          `round ${round}: released together (${b.start - a.start} ms apart)`,
        )
        for (const trial of [first, second]) {
          assert.ok(trial.iterations > 100, `round ${round} ${trial.arm}: the script's own rate ran`)
          assert.ok(trial.series.some((s) => s.requests > 0))
          assert.ok(trial.hostCpuBusy !== undefined && trial.hostCpuBusy > 0, 'the runner CPU is recorded')
          assert.ok(
            trial.hostCpuStolen !== undefined && trial.hostCpuStolen <= trial.hostCpuBusy,
            "the hypervisor's share is recorded, as part of the busy time",
          )
          // Each arm on CPUs of its own, the engine agreeing for every container of the arm.
          assert.ok(trial.cpus, `round ${round} ${trial.arm}: ran on CPUs of its own\n${progress.join('\n')}`)
          for (const id of trial.instance ?? [])
            assert.equal(
              engineCpus.get(id),
              trial.cpus,
              `round ${round} ${trial.arm}: container ${id}'s CPUs`,
            )
        }
        assert.notEqual(first.cpus, second.cpus, `round ${round}: the arms' CPUs are apart`)
      }
      assert.ok(progress.some((p) => /each arm runs on CPUs of its own/.test(p)))
      assertNothingLeft(`loadgate-${runId}-`)
    },
  )

  test(
    "arms-under-load alternating: each arm's requests fall in its own slices of the round; rates as the script's",
    { timeout: 360_000 },
    async () => {
      const repo = await makeExampleRepo()
      cleanups.push(repo.cleanup)
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-alternate-'))
      cleanups.push(() => rm(workDir, { recursive: true, force: true }))
      const runId = `alt${process.pid}`
      const progress: string[] = []
      const { resultsPath } = await measure({
        settings: settingsFor(repo.dir, {
          'work-dir': workDir,
          'min-rounds': '2',
          'max-rounds': '2',
          'arms-under-load': 'alternating',
        }),
        bench: exampleBenchmark(),
        arms: ['base', 'head'],
        baseSha: repo.baseSha,
        meta: { runId, runUrl: '', repository: 'acme/shop', event: 'pull_request', pullRequest: 1 },
        onProgress: (e) => progress.push(e.message),
      })
      const results = await readResults(resultsPath)
      assert.equal(results.error, undefined)
      assert.equal(results.settings.armsUnderLoad, 'alternating')
      assert.equal(results.settings.pauseIdleArm, false, 'nothing idle, nothing paused')
      assert.ok(
        progress.some((p) => /loads alternate in slices/.test(p)),
        progress.join('\n'),
      )
      const measured = results.trials.filter((t) => t.phase === 'measure')
      assert.equal(measured.length, 4)
      for (const trial of results.trials) assert.equal(trial.valid, true, trial.invalidReason)
      for (let round = 1; round <= 2; round++) {
        const order = results.schedule[round - 1]!
        const trials = order.map((arm) => measured.find((t) => t.round === round && t.arm === arm)!)
        const times = await Promise.all(
          trials.map((t) =>
            requestTimes(path.join(path.dirname(resultsPath), `round-0${round}-${t.arm}.json.gz`)),
          ),
        )
        // The slices count from the first request of the arm whose load starts on (k6 starts its
        // executor some 20–30 ms after the release, alike for both arms, give or take 10–15 ms: a
        // request that lands in the other arm's slice is one of those). Without slices, half would.
        const start = Math.min(...times[0]!)
        for (const [slot, trial] of trials.entries()) {
          // The script's 2-s trial at 80 requests/s, spread over 4 s in 100-ms slices: the rate
          // is counted over the arm's own half of the span.
          const all = trial.series.find((s) => s.key === 'all requests')!
          assert.ok(
            all.requests >= 140 && all.requests <= 180,
            `round ${round} ${trial.arm}: ${all.requests} requests`,
          )
          assert.ok(
            Math.abs(all.throughput / 80 - 1) < 0.15,
            `round ${round} ${trial.arm}: ${all.throughput}/s`,
          )
          assert.ok(trial.k6Seconds! >= 3.8, `round ${round} ${trial.arm}: k6 ran over twice the trial`)
          assert.equal(trial.sliceArms, 2, 'the trial records the arms that shared its span')
          const own = times[slot]!.filter((t) => Math.floor((t - start) / 100) % 2 === slot).length
          assert.ok(
            own / times[slot]!.length >= 0.75,
            `round ${round} ${trial.arm}: ${own} of ${times[slot]!.length} requests in its slices`,
          )
        }
      }
      assertNothingLeft(`loadgate-${runId}-`)
    },
  )
})

/** When each request of a trial's raw k6 output was written (ms since the epoch). */
async function requestTimes(file: string): Promise<number[]> {
  return gunzipSync(await readFile(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.includes('"metric":"http_req_duration"') && line.includes('"type":"Point"'))
    .map((line) => Date.parse(JSON.parse(line).data.time))
}
