import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { cloneOrigin, git, makeWorkRepo, type WorkRepo } from '../../testkit/git-repos'
import { makeResults } from '../../testkit/results-factory'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'
import { localRun } from './local-run'
import { pushSavedRun, recordMode, storeRun } from '../../src/modes/record'
import { checkPushAccess, readHistory, recordRun, toRunRecord } from '../../src/store'
import type { RunRecord } from '../../src/model/types'
import { shiftFinder } from '../../src/modes/change-points'

const repos: WorkRepo[] = []
async function repo(origin: 'bare' | 'none' = 'bare'): Promise<WorkRepo> {
  const made = await makeWorkRepo({ prefix: 'loadgate-push-', origin })
  repos.push(made)
  return made
}
after(() => Promise.all(repos.map((r) => r.cleanup())))

function runOf(sha: string): RunRecord {
  const results = makeResults({ rounds: 6, base: () => ({ p50: 10 }), head: () => ({ p50: 11 }) })
  results.meta.head = { ...results.meta.head, sha }
  return toRunRecord(results, null, 'main')
}

const localBranches = (dir: string) =>
  git(dir, 'for-each-ref', '--format=%(refname)', 'refs/heads/').split('\n')

/** The example's settings in `workspace` (recording to its origin), run files in a temporary folder. */
async function recordSettings(workspace: string) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-push-work-'))
  return { ...settingsFor(process.cwd(), { mode: 'record' }), workspace, workDir }
}

describe('recording leaves no branches behind', () => {
  test('the first record creates gh-pages without a local branch', async () => {
    const { dir, root } = await repo()
    const outcome = await recordRun({
      workspace: dir,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record: runOf('1'.repeat(40)),
      fallbackDir: path.join(root, 'kept'),
      findShifts: shiftFinder(),
    })
    assert.equal(outcome.pushed, true, outcome.error)
    assert.deepEqual(localBranches(dir), ['refs/heads/main'])
    assert.equal(git(dir, 'worktree', 'list').split('\n').length, 1)
    const check = await cloneOrigin(root, path.join(root, 'origin.git'), 'check')
    git(check, 'checkout', '-q', 'gh-pages')
    assert.equal(
      git(check, 'rev-list', '--count', 'HEAD'),
      '1',
      'the history starts with its own root commit',
    )
    assert.ok(existsSync(path.join(check, 'loadgate/data/api/runs.json')))
    assert.ok(!existsSync(path.join(check, 'README.md')) && !existsSync(path.join(check, '.git/info/x')))
  })

  test('a record that cannot push leaves no branch either', async () => {
    const { dir, root } = await repo()
    git(dir, 'remote', 'set-url', '--push', 'origin', path.join(root, 'missing.git'))
    const outcome = await recordRun({
      workspace: dir,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record: runOf('2'.repeat(40)),
      fallbackDir: path.join(root, 'kept'),
      findShifts: shiftFinder(),
    })
    assert.equal(outcome.pushed, false)
    assert.deepEqual(localBranches(dir), ['refs/heads/main'])
  })
})

describe('push access is checked before measuring', () => {
  test('no origin, an origin that refuses pushes, and one that accepts them', async () => {
    const none = await repo('none')
    await assert.rejects(checkPushAccess({ workspace: none.dir, branch: 'gh-pages' }), (error: Error) => {
      assert.match(error.message, /has no remote 'origin': add it \(git remote add origin URL\)/)
      assert.doesNotMatch(error.message, /\n/)
      return true
    })
    const refusing = await repo()
    git(refusing.dir, 'remote', 'set-url', '--push', 'origin', path.join(refusing.root, 'missing.git'))
    await assert.rejects(
      checkPushAccess({ workspace: refusing.dir, branch: 'gh-pages' }),
      /Cannot push to the 'gh-pages' branch of the remote 'origin'.*missing\.git/,
    )
    const fine = await repo()
    await checkPushAccess({ workspace: fine.dir, branch: 'gh-pages' })
    git(fine.dir, 'push', '-q', 'origin', 'main:gh-pages')
    await checkPushAccess({ workspace: fine.dir, branch: 'gh-pages' })
  })

  test('record with no origin fails in one line before anything is measured', async () => {
    const none = await repo('none')
    const settings = await recordSettings(none.dir)
    const started = Date.now()
    await assert.rejects(recordMode(localRun(settings), exampleBenchmark()), /has no remote 'origin'/)
    assert.ok(Date.now() - started < 5000)
    assert.equal(existsSync(path.join(settings.workDir, 'api')), false, 'measuring never started')
    await rm(settings.workDir, { recursive: true, force: true })
  })
})

describe('a run that could not be pushed is pushed later without measuring', () => {
  test('the failure names the saved file and the command; --push-only records it', async () => {
    const { dir, root } = await repo()
    git(dir, 'remote', 'set-url', '--push', 'origin', path.join(root, 'missing.git'))
    const settings = await recordSettings(dir)
    const run = localRun(settings)
    const record = runOf('3'.repeat(40))
    const fallbackDir = path.join(settings.workDir, 'api')
    let message = ''
    await assert.rejects(
      storeRun(run, record, fallbackDir),
      (error: Error) => (message = error.message) !== '',
    )
    const saved = /loadgate record --push-only (\S+\.json)'/.exec(message)?.[1]
    assert.ok(saved && existsSync(saved), message)
    assert.ok(saved.startsWith(fallbackDir), message)

    // Once pushing works again, the saved run is recorded as it was measured.
    git(dir, 'remote', 'set-url', '--delete', '--push', 'origin', path.join(root, 'missing.git'))
    const pushed = await pushSavedRun({ file: saved, settings, reporter: run.reporter, branch: 'main' })
    assert.equal(pushed.pushed, true)
    const history = await readHistory({
      workspace: dir,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      benchmark: 'api',
    })
    assert.deepEqual(history, [record])
    await rm(settings.workDir, { recursive: true, force: true })
  })

  test('loadgate record --push-only FILE on the command line', async () => {
    const { dir, root } = await repo()
    const record = runOf('4'.repeat(40))
    const failed = await recordRun({
      workspace: dir,
      branch: 'perf-pages',
      dataDir: 'perf/api',
      record,
      fallbackDir: path.join(root, 'kept'),
      findShifts: shiftFinder(),
      remote: 'nowhere',
    })
    assert.equal(failed.pushed, false)
    const cli = path.resolve('src/cli/index.ts')
    // The CLI from source, run in the test's repository (where tsx is not installed).
    const tsx = import.meta.resolve('tsx')
    const args = [
      'record',
      '--push-only',
      failed.fallbackFile!,
      '--gh-pages-branch',
      'perf-pages',
      '--data-dir',
      'perf/api',
    ]
    const result = spawnSync('node', ['--import', tsx, cli, ...args], { cwd: dir, encoding: 'utf8' })
    assert.equal(result.status, 0, result.stderr)
    assert.match(result.stdout, /recorded the run of 4444444; stored perf\/api\/data\/api\/runs\//)
    const history = await readHistory({
      workspace: dir,
      branch: 'perf-pages',
      dataDir: 'perf/api',
      benchmark: 'api',
    })
    assert.deepEqual(history, [record])

    const bad = spawnSync(
      'node',
      ['--import', tsx, cli, 'record', '--push-only', path.join(root, 'none.json')],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    )
    assert.equal(bad.status, 3)
    assert.match(
      bad.stderr,
      /^loadgate: '.*none\.json' cannot be read: expected the run file a failed record saved\n$/,
    )
  })
})
