// Orchestration overhead of a 10-round compare on the example: wall time minus image builds and
// stack start-up, minus k6's own run time. Everything loadgate adds per run and per trial.
//   node --import tsx bench/cost/overhead.ts [rounds=10]
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { measure } from '../../src/measure/measure'
import { makeExampleRepo } from '../../testkit/example-repo'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'

const rounds = Number(process.argv[2] ?? 10)
const repo = await makeExampleRepo({ headEnv: 'LATENCY_PERCENT=10' })
const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-overhead-'))
let stacksReady = 0
const started = performance.now()
const { results } = await measure({
  settings: settingsFor(repo.dir, {
    'work-dir': workDir,
    'min-rounds': String(rounds),
    'max-rounds': String(rounds),
    warmup: '0s',
  }),
  bench: exampleBenchmark({ k6Env: { DURATION: '2s', RATE: '100' } }),
  arms: ['base', 'head'],
  baseSha: repo.baseSha,
  meta: { runId: `overhead${process.pid}`, runUrl: '', repository: '', event: 'local', pullRequest: null },
  onProgress: (e) => {
    if (!stacksReady && e.message.startsWith('round 1 ')) stacksReady = performance.now()
  },
})
const wall = (performance.now() - started) / 1000
const setup = (stacksReady - started) / 1000
const k6 = results.trials.reduce((sum, t) => sum + (t.k6Seconds ?? 0), 0)
const trials = results.trials.length
const overhead = wall - setup - k6
await repo.cleanup()
await rm(workDir, { recursive: true, force: true })
process.stdout.write(
  [
    `${rounds} rounds, ${trials} trials of 2 s`,
    `wall ${wall.toFixed(1)} s = prepare, builds and stack start-up ${setup.toFixed(1)} s + k6 runs ${k6.toFixed(1)} s + loadgate ${overhead.toFixed(1)} s`,
    `orchestration overhead: ${overhead.toFixed(1)} s (${((overhead / trials) * 1000).toFixed(0)} ms per trial; target < 15 s)`,
  ].join('\n') + '\n',
)
