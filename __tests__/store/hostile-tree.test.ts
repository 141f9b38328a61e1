import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { cloneOrigin, commitAll, git, makeWorkRepo, type WorkRepo } from '../../testkit/git-repos'
import { makeResults } from '../../testkit/results-factory'
import { readHistory, recordRun, toRunRecord } from '../../src/store'
import { storeCalibration } from '../../src/store/calibration'
import { calibrate } from '../../src/decide/calibration'
import type { RunRecord } from '../../src/model/types'
import { shiftFinder } from '../../src/modes/change-points'

// Someone who once pushed to the history branch chooses what its tree holds. The record job checks
// it out and writes into it: nothing it holds may steer a write outside the checkout, or drop a run.

const repos: WorkRepo[] = []
after(() => Promise.all(repos.map((r) => r.cleanup())))

function runOf(sha: string, minute: number): RunRecord {
  const results = makeResults({ rounds: 6, base: () => ({ p50: 10 }), head: () => ({ p50: 10 + minute }) })
  results.meta.head = { ...results.meta.head, sha }
  results.meta.runId = `run-${minute}`
  results.meta.startedAt = new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString()
  return toRunRecord(results, null, 'main')
}

/** A repository whose gh-pages holds one honest run, and a folder outside every checkout with files to keep. */
async function honestHistory() {
  const made = await makeWorkRepo({ prefix: 'loadgate-hostile-tree-' })
  repos.push(made)
  const outside = path.join(made.root, 'outside')
  await mkdir(path.join(outside, 'api', 'series'), { recursive: true })
  await writeFile(path.join(outside, 'api', 'series', 'planted.json'), 'keep me')
  await mkdir(path.join(outside, 'badges'), { recursive: true })
  await writeFile(path.join(outside, 'badges', 'keep.svg'), 'keep me')
  await writeFile(path.join(outside, 'precious'), 'keep me')
  const first = await record(made, runOf('1'.repeat(40), 1))
  assert.equal(first.pushed, true, first.error)
  return { made, outside }
}

function record(made: WorkRepo, run: RunRecord) {
  return recordRun({
    workspace: made.dir,
    branch: 'gh-pages',
    dataDir: 'loadgate',
    record: run,
    fallbackDir: path.join(made.root, 'kept'),
    findShifts: shiftFinder(),
  })
}

/** What is outside: every file under the folder with its content. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    files[path.relative(dir, full)] = await readFile(full, 'utf8')
  }
  return files
}

/** An attacker's commit on gh-pages: `change` runs in a checkout of the branch; returns its clone. */
async function plant(made: WorkRepo, name: string, change: (pages: string) => Promise<void>) {
  const pages = await cloneOrigin(made.root, made.origin, name)
  git(pages, 'checkout', '-q', 'gh-pages')
  await change(pages)
  commitAll(pages, `hostile: ${name}`)
  git(pages, 'push', '-q', 'origin', 'gh-pages')
  return pages
}

const tip = (made: WorkRepo) => git(made.origin, 'rev-parse', 'refs/heads/gh-pages')
const runsOnBranch = async (made: WorkRepo) =>
  (await readHistory({ workspace: made.dir, branch: 'gh-pages', dataDir: 'loadgate', benchmark: 'api' })).map(
    (r) => r.meta.head.sha[0],
  )

/** Removes the planted entry on the branch, as a maintainer repairs it. */
function repair(pages: string, entry: string) {
  git(pages, 'pull', '-q', '--ff-only', 'origin', 'gh-pages')
  git(pages, 'rm', '-q', '--cached', entry)
  git(pages, 'commit', '-q', '-m', `remove ${entry}`)
  git(pages, 'push', '-q', 'origin', 'gh-pages')
}

const SYMLINKS: Array<{ entry: string; target: (outside: string) => string; named: RegExp }> = [
  { entry: 'loadgate/data', target: (o) => o, named: /'loadgate\/data' is a symbolic link/ },
  {
    entry: 'loadgate/data/index.json',
    target: (o) => path.join(o, 'precious'),
    named: /'loadgate\/data\/index\.json' is a symbolic link/,
  },
  { entry: '.nojekyll', target: (o) => path.join(o, 'precious'), named: /'\.nojekyll' is a symbolic link/ },
  { entry: 'loadgate', target: (o) => o, named: /'loadgate' is a symbolic link/ },
]

describe('a history branch whose tree is hostile', () => {
  for (const { entry, target, named } of SYMLINKS) {
    test(`'${entry}' as a symbolic link: refused in one line, nothing outside touched, recorded once repaired`, async () => {
      const { made, outside } = await honestHistory()
      const before = await snapshot(outside)
      const pages = await plant(made, `link-${entry.replace(/\W/g, '-')}`, async (dir) => {
        await rm(path.join(dir, entry), { recursive: true, force: true })
        await symlink(target(outside), path.join(dir, entry))
      })
      const planted = tip(made)

      const refused = await record(made, runOf('2'.repeat(40), 2))
      assert.equal(refused.pushed, false)
      assert.match(refused.error ?? '', named)
      assert.match(refused.error ?? '', /^Refused to write to 'gh-pages': .*remove it from that branch/)
      assert.doesNotMatch(refused.error ?? '', /\n/)
      assert.equal(refused.attempts, 1, 'a refusal is not retried')
      assert.ok(refused.fallbackFile, 'the run is kept for --push-only')
      assert.deepEqual(await snapshot(outside), before, 'nothing outside the checkout changed')
      assert.equal(tip(made), planted, 'nothing was pushed')

      repair(pages, entry)
      const honest = await record(made, runOf('3'.repeat(40), 3))
      assert.equal(honest.pushed, true, honest.error)
      assert.deepEqual(await snapshot(outside), before)
      assert.ok((await runsOnBranch(made)).includes('3'), 'the next honest run is on the branch')
    })
  }

  test('a .gitignore that ignores runs/ drops no run: each is added and found in the commit', async () => {
    const { made } = await honestHistory()
    await plant(made, 'ignore', (dir) => writeFile(path.join(dir, '.gitignore'), 'runs/\n*.json\n'))
    const outcome = await record(made, runOf('2'.repeat(40), 2))
    assert.equal(outcome.pushed, true, outcome.error)
    const listed = git(made.origin, 'ls-tree', '-r', 'gh-pages', '--', outcome.path)
    assert.match(listed, /^100644 blob [0-9a-f]+\t/)
    assert.deepEqual(await runsOnBranch(made), ['1', '2'])
  })

  test('a submodule where the run goes: the commit is checked, nothing pushed, said in one line', async () => {
    const { made } = await honestHistory()
    const pages = await cloneOrigin(made.root, made.origin, 'submodule')
    git(pages, 'checkout', '-q', 'gh-pages')
    // Every later run of November 2026 lands in a folder git takes for another repository's.
    const entry = 'loadgate/data/api/runs/2026/11'
    git(pages, 'rm', '-rq', '--cached', entry)
    git(pages, 'update-index', '--add', '--cacheinfo', `160000,${git(pages, 'rev-parse', 'HEAD')},${entry}`)
    git(pages, 'commit', '-q', '-m', 'hostile: submodule')
    git(pages, 'push', '-q', 'origin', 'gh-pages')
    const planted = tip(made)
    const outcome = await record(made, runOf('2'.repeat(40), 2))
    assert.equal(outcome.pushed, false)
    assert.match(
      outcome.error ?? '',
      /^The commit made for the history branch holds 'loadgate\/data\/api\/runs\/2026\/11\/\S+\.json' it is missing, .*nothing was pushed/,
    )
    assert.doesNotMatch(outcome.error ?? '', /\n/)
    assert.equal(tip(made), planted)
    repair(pages, entry)
    const honest = await record(made, runOf('3'.repeat(40), 3))
    assert.equal(honest.pushed, true, honest.error)
    assert.deepEqual(
      await runsOnBranch(made),
      ['3'],
      'the repair removed the first run; the next is recorded',
    )
  })

  test('an attributes file that rewrites what git stores: nothing pushed, said in one line', async () => {
    const { made } = await honestHistory()
    const pages = await cloneOrigin(made.root, made.origin, 'attributes')
    git(pages, 'checkout', '-q', 'gh-pages')
    await writeFile(path.join(pages, '.gitattributes'), '*.json working-tree-encoding=UTF-16LE\n')
    // Only the attributes file: the stored run files stay as they are.
    git(pages, 'add', '.gitattributes')
    git(pages, 'commit', '-q', '-m', 'hostile: attributes')
    git(pages, 'push', '-q', 'origin', 'gh-pages')
    const planted = tip(made)
    const outcome = await record(made, runOf('2'.repeat(40), 2))
    assert.equal(outcome.pushed, false)
    assert.match(outcome.error ?? '', /UTF-16LE|with other content/)
    assert.doesNotMatch(outcome.error ?? '', /\n/)
    assert.equal(tip(made), planted)
  })

  test("a benchmark's derived file or runs folder as a link is refused too", async () => {
    for (const entry of [
      'loadgate/data/api/runs.json',
      'loadgate/data/api/runs/2026',
      'loadgate/index.html',
    ]) {
      const { made, outside } = await honestHistory()
      const before = await snapshot(outside)
      await plant(made, `derived-${entry.replace(/\W/g, '-')}`, async (dir) => {
        await rm(path.join(dir, entry), { recursive: true, force: true })
        await symlink(path.join(outside, 'precious'), path.join(dir, entry))
      })
      const outcome = await record(made, runOf('2'.repeat(40), 2))
      assert.equal(outcome.pushed, false, entry)
      assert.match(outcome.error ?? '', new RegExp(`'${entry.replace(/\./g, '\\.')}' is a symbolic link`))
      assert.deepEqual(await snapshot(outside), before, entry)
    }
  })

  test('a folder where a derived file goes: refused in one line before anything is written', async () => {
    for (const entry of ['loadgate/data/index.json', 'loadgate/data/api/series.json', 'loadgate/app.js']) {
      const { made } = await honestHistory()
      const planted = await plant(made, `folder-${entry.replace(/\W/g, '-')}`, async (dir) => {
        await rm(path.join(dir, entry), { recursive: true, force: true })
        await mkdir(path.join(dir, entry), { recursive: true })
        await writeFile(path.join(dir, entry, 'keep'), '')
      })
      const outcome = await record(made, runOf('2'.repeat(40), 2))
      assert.equal(outcome.pushed, false, entry)
      const shown = entry.replace(/\./g, '\\.')
      assert.match(
        outcome.error ?? '',
        new RegExp(`^Refused .*'${shown}' is a folder where loadgate writes a file`),
      )
      assert.equal(tip(made), git(planted, 'rev-parse', 'HEAD'), entry)
    }
  })

  test('storing a calibration refuses a linked data folder', async () => {
    const { made, outside } = await honestHistory()
    const before = await snapshot(outside)
    await plant(made, 'calibration', async (dir) => {
      await rm(path.join(dir, 'loadgate/data'), { recursive: true, force: true })
      await symlink(outside, path.join(dir, 'loadgate/data'))
    })
    const results = makeResults({ rounds: 6, base: () => ({ p50: 100 }), head: () => ({ p50: 100 }) })
    const stored = await storeCalibration(
      { workspace: made.dir, branch: 'gh-pages', dataDir: 'loadgate' },
      calibrate(results, 0.05),
    )
    assert.equal(stored.pushed, false)
    assert.match(stored.error, /'loadgate\/data' is a symbolic link/)
    assert.deepEqual(await snapshot(outside), before)
  })
})

describe('loadgate record --push-only against a hostile history branch', () => {
  const cli = path.resolve('src/cli/index.ts')
  const tsx = import.meta.resolve('tsx')
  const pushOnly = (made: WorkRepo, file: string) =>
    spawnSync('node', ['--import', tsx, cli, 'record', '--push-only', file], {
      cwd: made.dir,
      encoding: 'utf8',
    })

  /** A run saved by a record that could not push. */
  async function savedRun(made: WorkRepo, run: RunRecord): Promise<string> {
    const file = path.join(made.root, 'saved', 'run.json')
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, `${JSON.stringify(run)}\n`)
    return file
  }

  test('a linked data folder: exit code 1, one line, nothing written outside', async () => {
    const { made, outside } = await honestHistory()
    const before = await snapshot(outside)
    await plant(made, 'cli-link', async (dir) => {
      await rm(path.join(dir, 'loadgate/data'), { recursive: true, force: true })
      await symlink(outside, path.join(dir, 'loadgate/data'))
    })
    const result = pushOnly(made, await savedRun(made, runOf('2'.repeat(40), 2)))
    assert.notEqual(result.status, 0, result.stdout)
    assert.match(
      result.stderr,
      /^loadgate: .*Refused to write to 'gh-pages': its 'loadgate\/data' is a symbolic link.*\n$/,
    )
    assert.deepEqual(await snapshot(outside), before)
  })

  test('an ignore file: the run is on the branch when the command says it is', async () => {
    const { made } = await honestHistory()
    await plant(made, 'cli-ignore', (dir) => writeFile(path.join(dir, '.gitignore'), 'runs/\n'))
    const result = pushOnly(made, await savedRun(made, runOf('2'.repeat(40), 2)))
    assert.equal(result.status, 0, result.stderr)
    const stored = /stored (loadgate\/data\/api\/runs\/\S+\.json)/.exec(result.stdout)?.[1]
    assert.ok(stored, result.stdout)
    assert.match(git(made.origin, 'ls-tree', 'gh-pages', '--', stored), /^100644 blob /)
  })
})
