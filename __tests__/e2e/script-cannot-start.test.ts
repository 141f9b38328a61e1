import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { measure } from '../../src/measure/measure'
import { readResults } from '../../src/model/results-file'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo } from '../../testkit/example-repo'
import { exampleBenchmark, exampleSettings } from '../../testkit/settings'

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

describe('a k6 script that cannot start', () => {
  test(
    'k6 exits 107 in the first trial: the run stops there, INVALID with the script error, nothing left running',
    { timeout: 300_000 },
    async () => {
      const repo = await makeExampleRepo({
        files: { 'compose/k6/broken.js': "throw new Error('boom while loading the script')\n" },
      })
      cleanups.push(repo.cleanup)
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-broken-'))
      cleanups.push(() => rm(workDir, { recursive: true, force: true }))
      const runId = `broken${process.pid}`
      let firstTrialAt = 0
      const { results, resultsPath } = await measure({
        settings: exampleSettings(repo.dir, workDir),
        bench: exampleBenchmark({ k6Script: 'compose/k6/broken.js' }),
        arms: ['base', 'head'],
        baseSha: repo.baseSha,
        meta: { runId, runUrl: '', repository: 'acme/shop', event: 'pull_request', pullRequest: 1 },
        onProgress: (e) => {
          if (!firstTrialAt && e.message.endsWith('…') && e.planned > 0) firstTrialAt = Date.now()
        },
      })
      const trialSeconds = (Date.now() - firstTrialAt) / 1000

      // The arms warm up side by side, so both first warm-ups ran; nothing started after them.
      assert.deepEqual(
        results.trials.map((t) => `${t.phase} ${t.round} ${t.arm}`).sort(),
        ['warmup 0 base', 'warmup 0 head'],
        'no trial after the first failure',
      )
      assert.ok(results.trials.every((t) => t.k6ExitCode === 107))
      assert.match(results.error ?? '', /boom while loading the script/)
      assert.equal((await readResults(resultsPath)).error, results.error, 'the reason is saved')
      const comparison = compareResults(results, { failOn: ['REGRESSION', 'INVALID'] })
      assert.equal(comparison.verdict, 'INVALID')
      assert.match(
        comparison.headline,
        /^Invalid run — the k6 script cannot run .*boom while loading the script/,
      )
      assert.ok(trialSeconds < 20, `stopped in ${trialSeconds} s`)
      assertNothingLeft(`loadgate-${runId}-`)
    },
  )
})
