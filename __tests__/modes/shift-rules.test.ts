import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { historyShifts, type Shift } from '../../src/decide/change-points'
import { createGitHubForge } from '../../src/forge/github/github-forge'
import { readRunContext } from '../../src/forge/github/context'
import type { RunsFile } from '../../src/store/derive'
import { shiftFinder, watchRecordedHistory } from '../../src/modes/change-points'
import { defaultShiftRules, shiftRulesOf } from '../../src/settings/change-points'
import type { ChangePointSettings } from '../../src/settings/types'
import { recordRun } from '../../src/store'
import { startGitHubDouble } from '../../testkit/github-double'
import { git, makeOriginAndClone } from '../../testkit/git-repos'
import { exampleBenchmark, exampleSettings } from '../../testkit/settings'
import { recordsOf, stepSeries } from '../../testkit/step-histories'

// One history, three readers: the issue watcher, the dashboard's data and `loadgate history`. The
// benchmark gates p90 (the default tail) but not p50, where the built-in rules gate both; p50 and p90 of POST /orders
// both move +18% at run 12. Every reader must judge by the benchmark's rules: one shift, p90.

const changePoints: ChangePointSettings = { mode: 'issue', maxP: 0.001, minChange: 0.05, minRuns: 5 }
const bench = exampleBenchmark()
bench.thresholds = bench.thresholds.map((t) => (t.metric === 'p50' ? { ...t, gate: false } : t))
const values = stepSeries({ runs: 20, noise: 0.02, steps: [{ at: 12, size: 0.18 }], seed: 2 })

let repo: Awaited<ReturnType<typeof makeOriginAndClone>>
let workDir: string
let pages: string

before(async () => {
  repo = await makeOriginAndClone()
  workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-shift-rules-'))
  for (const record of recordsOf(values)) {
    // As record mode stores a run: with the rules of the benchmark that measured it.
    record.shiftRules = shiftRulesOf(bench, changePoints)
    const outcome = await recordRun({
      workspace: repo.workspace,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record,
      fallbackDir: workDir,
      findShifts: shiftFinder([bench], changePoints),
    })
    assert.ok(outcome.pushed, outcome.error)
  }
  pages = path.join(repo.root, 'pages')
  git(repo.workspace, 'fetch', '-q', 'origin', 'gh-pages')
  git(repo.workspace, 'worktree', 'add', '-q', '--detach', pages, 'origin/gh-pages')
})
after(async () => {
  await repo.cleanup()
  await rm(workDir, { recursive: true, force: true })
})

describe("change points follow the benchmark's own rules everywhere", () => {
  test('the built-in rules would see p50 and p90 move: the disagreement the readers must resolve', () => {
    const found = historyShifts(recordsOf(values), { fallback: defaultShiftRules() })
    assert.deepEqual(found.shifts.map((s) => s.metric).sort(), ['p50', 'p90'])
  })

  test('the issue, the dashboard and `loadgate history` each name one shift: p90 of POST /orders', async () => {
    const double = await startGitHubDouble()
    try {
      const context = readRunContext({
        GITHUB_REPOSITORY: 'acme/shop',
        GITHUB_API_URL: double.url,
        GITHUB_EVENT_PATH: '',
      })
      const settings = exampleSettings(process.cwd(), workDir, { workspace: repo.workspace, changePoints })
      const reporter = {
        info: () => {},
        warning: (m: string) => assert.fail(m),
        group: <T>(_: string, work: () => Promise<T>) => work(),
        summary: () => {},
      }
      await watchRecordedHistory(
        { settings, context, reporter, forge: createGitHubForge(context, 'ghs_test') },
        bench,
        'main',
      )
      assert.equal(double.state.issues.length, 1)
      assert.match(double.state.issues[0]!.title, /^p90 of api POST \/orders \+\d+% since \w{7}$/)
      assert.deepEqual(double.violations, [])
    } finally {
      await double.close()
    }

    const runs = JSON.parse(
      await readFile(path.join(pages, 'loadgate', 'data', 'api', 'runs.json'), 'utf8'),
    ) as RunsFile
    assert.deepEqual(
      runs.shifts.map((s) => [s.series, s.metric, s.open]),
      [['api POST /orders', 'p90', true]],
    )

    const cli = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), 'src/cli/index.ts', 'history', pages, '--json'],
      {
        encoding: 'utf8',
      },
    )
    assert.equal(cli.status, 0, cli.stderr)
    const shifts = JSON.parse(cli.stdout) as Shift[]
    assert.deepEqual(
      shifts.map((s) => [s.series, s.metric]),
      [['api POST /orders', 'p90']],
    )
  })
})
