import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { commitAll, git, makeWorkRepo, type WorkRepo } from '../../testkit/git-repos'
import { makeResults } from '../../testkit/results-factory'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'
import { localRun } from './local-run'
import { storedBaseline } from '../../src/modes/stored-baseline'
import { recordRun, toRunRecord } from '../../src/store'
import { chooseStoredBaseline } from '../../src/store/baseline'
import type { RunRecord } from '../../src/model/types'
import { shiftFinder } from '../../src/modes/change-points'

// `--baseline stored --base X` compares with X's own stored run, and always says which run it used.

let work: WorkRepo
const commits: Record<'older' | 'newer' | 'unrecorded' | 'invalid', string> = {
  older: '',
  newer: '',
  unrecorded: '',
  invalid: '',
}

function runOf(sha: string, day: number, verdict: RunRecord['verdict'] = null): RunRecord {
  const results = makeResults({ rounds: 6, base: () => ({ p50: 10 }), head: () => ({ p50: 10 + day }) })
  results.meta.head = { ...results.meta.head, sha }
  results.meta.runId = `run-${day}`
  results.meta.startedAt = new Date(Date.UTC(2026, 10, day, 9, 30)).toISOString()
  const record = toRunRecord(results, null, 'main')
  record.verdict = verdict
  return record
}

before(async () => {
  work = await makeWorkRepo({ prefix: 'loadgate-stored-' })
  commits.older = work.sha
  commits.invalid = commitAll(work.dir, 'second')
  commits.newer = commitAll(work.dir, 'third')
  commits.unrecorded = commitAll(work.dir, 'fourth')
  git(work.dir, 'push', '-q', 'origin', 'main')
  const runs = [runOf(commits.older, 2), runOf(commits.invalid, 3, 'INVALID'), runOf(commits.newer, 4)]
  for (const record of runs) {
    const outcome = await recordRun({
      workspace: work.dir,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record,
      fallbackDir: path.join(work.root, 'kept'),
      findShifts: shiftFinder(),
    })
    assert.equal(outcome.pushed, true, outcome.error)
  }
})
after(() => work.cleanup())

function runWithBase(baseRef: string) {
  return localRun({ ...settingsFor(process.cwd(), { baseline: 'stored' }), workspace: work.dir, baseRef })
}

describe('the stored baseline', () => {
  test('--base X uses the stored run of X, not the newest, and names it', async () => {
    const run = runWithBase(commits.older)
    const { baseline, history } = await storedBaseline(run, exampleBenchmark())
    assert.equal(baseline.meta.head.sha, commits.older)
    assert.equal(history.length, 3)
    assert.deepEqual(run.reporter.infos, [
      `api: baseline: the stored run of ${commits.older.slice(0, 7)} measured 2026-11-02 09:30 UTC (branch main, run run-2)`,
    ])
  })

  test('a ref is resolved to its commit', async () => {
    const run = runWithBase('main~1')
    const { baseline } = await storedBaseline(run, exampleBenchmark())
    assert.equal(baseline.meta.head.sha, commits.newer)
  })

  test('--base X without a stored run of X fails saying so, in one line', async () => {
    for (const [sha, why] of [
      [commits.unrecorded, 'no run is stored'],
      [commits.invalid, 'only invalid runs are stored'],
    ] as const) {
      await assert.rejects(storedBaseline(runWithBase(sha), exampleBenchmark()), (error: Error) => {
        assert.match(
          error.message,
          new RegExp(`^baseline stored: ${why} for the base commit ${sha.slice(0, 7)} of 'api'`),
        )
        assert.match(error.message, new RegExp(`newest stored: ${commits.newer.slice(0, 7)} of 2026-11-04`))
        assert.doesNotMatch(error.message, /\n/)
        return true
      })
    }
  })

  test('without --base: the newest valid run of the base branch, named', async () => {
    const run = runWithBase('')
    const { baseline } = await storedBaseline(run, exampleBenchmark())
    assert.equal(baseline.meta.head.sha, commits.newer)
    assert.match(
      run.reporter.infos[0]!,
      new RegExp(`stored run of ${commits.newer.slice(0, 7)} measured 2026-11-04`),
    )
  })

  test('a pull request compares with its base commit when it was recorded', () => {
    const history = [runOf('a'.repeat(40), 1), runOf('b'.repeat(40), 2)]
    const chosen = (pullBaseSha: string) =>
      chooseStoredBaseline(history, {
        benchmark: 'api',
        historyBranch: 'gh-pages',
        requestedSha: '',
        pullBaseSha,
        baseBranch: 'main',
      }).meta.head.sha[0]
    assert.equal(chosen('a'.repeat(40)), 'a')
    assert.equal(chosen('c'.repeat(40)), 'b')
  })
})
