import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createGitHubForge } from '../../src/forge/github/github-forge'
import { readRunContext } from '../../src/forge/github/context'
import type { Forge } from '../../src/forge'
import { shiftFinder, watchRecordedHistory } from '../../src/modes/change-points'
import type { Reporter } from '../../src/report/reporter'
import { recordRun } from '../../src/store'
import { startGitHubDouble, type DoubleOptions } from '../../testkit/github-double'
import { makeOriginAndClone } from '../../testkit/git-repos'
import { exampleBenchmark, exampleSettings } from '../../testkit/settings'
import { recordsOf, stepSeries } from '../../testkit/step-histories'

let repo: Awaited<ReturnType<typeof makeOriginAndClone>>
let workDir: string

// 20 runs of POST /orders on a real gh-pages branch: p50, p90 and p95 +18% from run 12 on.
before(async () => {
  repo = await makeOriginAndClone()
  workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-watch-'))
  const records = recordsOf(stepSeries({ runs: 20, noise: 0.02, steps: [{ at: 12, size: 0.18 }], seed: 2 }))
  for (const record of records) {
    const outcome = await recordRun({
      workspace: repo.workspace,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record,
      fallbackDir: workDir,
      findShifts: shiftFinder(),
    })
    assert.ok(outcome.pushed, outcome.error)
  }
})
after(async () => {
  await repo.cleanup()
  await rm(workDir, { recursive: true, force: true })
})

function collecting(): Reporter & { infos: string[]; warnings: string[] } {
  const infos: string[] = []
  const warnings: string[] = []
  return {
    infos,
    warnings,
    info: (m) => infos.push(m),
    warning: (m) => warnings.push(m),
    group: (_title, work) => work(),
    summary: () => {},
  }
}

async function watch(forge: Forge | null, mode: 'issue' | 'off' = 'issue') {
  const reporter = collecting()
  const settings = exampleSettings(process.cwd(), workDir, {
    workspace: repo.workspace,
    changePoints: { mode, maxP: 0.001, minChange: 0.05, minRuns: 5 },
  })
  const context = readRunContext({ GITHUB_REPOSITORY: 'acme/shop', GITHUB_EVENT_PATH: '' })
  await watchRecordedHistory({ settings, context, reporter, forge }, exampleBenchmark(), 'main')
  return reporter
}

async function doubleForge(options: DoubleOptions = {}) {
  const double = await startGitHubDouble(options)
  const context = readRunContext({
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_API_URL: double.url,
    GITHUB_EVENT_PATH: '',
  })
  return { double, forge: createGitHubForge(context, 'ghs_test') }
}

describe('record mode watches the recorded history (change-points: issue)', () => {
  test('reads the pushed history and files one issue for the metrics that moved together, once', async () => {
    const { double, forge } = await doubleForge()
    try {
      const first = await watch(forge)
      assert.deepEqual(first.warnings, [])
      // p50 and p90 (the gated tail) of the series moved at the same run: one issue names both.
      assert.deepEqual(
        double.state.issues.map((i) => i.title.replace(/\+\d+%/g, '+N%').replace(/p(50|90)/g, 'pX')),
        [`pX of api POST /orders +N% since ${(13).toString(16).padStart(40, 'b').slice(0, 7)} (pX +N%)`],
      )
      assert.ok(first.infos.some((line) => /2 change points in 20 recorded runs/.test(line)))
      await watch(forge)
      assert.equal(double.state.issues.length, 1, 'not filed twice')
      assert.deepEqual(double.violations, [])
    } finally {
      await double.close()
    }
  })

  test('off files nothing; without a token, or without issues: write, a warning and the run goes on', async () => {
    const off = await doubleForge()
    try {
      await watch(off.forge, 'off')
      assert.equal(off.double.requests.length, 0)
    } finally {
      await off.double.close()
    }
    const noToken = await watch(null)
    assert.match(noToken.warnings.join('\n'), /change-points: issue needs a token/)
    const refused = await doubleForge({ failures: [{ method: 'POST', path: /\/issues$/, status: 403 }] })
    try {
      const reporter = await watch(refused.forge)
      assert.match(reporter.warnings.join('\n'), /could not update the shift issues .*needs 'issues: write'/)
    } finally {
      await refused.double.close()
    }
  })
})
