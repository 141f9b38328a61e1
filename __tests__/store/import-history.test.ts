import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { copyFile, mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { recordResults } from '../../src/modes/record'
import { storedBaseline } from '../../src/modes/stored-baseline'
import { readHistory } from '../../src/store'
import { benchmarkDataJs } from '../../testkit/benchmark-data'
import { cloneOrigin, commitAll, git, makeWorkRepo, type WorkRepo } from '../../testkit/git-repos'
import { readDerived } from '../../testkit/history'
import { makeRecordResults } from '../../testkit/results-factory'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'
import { localRun } from './local-run'

// `loadgate import` into a real history branch (a local bare origin): through the append-only
// commit path, idempotent, refusing bad files and hostile trees before anything is written.

const CLI = path.resolve('src/cli/index.ts')
const TSX = import.meta.resolve('tsx')
const SUMMARY = path.resolve('__tests__/__fixtures__/k6-summary/summary-export.json')

function importCli(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', TSX, CLI, 'import', ...args], { cwd, encoding: 'utf8' })
}

const tip = (made: WorkRepo) => git(made.origin, 'rev-parse', 'refs/heads/gh-pages')
const history = (made: WorkRepo) =>
  readHistory({ workspace: made.dir, branch: 'gh-pages', dataDir: 'loadgate', benchmark: 'api' })

let work: WorkRepo
let dataJs = ''

/** Three measured runs of main (February 2026) recorded as record mode does. */
async function recordMeasured(made: WorkRepo): Promise<void> {
  const settings = {
    ...settingsFor(process.cwd(), { mode: 'record' }),
    workspace: made.dir,
    workDir: made.root,
  }
  for (let i = 0; i < 3; i++)
    await recordResults(localRun(settings), exampleBenchmark(), {
      results: makeRecordResults(i, { p50: 10 }),
      resultsPath: path.join(made.root, 'api', 'results.json'),
      calibration: null,
    })
}

before(async () => {
  work = await makeWorkRepo({ prefix: 'loadgate-import-' })
  await recordMeasured(work)
  dataJs = path.join(work.root, 'data.js')
  // 50 runs from March 2026 on: newer than every measured run.
  await writeFile(dataJs, benchmarkDataJs({ entries: 50, start: new Date(Date.UTC(2026, 2, 1)) }))
})
after(() => work.cleanup())

describe('loadgate import into the history branch', () => {
  test('50 entries of data.js: one commit, every run kept, labelled, drawn; again: nothing added', async () => {
    const before = tip(work)
    const first = importCli(work.dir, dataJs, '--benchmark', 'api')
    assert.equal(first.status, 0, first.stderr)
    assert.match(first.stdout, /^imported 50 run\(s\) of api from github-action-benchmark into gh-pages;/)
    assert.match(first.stderr, /skipped \(no loadgate counterpart\): POST \/orders allocations \(B\/op\)/)
    assert.equal(git(work.origin, 'rev-list', '--count', `${before}..gh-pages`), '1', 'one commit')
    const runs = await history(work)
    assert.equal(runs.length, 53, 'the three measured runs are kept beside the 50 imported')
    assert.equal(runs.filter((r) => r.imported?.from === 'github-action-benchmark').length, 50)
    assert.ok(runs.every((r) => r.imported === undefined || r.imported.file === 'data.js'))

    const pages = await cloneOrigin(work.root, work.origin, 'pages-check')
    git(pages, 'checkout', '-q', 'gh-pages')
    const derived = await readDerived(path.join(pages, 'loadgate'), 'api')
    assert.equal(derived.runs.runs.id.length, 53)
    const labels = derived.runs.runs.imported!.map((i) => derived.runs.values.imported![i])
    assert.equal(labels.filter((l) => l === 'github-action-benchmark (data.js)').length, 50)
    assert.equal(labels.filter((l) => l === '').length, 3)

    const again = importCli(work.dir, dataJs, '--benchmark', 'api')
    assert.equal(again.status, 0, again.stderr)
    assert.match(again.stdout, /^imported 0 run\(s\) .*\(50 imported before, left as they are\)/)
    assert.equal((await history(work)).length, 53, 'no duplicates')
  })

  test('the stored baseline stays the newest measured run, though the imported runs are newer', async () => {
    const run = localRun({ ...settingsFor(process.cwd(), { baseline: 'stored' }), workspace: work.dir })
    const { baseline, history: read } = await storedBaseline(run, exampleBenchmark())
    assert.equal(baseline.imported, undefined)
    assert.equal(baseline.meta.runId, '2002', 'the third measured run')
    assert.ok(
      read.some((r) => r.imported),
      'the imported runs were read, and passed over',
    )
  })

  test('a k6 summary: the commit it measured, its time; a bad file: one line, exit 2, nothing written', async () => {
    const sha = commitAll(work.dir, 'the commit the summary measured')
    const summary = importCli(work.dir, SUMMARY, '--benchmark', 'api', '--commit', sha.slice(0, 10))
    assert.equal(summary.status, 0, summary.stderr)
    const stored = (await history(work)).filter((r) => r.imported?.from === 'k6-summary')
    assert.equal(stored.length, 1)
    assert.equal(stored[0]!.meta.head.sha, sha)
    assert.equal(stored[0]!.meta.head.message, 'the commit the summary measured')

    const before = tip(work)
    const bad = path.join(work.root, 'bad.json')
    await writeFile(bad, '{"data": []}')
    const refused = importCli(work.dir, bad, '--benchmark', 'api')
    assert.equal(refused.status, 2)
    assert.match(
      refused.stderr,
      /^loadgate: '.*bad\.json': expected k6's --summary-export or handleSummary JSON, or github-action-benchmark's data\.js; nothing was imported\n$/,
    )
    const noCommit = importCli(work.dir, SUMMARY, '--benchmark', 'api')
    assert.equal(noCommit.status, 2)
    assert.match(noCommit.stderr, /^loadgate: Flag '--commit' is missing: .*expected --commit <ref>\n$/)
    const hostileName = importCli(work.dir, dataJs, '--benchmark', '../api')
    assert.equal(hostileName.status, 2)
    assert.match(
      hostileName.stderr,
      /^loadgate: Flag '--benchmark' is '\.\.\/api': expected the benchmark's name/,
    )
    assert.equal(tip(work), before, 'nothing pushed')
  })

  test('a hostile tree (a link where the imported runs go) is refused, nothing outside touched or pushed', async () => {
    const made = await makeWorkRepo({ prefix: 'loadgate-import-hostile-' })
    try {
      await recordMeasured(made)
      const outside = path.join(made.root, 'outside')
      await mkdir(outside)
      const pages = await cloneOrigin(made.root, made.origin, 'attacker')
      git(pages, 'checkout', '-q', 'gh-pages')
      await rm(path.join(pages, 'loadgate/data/api/runs/2026'), { recursive: true, force: true })
      await symlink(outside, path.join(pages, 'loadgate/data/api/runs/2026'))
      commitAll(pages, 'hostile: a link on the way of the runs')
      git(pages, 'push', '-q', 'origin', 'gh-pages')
      const planted = tip(made)
      await copyFile(dataJs, path.join(made.root, 'data.js'))
      const refused = importCli(made.dir, path.join(made.root, 'data.js'), '--benchmark', 'api')
      assert.equal(refused.status, 3)
      assert.match(refused.stderr, /'loadgate\/data\/api\/runs\/2026' is a symbolic link/)
      assert.match(refused.stderr, /nothing was imported/)
      assert.equal(tip(made), planted)
      assert.deepEqual(spawnSync('ls', ['-A', outside], { encoding: 'utf8' }).stdout, '')
    } finally {
      await made.cleanup()
    }
  })
})
