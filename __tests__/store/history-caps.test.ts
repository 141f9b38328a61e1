import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { cloneOrigin, commitAll, git, makeOriginAndClone, writeFiles } from '../../testkit/git-repos'
import { makeResults } from '../../testkit/results-factory'
import { readHistory, recordRun, runFileName, toRunRecord } from '../../src/store'
import { readRunFiles } from '../../src/store/run-files'
import type { RunRecord } from '../../src/model/types'
import { shiftFinder } from '../../src/modes/change-points'

// Reading the history is bounded: anyone with push access can put a huge file on the branch.

let repos: Awaited<ReturnType<typeof makeOriginAndClone>>
let pages = ''

function runOf(digit: string, minute: number): RunRecord {
  const results = makeResults({ rounds: 6, base: () => ({ p50: 10 }), head: () => ({ p50: 10 + minute }) })
  results.meta.head = { ...results.meta.head, sha: digit.repeat(40) }
  results.meta.runId = `run-${minute}`
  results.meta.startedAt = new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString()
  return toRunRecord(results, null, 'main')
}

const RUNS = 'loadgate/data/api/runs'
const HUGE = 5 * 1024 * 1024
const place = () => ({
  workspace: repos.workspace,
  branch: 'gh-pages',
  dataDir: 'loadgate',
  benchmark: 'api',
})

before(async () => {
  repos = await makeOriginAndClone()
  const first = await recordRun({
    ...place(),
    record: runOf('1', 1),
    fallbackDir: path.join(repos.root, 'kept'),
    findShifts: shiftFinder(),
  })
  assert.equal(first.pushed, true, first.error)
  pages = await cloneOrigin(repos.root, repos.origin, 'pages')
  git(pages, 'checkout', '-q', 'gh-pages')
  // A valid run record, padded with spaces past the cap: only its size is wrong.
  const huge = runOf('2', 2)
  const text = JSON.stringify(huge)
  await writeFiles(pages, {
    [`${RUNS}/${runFileName(huge)}`]: `${text}${' '.repeat(HUGE - text.length)}\n`,
    [`${RUNS}/${runFileName(runOf('3', 3))}`]: JSON.stringify(runOf('3', 3)),
  })
  commitAll(pages, 'an oversized run file')
  git(pages, 'push', '-q', 'origin', 'gh-pages')
})
after(() => repos.cleanup())

describe('the caps on reading the history', () => {
  test('readHistory skips a run file over 4 MiB, naming it, and reads the rest', async () => {
    const warnings: string[] = []
    const history = await readHistory({ ...place(), onWarning: (w) => warnings.push(w) })
    assert.deepEqual(
      history.map((r) => r.meta.head.sha[0]),
      ['1', '3'],
    )
    assert.equal(warnings.length, 1, warnings.join('\n'))
    assert.match(
      warnings[0]!,
      /^Skipped the stored run file 'loadgate\/data\/api\/runs\/2026\/11\/.*-2222222-run-2\.json': 5 MiB is over the 4 MiB a run file may have/,
    )
  })

  test('the newest runs are kept within the total; the older left out are counted and the newest of them named', async () => {
    const warnings: string[] = []
    const sizes = git(pages, 'ls-tree', '-r', '-l', 'HEAD', '--', RUNS)
      .split('\n')
      .map((line) => Number(line.split(/\s+/)[3]))
      .filter((size) => size < HUGE)
    const caps = { fileBytes: HUGE * 2, totalBytes: Math.max(...sizes) + HUGE + 10 }
    const history = await readHistory({ ...place(), caps, onWarning: (w) => warnings.push(w) })
    assert.deepEqual(
      history.map((r) => r.meta.head.sha[0]),
      ['2', '3'],
    )
    assert.equal(warnings.length, 1, warnings.join('\n'))
    assert.match(
      warnings[0]!,
      /^Skipped 1 older stored run file\(s\), the newest '.*-1111111-run-1\.json': .* over the 5 MiB read of a history/,
    )
  })

  test('rebuilding from the checkout skips it the same way, and a run is still recorded', async () => {
    const warnings: string[] = []
    const records = await readRunFiles(path.join(pages, RUNS), pages, (w) => warnings.push(w))
    assert.deepEqual(
      records.map((r) => r.meta.head.sha[0]),
      ['1', '3'],
    )
    assert.match(warnings.join('\n'), /-2222222-run-2\.json': 5 MiB is over the 4 MiB/)
    const recorded: string[] = []
    const outcome = await recordRun({
      ...place(),
      record: runOf('4', 4),
      fallbackDir: path.join(repos.root, 'kept'),
      findShifts: shiftFinder(),
      onWarning: (w) => recorded.push(w),
    })
    assert.equal(outcome.pushed, true, outcome.error)
    assert.match(recorded.join('\n'), /-2222222-run-2\.json': 5 MiB is over/)
  })
})
