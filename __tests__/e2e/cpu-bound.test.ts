import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { COMPILED_WARMUP_SECONDS } from '../../src/decide/runtime-warmup'
import { ALL_REQUESTS } from '../../src/model/metrics'
import { readResults } from '../../src/model/results-file'
import type { Comparison, ResultsFile } from '../../src/model/types'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo } from '../../testkit/example-repo'

// The CPU-bound reference service (cpu-bound/) gated by the real CLI on a base/head pair in a
// throwaway git repository: real Compose stacks built from the service's own prepare step, real k6.

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

let runs = 0

async function compare(options: {
  script: string
  headEnv: string
  rounds: number
  /** More flags for loadgate compare. */
  flags?: string[]
  warmup?: string
}): Promise<{ comparison: Comparison; results: ResultsFile; progress: string }> {
  const repo = await makeExampleRepo({ folder: 'cpu-bound', headEnv: options.headEnv })
  cleanups.push(repo.cleanup)
  const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-cpu-bound-'))
  cleanups.push(() => rm(work, { recursive: true, force: true }))
  const runId = `cpubound${process.pid}x${++runs}`
  const result = spawnSync(
    'node',
    [
      path.resolve('dist/cli.js'),
      'compare',
      '--base',
      'HEAD~1',
      '--compose-file',
      'cpu-bound/compose.yaml',
      '--service',
      'api',
      '--port',
      '8080',
      '--k6-script',
      `cpu-bound/k6/${options.script}`,
      '--prepare',
      'bash cpu-bound/prepare.sh',
      // A rate a shared 2-core machine keeps: a dropped iteration would make the run invalid.
      '--k6-env',
      'DURATION=2s\nRATE=60',
      '--warmup',
      options.warmup ?? '1s',
      '--fresh-instances',
      'run',
      '--min-rounds',
      String(options.rounds),
      '--max-rounds',
      String(options.rounds),
      '--fail-on',
      'INVALID',
      '--work-dir',
      work,
      ...(options.flags ?? []),
    ],
    { cwd: repo.dir, encoding: 'utf8', timeout: 600_000, env: { ...process.env, GITHUB_RUN_ID: runId } },
  )
  assert.equal(result.status, 0, `loadgate failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  const benchmark = path.basename(options.script, '.js')
  const comparison = JSON.parse(
    await readFile(path.join(work, benchmark, 'comparison.json'), 'utf8'),
  ) as Comparison
  assertNothingLeft(`loadgate-${runId}-`)
  return {
    comparison,
    results: await readResults(path.join(work, benchmark, 'results.json')),
    progress: result.stdout,
  }
}

/** The endpoints a comparison compared, by name (loadgate's aggregate over them aside). */
const compared = (c: Comparison) =>
  c.series
    .map((s) => s.name)
    .filter((name) => name !== ALL_REQUESTS)
    .sort()

/**
 * Every measured trial of both arms answered every endpoint (and loadgate's aggregate over them),
 * without a failed request or check.
 */
function assertEveryEndpointMeasured(results: ResultsFile, endpoints: string[], rounds: number): void {
  const measured = results.trials.filter((t) => t.phase === 'measure')
  assert.equal(measured.length, 2 * rounds, 'one trial per arm and round')
  for (const trial of measured) {
    const where = `${trial.arm} round ${trial.round}`
    assert.equal(trial.valid, true, `${where}: ${trial.invalidReason}`)
    assert.equal(trial.droppedIterations, 0, `${where} dropped iterations`)
    assert.equal(trial.checks.fails, 0, `${where} failed checks`)
    assert.deepEqual(trial.series.map((s) => s.name).sort(), [...endpoints, ALL_REQUESTS], where)
    for (const series of trial.series) {
      assert.ok(series.requests > 0, `${where}: no request to ${series.name}`)
      assert.equal(series.failed, 0, `${where}: ${series.name} failed ${series.failed} requests`)
      assert.ok(series.latency && series.latency.p50 > 0, `${where}: no latency for ${series.name}`)
    }
    const api = trial.resources.find((r) => r.service === 'api')
    assert.ok(api?.cpuSeconds && api.cpuSeconds > 0, `${where}: the service's CPU was sampled`)
    // The machine-speed probe ran through every trial measured alone (5 samples a second); where
    // the arms share the trial's window (alternating) it would tell neither apart.
    const probe = trial.machineProbe
    if (results.settings.armsUnderLoad === 'one-at-a-time')
      assert.ok(probe && probe.samples >= 5 && probe.wallMicros > 0 && probe.cpuMicros > 0, `${where}: probe`)
    else assert.equal(probe, undefined, `${where}: no probe beside the other arm`)
  }
  for (const warmup of results.trials.filter((t) => t.phase === 'warmup'))
    assert.equal(warmup.machineProbe, undefined, 'warm-ups run side by side: no probe')
}

const MIXED = ['GET /catalog', 'GET /stock/:id', 'GET /top', 'POST /orders']

test(
  'CPU-bound service, mixed load with GET /top slowed by its CPU knob: every endpoint compared, no error',
  { timeout: 600_000 },
  async () => {
    const { comparison, results, progress } = await compare({
      script: 'mixed.js',
      headEnv: 'CPU_WORK_PERCENT=13\nCPU_WORK_ROUTE=GET /top',
      rounds: 4,
      flags: ['--trial-length', 'auto up to 4s', '--arms-under-load', 'alternating'],
    })
    assertEveryEndpointMeasured(results, MIXED, 4)
    // The arms alternated in slices (through the CLI as a user sets it), trial-length auto on top.
    assert.equal(results.settings.armsUnderLoad, 'alternating')
    assert.notEqual(comparison.verdict, 'INVALID', comparison.headline)
    assert.deepEqual(compared(comparison), MIXED)
    for (const series of comparison.series) {
      const p50 = series.metrics.find((m) => m.metric === 'p50')
      assert.ok(p50?.change !== null && p50?.change !== undefined, `p50 of ${series.name} compared`)
    }
    // About 30 requests per endpoint and trial: every gated tail (p90) is thin, and the run says so once
    // three rounds' six trials can say how far off the figure may be, not only in the report at the end.
    const early = progress.match(
      /after round 3 \(6 trials: from [\d,]+ to [\d,]+ requests per trial[^)]*\), p90 of [^\n]*GET \/top rests on \d+ requests per trial/g,
    )
    assert.equal(early?.length, 1, progress)
    assert.doesNotMatch(progress, /after round 1 \(/, 'one round says nothing it cannot stand by')
    const thin = comparison.series.find((s) => s.name === 'GET /top')!.sampleSize
    assert.ok(thin?.requestsNeeded, 'the report says the same at the end')
    // trial-length auto, on the same six trials, then lengthened round 4 to its cap (even the low end
    // of their range wants more), said after that note and before round 4 and recorded; rounds 1-3
    // and the warm-ups kept their own length.
    const lengthened = progress.match(
      /trial-length auto: measured trials from round 4 on run 4 s \(DURATION=4s\), its cap; the thin p90s? above want at least \d+ s/g,
    )
    assert.equal(lengthened?.length, 1, progress)
    assert.ok(progress.indexOf(early![0]!) < progress.indexOf(lengthened![0]!))
    assert.ok(progress.indexOf(lengthened![0]!) < progress.search(/round 4 (base|head) …/))
    assert.deepEqual(results.settings.trialLength, {
      mode: 'auto',
      maxSeconds: 4,
      lengthenedSeconds: 4,
      fromRound: 4,
    })
    for (const trial of results.trials) {
      const window = trial.durationSeconds
      const where = `${trial.phase} ${trial.arm} round ${trial.round}: ${window} s`
      if (trial.phase === 'measure' && trial.round >= 4) assert.ok(window > 3.2 && window < 4.5, where)
      else assert.ok(window < 2.5, where)
    }
    assert.doesNotMatch(progress, /does not read __ENV\.DURATION/)
  },
)

test(
  'CPU-bound service, eight endpoints (k6/many.js), identical code: every endpoint answers 2xx in both arms',
  { timeout: 600_000 },
  async () => {
    const { comparison, results, progress } = await compare({
      script: 'many.js',
      headEnv: '',
      rounds: 2,
      warmup: 'auto',
      // One arm at a time: what pause-idle-arm auto decides for (alternating pauses nothing).
      flags: ['--arms-under-load', 'one-at-a-time'],
    })
    const endpoints = [...MIXED, 'GET /hash/:id', 'GET /render/:id', 'GET /search', 'POST /validate'].sort()
    assertEveryEndpointMeasured(results, endpoints, 2)
    assert.notEqual(comparison.verdict, 'INVALID', comparison.headline)
    assert.deepEqual(compared(comparison), endpoints)
    // warmup auto reads the stack's processes: a Go binary compiles nothing as it runs, so 1 s.
    const auto = results.meta.timing?.warmupAuto
    assert.deepEqual(
      auto && [auto.seconds, auto.runtimes, auto.seen],
      [COMPILED_WARMUP_SECONDS, [], true],
      JSON.stringify(auto),
    )
    assert.ok(auto!.processes.includes('api'), JSON.stringify(auto))
    assert.match(
      progress,
      /warmup auto: 1 s on every new instance: no runtime that compiles as it runs among the processes [^\n]*\bapi\b/,
    )
    assert.equal(results.settings.warmupSeconds, COMPILED_WARMUP_SECONDS)
    // …and pause-idle-arm auto pauses its idle arm, as before auto.
    assert.deepEqual(results.meta.timing?.idleArmAuto, { pause: true, runtimes: [] })
    assert.equal(results.settings.pauseIdleArm, true)
    for (const warmup of results.trials.filter((t) => t.phase === 'warmup'))
      assert.ok(
        warmup.durationSeconds > COMPILED_WARMUP_SECONDS - 0.5 &&
          warmup.durationSeconds < COMPILED_WARMUP_SECONDS + 1,
        `${warmup.arm} warmed up ${warmup.durationSeconds} s`,
      )
  },
)
