import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { measure } from '../../src/measure/measure'
import { stackPlacement } from '../../src/measure/schedule'
import type { Arm, ResultsFile } from '../../src/model/types'
import { readResults } from '../../src/model/results-file'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo } from '../../testkit/example-repo'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'

const execFileAsync = promisify(execFile)

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

interface Sample {
  /** The snapshot was taken between these two times (ms since the epoch). */
  from: number
  to: number
  /** Container name → state ('running', 'paused', …). */
  states: Map<string, string>
}

/** Polls the Docker engine for the states of the containers whose names start with `prefix`. */
function watchContainers(prefix: string) {
  const samples: Sample[] = []
  let watching = true
  const done = (async () => {
    while (watching) {
      const from = Date.now()
      const { stdout } = await execFileAsync('docker', [
        'ps',
        '--all',
        '--filter',
        `name=${prefix}`,
        '--format',
        '{{.Names}} {{.State}}',
      ])
      const states = new Map(
        stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split(' ') as [string, string]),
      )
      samples.push({ from, to: Date.now(), states })
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  return {
    samples,
    stop: async () => {
      watching = false
      await done
    },
  }
}

/**
 * The states each arm's containers were seen in while a measured trial of `arm` ran; an arm's
 * containers are those of the stack slot it ran in that round (`<prefix>s1-`, `<prefix>s2-`).
 */
function seenDuringTrials(results: ResultsFile, samples: Sample[], prefix: string) {
  const measured = results.trials.filter((t) => t.phase === 'measure')
  return measured.map((trial) => {
    const start = Date.parse(trial.startedAt)
    const end = start + (trial.k6Seconds ?? 0) * 1000
    const inside = samples.filter((s) => s.from >= start + 200 && s.to <= end - 200)
    const states = (arm: Arm) => {
      const slot = measured.find((t) => t.round === trial.round && t.arm === arm)?.slot
      assert.ok(slot !== undefined, `round ${trial.round} ${arm}: its stack slot is recorded`)
      const project = `${prefix}s${slot + 1}-`
      return new Set(
        inside.flatMap((s) => [...s.states].filter(([name]) => name.startsWith(project)).map(([, v]) => v)),
      )
    }
    return { trial, samples: inside.length, base: states('base'), head: states('head') }
  })
}

async function measureExample(runId: string, inputs: Record<string, string>) {
  const repo = await makeExampleRepo()
  cleanups.push(repo.cleanup)
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-work-'))
  cleanups.push(() => rm(workDir, { recursive: true, force: true }))
  const progress: string[] = []
  const prefix = `loadgate-${runId}-`
  const watcher = watchContainers(prefix)
  try {
    const { results } = await measure({
      // One arm under load at a time: the design whose idle arm is paused (alternating pauses none).
      settings: settingsFor(repo.dir, {
        'work-dir': workDir,
        'fail-on': 'INVALID',
        'arms-under-load': 'one-at-a-time',
        ...inputs,
      }),
      bench: exampleBenchmark(),
      arms: ['base', 'head'],
      baseSha: repo.baseSha,
      meta: { runId, runUrl: '', repository: 'acme/shop', event: 'pull_request', pullRequest: 1 },
      onProgress: (e) => progress.push(e.message),
    })
    const during = seenDuringTrials(results, watcher.samples, `${prefix}api-`)
    return { results, progress, during, prefix }
  } finally {
    await watcher.stop()
  }
}

/** Every measured trial of `arm`, by round, with the container ids it measured. */
/** The instances of an arm's kept trials, round by round (a disturbed round's superseded pair aside). */
function instancesOf(results: ResultsFile, arm: Arm): string[][] {
  return results.trials
    .filter((t) => t.phase === 'measure' && t.arm === arm && !t.superseded)
    .sort((a, b) => a.round - b.round)
    .map((t) => {
      assert.ok(t.instance && t.instance.length === 2, `round ${t.round} ${arm} records api and store`)
      return t.instance
    })
}

describe('fresh instances and the paused idle arm: real Compose stacks and k6', () => {
  test(
    'fresh-instances round: new containers every round, each warmed up; the idle arm is paused during every trial',
    { timeout: 420_000 },
    async () => {
      const { results, progress, during, prefix } = await measureExample(`fr${process.pid}`, {
        'min-rounds': '3',
        'max-rounds': '3',
        warmup: '1s',
        'fresh-instances': 'round',
      })
      assert.equal(results.settings.freshInstances, 'round')
      assert.equal(results.settings.pauseIdleArm, true)
      for (const trial of results.trials) assert.equal(trial.valid, true, trial.invalidReason)
      const repeats = results.repeats?.rounds ?? []
      for (const arm of ['base', 'head'] as const) {
        const rounds = instancesOf(results, arm)
        assert.equal(rounds.length, 3)
        const ids = rounds.flat()
        assert.equal(
          new Set(ids).size,
          ids.length,
          `${arm}: no container serves two rounds (${ids.join(' ')})`,
        )
        // Each instance is warmed up before its first round: round 0 for the first, else the round
        // itself. A round a busy machine disturbed is measured again on a new pair, warmed up too.
        const warmups = results.trials.filter((t) => t.phase === 'warmup' && t.arm === arm)
        const repeated = repeats.map((r) => r.round)
        assert.deepEqual(warmups.map((w) => w.round).sort(), [0, 2, 3, ...repeated].sort())
        rounds.forEach((instance, i) =>
          assert.ok(
            warmups.some((w) => JSON.stringify(w.instance) === JSON.stringify(instance)),
            `${arm} round ${i + 1}: its instance was warmed up`,
          ),
        )
      }
      // Each round's stacks sit in the slots drawn for its set of instances (fresh every round); a
      // round measured again sits where its repeat drew.
      for (const round of [1, 2, 3].filter((r) => !repeats.some((repeat) => repeat.round === r))) {
        const { slots } = stackPlacement(['base', 'head'], round - 1, results.meta.seed)
        for (const arm of ['base', 'head'] as const) {
          const trial = results.trials.find(
            (t) => t.phase === 'measure' && t.round === round && t.arm === arm,
          )
          assert.equal(trial?.slot, slots[arm], `round ${round} ${arm}: slot as drawn`)
        }
      }
      const renewed = progress.findIndex((p) =>
        /^new instances for round 2: base \d+\.\d s, head \d+\.\d s$/.test(p),
      )
      assert.ok(renewed >= 0, progress.join('\n'))
      // The cost is said at the start without a renewal time it cannot know, then again from what
      // the run timed once the first new instances are up.
      assert.match(
        progress.find((p) => p.startsWith('this run takes')) ?? '',
        /at least .*said once the first are timed\)$/,
      )
      const measuredCost = progress.findIndex((p) =>
        /^this run takes 3 rounds, about \d+ minutes? after the stacks start \(measured: a trial \d+\.\d s, a warm-up \d+\.\d s, new instances \d+\.\d s\)$/.test(
          p,
        ),
      )
      assert.ok(measuredCost > renewed, progress.join('\n'))
      for (const { trial, samples, base, head } of during) {
        const [measured, idle] = trial.arm === 'base' ? [base, head] : [head, base]
        assert.ok(samples > 0, `round ${trial.round} ${trial.arm}: the engine was sampled during the trial`)
        assert.deepEqual([...measured], ['running'], `round ${trial.round}: the measured ${trial.arm} runs`)
        assert.deepEqual([...idle], ['paused'], `round ${trial.round}: the idle arm is paused`)
        const api = trial.resources.find((r) => r.service === 'api')
        assert.ok(api?.cpuSeconds && api.cpuSeconds > 0, 'CPU still sampled on the fresh instance')
      }
      assertNothingLeft(prefix)
    },
  )

  test(
    'fresh-instances run, pause-idle-arm false: the same containers all run long, never paused',
    { timeout: 300_000 },
    async () => {
      const { results, during, prefix } = await measureExample(`fn${process.pid}`, {
        'min-rounds': '2',
        'max-rounds': '2',
        warmup: '0s',
        'fresh-instances': 'run',
        'pause-idle-arm': 'false',
      })
      assert.equal(results.settings.freshInstances, 'run')
      assert.equal(results.settings.pauseIdleArm, false)
      for (const arm of ['base', 'head'] as const) {
        const [first, ...rest] = instancesOf(results, arm)
        for (const later of rest) assert.deepEqual(later, first, `${arm}: one instance for the run`)
      }
      for (const { trial, samples, base, head } of during) {
        assert.ok(samples > 0, `round ${trial.round} ${trial.arm}: sampled`)
        assert.deepEqual([...base, ...head], ['running', 'running'], `round ${trial.round}: nothing paused`)
      }
      assertNothingLeft(prefix)
    },
  )

  test(
    'SIGTERM while the idle arm is paused: nothing is left paused or running',
    { timeout: 300_000 },
    async () => {
      const repo = await makeExampleRepo()
      cleanups.push(repo.cleanup)
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-kill-'))
      cleanups.push(() => rm(workDir, { recursive: true, force: true }))
      const child = spawn(
        'node',
        ['--import', 'tsx', 'testkit/measure-child.ts', repo.dir, workDir, repo.baseSha],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
      )
      // measure-child.ts names its run `kill<pid>`; its default settings pause the idle arm.
      const prefix = `loadgate-kill${child.pid}-`
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk))
      const deadline = Date.now() + 240_000
      let paused = ''
      while (!paused && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200))
        if (!/round 1 \w+ …/.test(output)) continue
        const { stdout } = await execFileAsync('docker', [
          'ps',
          '--filter',
          `name=${prefix}`,
          '--filter',
          'status=paused',
          '--format',
          '{{.Names}}',
        ])
        paused = stdout.trim()
      }
      assert.ok(paused, `the idle arm was seen paused:\n${output}`)
      child.kill('SIGTERM')
      assert.equal(await exited, 143, output)
      assertNothingLeft(prefix)
      const results = await readResults(path.join(workDir, 'api', 'results.json'))
      assert.match(results.error ?? '', /^Interrupted by SIGTERM during round \d \w+$/)
    },
  )
})
