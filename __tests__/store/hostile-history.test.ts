import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { chmod, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { cloneOrigin, commitAll, git, makeOriginAndClone, writeFiles } from '../../testkit/git-repos'
import { readDerived } from '../../testkit/history'
import { makeResults } from '../../testkit/results-factory'
import { readHistory, recordRun, toRunRecord } from '../../src/store'
import type { RunRecord } from '../../src/model/types'
import { shiftFinder } from '../../src/modes/change-points'

// The history branch is written by anyone with push access: one bad file must not stop recording.

let repos: Awaited<ReturnType<typeof makeOriginAndClone>>

function runOf(sha: string, minute: number): RunRecord {
  const results = makeResults({ rounds: 6, base: () => ({ p50: 10 }), head: () => ({ p50: 10 + minute }) })
  results.meta.head = { ...results.meta.head, sha }
  results.meta.runId = `run-${minute}`
  results.meta.startedAt = new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString()
  return toRunRecord(results, null, 'main')
}

const RUNS = 'loadgate/data/api/runs/2026/11'
const NEWLINE_NAME = 'evil\n::warning::injected.json'

before(async () => {
  repos = await makeOriginAndClone()
  const first = await recordRun({
    workspace: repos.workspace,
    branch: 'gh-pages',
    dataDir: 'loadgate',
    record: runOf('1'.repeat(40), 1),
    fallbackDir: path.join(repos.root, 'kept'),
    findShifts: shiftFinder(),
  })
  assert.equal(first.pushed, true, first.error)
  // An attacker with push access adds files next to the genuine run.
  const attacker = await cloneOrigin(repos.root, repos.origin, 'attacker')
  git(attacker, 'checkout', '-q', 'gh-pages')
  const withPrototypeKeys = JSON.stringify(runOf('2'.repeat(40), 2))
    .replace(
      '"metrics":{',
      '"metrics":{"constructor":{"median":1,"low":null,"high":null},"__proto__":{"median":1,"low":null,"high":null},',
    )
    .replace('"trials":{', '"trials":{"__proto__":{"p50":[1]},"constructor":{"p50":[1]},')
  await writeFiles(attacker, {
    [`${RUNS}/not-json.json`]: '{"schemaVersion": 2, "benchmark": "api", \u001b[31m',
    [`${RUNS}/wrong-shape.json`]: JSON.stringify({ schemaVersion: 2, benchmark: 'api', series: 'x' }),
    [`${RUNS}/unknown-version.json`]: JSON.stringify({ schemaVersion: 99 }),
    [`${RUNS}/${NEWLINE_NAME}`]: 'null',
    [`${RUNS}/prototype-keys.json`]: withPrototypeKeys,
    'loadgate/data/__proto__/runs/x.json': JSON.stringify(runOf('3'.repeat(40), 3)),
  })
  await symlink('/etc/hostname', path.join(attacker, RUNS, 'link.json'))
  commitAll(attacker, 'hostile run files')
  git(attacker, 'push', '-q', 'origin', 'gh-pages')
})
after(() => repos.cleanup())

describe('a hostile history branch', () => {
  test('bad run files are skipped with a warning naming each; the run is still recorded at once', async () => {
    const warnings: string[] = []
    const started = Date.now()
    const outcome = await recordRun({
      workspace: repos.workspace,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record: runOf('4'.repeat(40), 4),
      fallbackDir: path.join(repos.root, 'kept'),
      findShifts: shiftFinder(),
      onWarning: (message) => warnings.push(message),
    })
    assert.equal(outcome.pushed, true, outcome.error)
    assert.equal(outcome.attempts, 1)
    assert.ok(Date.now() - started < 20_000)
    const named = (name: string) => warnings.filter((w) => w.includes(name))
    assert.equal(named('not-json.json').length, 1, warnings.join('\n'))
    assert.match(named('not-json.json')[0]!, /not valid JSON/)
    assert.match(named('wrong-shape.json')[0]!, /meta: /)
    assert.match(named('unknown-version.json')[0]!, /schemaVersion 99/)
    assert.equal(named('injected.json').length, 1, warnings.join('\n'))
    assert.match(named('data/__proto__')[0] ?? '', /not a benchmark name/)
    for (const warning of warnings) {
      assert.doesNotMatch(warning, /\p{Cc}/u, 'no control characters reach the log')
    }
    assert.equal(warnings.filter((w) => w.includes('link.json')).length, 0, 'a symbolic link is not read')

    const check = await cloneOrigin(repos.root, repos.origin, 'check')
    git(check, 'checkout', '-q', 'gh-pages')
    const derived = await readDerived(path.join(check, 'loadgate'), 'api')
    assert.deepEqual(derived.runs.runs.sha, ['1'.repeat(12), '2'.repeat(12), '4'.repeat(12)])
    const metrics = Object.keys(derived.series['api GET /items/:id']!.metrics)
    assert.ok(!metrics.includes('constructor') && !metrics.includes('__proto__'), metrics.join(','))
  })

  test('reading the history for a stored baseline skips the same files, naming them', async () => {
    const warnings: string[] = []
    const history = await readHistory({
      workspace: repos.workspace,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      benchmark: 'api',
      onWarning: (message) => warnings.push(message),
    })
    assert.deepEqual(
      history.map((r) => r.meta.head.sha[0]),
      ['1', '2', '4'],
    )
    for (const name of ['not-json.json', 'wrong-shape.json', 'unknown-version.json', 'injected.json'])
      assert.equal(warnings.filter((w) => w.includes(name)).length, 1, `${name}: ${warnings.join('\n')}`)
    const withKeys = history[1]!
    assert.equal(Object.getPrototypeOf(withKeys.trials), Object.prototype, 'no prototype was replaced')
    assert.equal(Object.hasOwn(withKeys.trials, '__proto__'), false)
  })

  test('a push that fails for any other reason than a lost race is not retried', async () => {
    const readOnly = await cloneOrigin(repos.root, repos.origin, 'read-only')
    git(readOnly, 'remote', 'set-url', '--push', 'origin', path.join(repos.root, 'missing.git'))
    const started = Date.now()
    const outcome = await recordRun({
      workspace: readOnly,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record: runOf('5'.repeat(40), 5),
      fallbackDir: path.join(repos.root, 'kept-read-only'),
      findShifts: shiftFinder(),
    })
    assert.equal(outcome.pushed, false)
    assert.equal(outcome.attempts, 1)
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`)
    assert.match(outcome.error ?? '', /missing\.git/)
    assert.ok(outcome.fallbackFile?.startsWith(path.join(repos.root, 'kept-read-only')))
  })

  test('a push the remote refuses (a hook, a protected branch) is not retried, and says why', async () => {
    const guarded = await makeOriginAndClone()
    try {
      const hook = path.join(guarded.origin, 'hooks', 'pre-receive')
      await writeFile(hook, '#!/bin/sh\necho "gh-pages is protected" >&2\nexit 1\n')
      await chmod(hook, 0o755)
      const outcome = await recordRun({
        workspace: guarded.workspace,
        branch: 'gh-pages',
        dataDir: 'loadgate',
        record: runOf('6'.repeat(40), 6),
        fallbackDir: path.join(guarded.root, 'kept'),
        findShifts: shiftFinder(),
      })
      assert.equal(outcome.pushed, false)
      assert.equal(outcome.attempts, 1)
      assert.match(outcome.error ?? '', /\[remote rejected\].*pre-receive hook declined/)
      assert.match(outcome.error ?? '', /gh-pages is protected/)
    } finally {
      await guarded.cleanup()
    }
  })
})
