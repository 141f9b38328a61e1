import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { cloneOrigin, git, makeOriginAndClone } from '../../testkit/git-repos'
import { readDerived } from '../../testkit/history'
import {
  readHistory,
  rebuildDerived,
  recordRun,
  toRunRecord,
  benchmarkActionFiles,
  buildDerived,
  openHistoryGit,
} from '../../src/store'
import { dashboardUrl } from '../../src/forge/github/pages'
import { rerunNote } from '../../src/modes/record'
import { makeResults } from '../../testkit/results-factory'
import { shiftFinder } from '../../src/modes/change-points'

let repos: Awaited<ReturnType<typeof makeOriginAndClone>>

before(async () => {
  repos = await makeOriginAndClone()
})
after(() => repos.cleanup())

export function runWriter(
  workspace: string,
  index: number,
  fallback: string,
  where = 'origin',
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      'node',
      ['--import', 'tsx', 'testkit/record-writer.ts', workspace, String(index), fallback, where],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => resolve({ code: code ?? 1, out }))
  })
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** The history branch of `bare` holds the 20 writers' runs, and derived files a fresh rebuild agrees with. */
async function assertTwentyRuns(bare: string, tag: string): Promise<void> {
  const check = await cloneOrigin(repos.root, bare, `${tag}-check`)
  git(check, 'checkout', '-q', 'gh-pages')
  const runFiles = (await listFiles(path.join(check, 'loadgate/data/api/runs'))).filter(
    (f) => !f.endsWith('.benchmark-action.json'),
  )
  assert.equal(runFiles.length, 20)
  const derived = await readDerived(path.join(check, 'loadgate'), 'api')
  assert.equal(derived.runs.runs.id.length, 20)
  for (const series of Object.values(derived.series)) assert.equal(series.metrics.p50!.median.length, 20)
  // A fresh rebuild from the run files gives the same derived files.
  const copy = await mkdtemp(path.join(os.tmpdir(), 'loadgate-rebuild-'))
  await cp(path.join(check, 'loadgate'), copy, { recursive: true })
  await rebuildDerived(copy, shiftFinder())
  const seriesFiles = derived.runs.series.map((s) => `data/api/series/${s.file}`)
  assert.ok(seriesFiles.length > 0)
  for (const file of ['data/index.json', 'data/api/runs.json', ...seriesFiles]) {
    assert.deepEqual(
      JSON.parse(await readFile(path.join(copy, file), 'utf8')),
      JSON.parse(await readFile(path.join(check, 'loadgate', file), 'utf8')),
      file,
    )
  }
  await rm(copy, { recursive: true, force: true })
  assert.ok(
    (await readdir(path.join(check, 'loadgate'))).includes('index.html'),
    'the dashboard is published beside the data',
  )
}

describe('gh-pages store', () => {
  // The same 20 writers into the checkout's origin, then into a history repository of its own.
  for (const target of ['origin', 'a history repository'] as const) {
    test(
      `20 concurrent record writers into ${target} (separate processes, real git): every run lands, derived files agree`,
      { timeout: 240_000 },
      async () => {
        const tag = target === 'origin' ? 'origin' : 'history'
        const bare = target === 'origin' ? repos.origin : path.join(repos.root, 'history.git')
        if (bare !== repos.origin) git(repos.root, 'init', '-q', '--bare', bare)
        const originRefs = git(repos.origin, 'for-each-ref')
        const writers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => cloneOrigin(repos.root, repos.origin, `${tag}-writer-${i}`)),
        )
        const fallback = path.join(repos.root, `${tag}-fallback`)
        const where = bare === repos.origin ? 'origin' : `repository:${bare}`
        const outcomes = await Promise.all(writers.map((w, i) => runWriter(w, i, fallback, where)))
        for (const [i, o] of outcomes.entries()) {
          assert.equal(o.code, 0, `writer ${i}: ${o.out}`)
          assert.equal(JSON.parse(o.out).pushed, true, `writer ${i}: ${o.out}`)
        }
        await assertTwentyRuns(bare, tag)
        if (bare !== repos.origin)
          assert.equal(git(repos.origin, 'for-each-ref'), originRefs, "origin's branches are untouched")
        const history = await readHistory({
          ...openHistoryGit(repos.workspace, bare === repos.origin ? null : { kind: 'url', url: bare }, ''),
          branch: 'gh-pages',
          dataDir: 'loadgate',
          benchmark: 'api',
        })
        assert.deepEqual(
          history.map((h) => h.meta.runId).sort(),
          Array.from({ length: 20 }, (_, i) => `run-${i}`).sort(),
        )
      },
    )
  }

  test('a run that cannot be pushed is kept in the fallback file and reported', async () => {
    const broken = await cloneOrigin(repos.root, repos.origin, 'broken')
    git(broken, 'remote', 'set-url', 'origin', path.join(repos.root, 'missing.git'))
    const results = makeResults({ rounds: 6, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    const fallbackDir = path.join(repos.root, 'kept')
    const outcome = await recordRun({
      workspace: broken,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record: toRunRecord(results, null, 'main'),
      fallbackDir,
      findShifts: shiftFinder(),
    })
    assert.equal(outcome.pushed, false)
    assert.ok(outcome.fallbackFile)
    const kept = JSON.parse(await readFile(outcome.fallbackFile!, 'utf8'))
    assert.equal(kept.meta.head.sha, results.meta.head.sha)
    assert.equal(git(broken, 'worktree', 'list').split('\n').length, 1, 'no worktree left behind')
  })

  test('a commit recorded again is stored beside its earlier runs, and the outcome says so', async () => {
    const clone = await cloneOrigin(repos.root, repos.origin, 'rerun')
    const results = makeResults({ rounds: 3, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    const store = (runId: string, startedAt: string) =>
      recordRun({
        workspace: clone,
        branch: 'rerun-pages',
        dataDir: 'loadgate',
        record: toRunRecord({ ...results, meta: { ...results.meta, runId, startedAt } }, null, 'main'),
        fallbackDir: path.join(repos.root, 'rerun-kept'),
        findShifts: shiftFinder(),
      })
    const first = await store('first', '2026-03-01T10:00:00.000Z')
    assert.equal(first.earlierRunsOfCommit, 0)
    const second = await store('second', '2026-03-01T11:00:00.000Z')
    const third = await store('third', '2026-03-02T11:00:00.000Z')
    assert.deepEqual([second.pushed, second.earlierRunsOfCommit, third.earlierRunsOfCommit], [true, 1, 2])
    assert.equal(
      rerunNote(results.meta.head.sha, 2).startsWith(
        `commit ${results.meta.head.sha.slice(0, 7)} was recorded 2 times before`,
      ),
      true,
    )
  })

  test('chart data name each run by its own branch, author, runner and verdict', () => {
    const records = (['main', 'release', 'main'] as const).map((branch, i) => {
      const record = toRunRecord(
        makeResults({
          rounds: 3,
          series: ['api GET /a'],
          base: () => ({ p50: 5 }),
          head: () => ({ p50: 5 }),
        }),
        null,
        branch,
      )
      record.meta.startedAt = new Date(Date.UTC(2026, 0, 1 + i)).toISOString()
      record.meta.head.author = ['ada', 'bob', 'ada'][i]!
      record.meta.runner.cores = [2, 2, 4][i]!
      record.verdict = (['NO_CHANGE', 'REGRESSION', 'NO_CHANGE'] as const)[i]!
      return record
    })
    const { runs: file } = buildDerived('api', records.toReversed(), shiftFinder())
    const resolved = file.runs.id.map((_, i) => [
      file.values.branch[file.runs.branch[i]!],
      file.values.author[file.runs.author[i]!],
      file.values.runner[file.runs.runner[i]!]!.endsWith(`${records[i]!.meta.runner.cores} cores`),
      file.values.verdict[file.runs.verdict[i]!],
    ])
    assert.deepEqual(resolved, [
      ['main', 'ada', true, 'NO_CHANGE'],
      ['release', 'bob', true, 'REGRESSION'],
      ['main', 'ada', true, 'NO_CHANGE'],
    ])
    assert.deepEqual(file.values.branch, ['main', 'release'], 'each value stored once')
  })

  test('a history written by schema version 1 is read and migrated', async () => {
    const fixture = path.resolve('__tests__/__fixtures__/history-v1')
    const copy = await mkdtemp(path.join(os.tmpdir(), 'loadgate-v1-'))
    await cp(fixture, copy, { recursive: true })
    // Chart data an older loadgate derived: replaced, since the dashboard is replaced with it.
    await writeFile(path.join(copy, 'data/api/series.json'), '{"schemaVersion":1}')
    await rebuildDerived(copy, shiftFinder())
    const derived = await readDerived(copy, 'api')
    assert.equal(derived.runs.runs.id.length, 3)
    const items = derived.series['api GET /items/:id']!.metrics
    assert.deepEqual(items.p50!.median, [4.1, 4.3, 4.2])
    assert.deepEqual(items.p50!.low, [null, null, null])
    assert.equal(existsSync(path.join(copy, 'data/api/series.json')), false, 'version 1 chart data removed')
    await rm(copy, { recursive: true, force: true })
  })

  test('dashboard URLs and github-action-benchmark export', () => {
    assert.equal(
      dashboardUrl('Acme/shop', 'loadgate', 'api', 'api POST /orders'),
      'https://acme.github.io/shop/loadgate/#bench=api&series=api%20POST%20%2Forders',
    )
    assert.equal(
      dashboardUrl('acme/shop', 'perf', undefined, undefined, 'https://ghe.example.com'),
      'https://ghe.example.com/pages/acme/shop/perf/',
    )
    const results = makeResults({ rounds: 6, base: () => ({ p50: 10 }), head: () => ({ p50: 12 }) })
    const [smaller, bigger] = benchmarkActionFiles(toRunRecord(results, null, 'main'))
    const p50 = smaller?.entries.find((e) => e.name === 'api GET /items/:id p50')
    assert.equal(p50?.value, 12)
    assert.ok(bigger?.entries.some((e) => e.name.endsWith('throughput')))
  })
})
