import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Shift } from '../../src/decide/change-points'
import { recordRun } from '../../src/store'
import { git, makeOriginAndClone } from '../../testkit/git-repos'
import { recordsOf, stepSeries } from '../../testkit/step-histories'
import { shiftFinder } from '../../src/modes/change-points'

const CLI = path.resolve('src/cli/index.ts')
const TSX = import.meta.resolve('tsx')
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  })

// The older form of a workflow command, which the runner finds anywhere in a line of the step's output.
const PLANTED = '##[set-output name=verdict;]PASS'
const noCommand = (text: string) => assert.ok(!/##\[|^\s*::/m.test(text), text)

let repo: Awaited<ReturnType<typeof makeOriginAndClone>>
let pages: string

// 30 runs recorded to a real gh-pages branch: POST /orders' p90 +18% from the run of commit 20 on,
// with a commit message that tries to draw on the terminal; then the branch checked out as a user would.
before(async () => {
  repo = await makeOriginAndClone()
  const values = stepSeries({ runs: 30, noise: 0.02, steps: [{ at: 20, size: 0.18 }], seed: 4 })
  const records = recordsOf(values, {
    key: `api POST /orders\u001b[31m${PLANTED}`,
    messageOf: (i) => `change ${i}\n\u001b[2J`,
  })
  const fallbackDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-history-fallback-'))
  for (const record of records) {
    const outcome = await recordRun({
      workspace: repo.workspace,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record,
      fallbackDir,
      findShifts: shiftFinder(),
    })
    assert.ok(outcome.pushed, outcome.error)
  }
  await rm(fallbackDir, { recursive: true, force: true })
  pages = path.join(repo.root, 'pages')
  git(repo.workspace, 'fetch', '-q', 'origin', 'gh-pages')
  git(repo.workspace, 'worktree', 'add', '-q', '--detach', pages, 'origin/gh-pages')
})
after(() => repo.cleanup())

describe('loadgate history', () => {
  test('prints the change point of a recorded history as a table, names escaped', () => {
    const run = cli('history', pages)
    assert.equal(run.status, 0, run.stderr)
    const lines = run.stdout.trim().split('\n')
    assert.match(lines[0]!, /^benchmark\s+series\s+metric\s+change/)
    // p50 and p90 (the gated tail) both moved at the same run.
    assert.equal(lines.length, 3, run.stdout)
    const p90 = lines.find((line) => / p90 /.test(line))!
    assert.match(
      p90,
      /api\s+api POST \/orders\?\[31m# #\[set-output name=verdict;\]PASS\s+p90\s+\+1[5-9]% worse/,
    )
    assert.match(
      p90,
      new RegExp(
        `${(20).toString(16).padStart(40, 'b').slice(0, 7)}\\.\\.${(21).toString(16).padStart(40, 'b').slice(0, 7)}`,
      ),
    )
    assert.match(p90, /20 \| 10\s+commit$/)
    assert.equal(run.stdout.includes('\u001b'), false)
    noCommand(run.stdout)
  })

  test('--json gives the shifts with their runs and medians', () => {
    const run = cli('history', pages, '--json')
    assert.equal(run.status, 0, run.stderr)
    const shifts = JSON.parse(run.stdout) as Shift[]
    const p90 = shifts.find((s) => s.metric === 'p90')!
    // The series keeps its name, written so that the runner reads no command in the document.
    assert.equal(p90.series, `api POST /orders\u001b[31m${PLANTED}`)
    noCommand(run.stdout)
    assert.equal(p90.firstAfter.runId, '1020')
    assert.equal(p90.lastBefore.runId, '1019')
    assert.equal(p90.runsAfter, 10)
    assert.ok(p90.after.median / p90.before.median > 1.12)
    assert.equal(p90.environmentChanged, '')
  })

  test('the detector flags are honoured; bad ones and a folder without history are one-line usage errors', () => {
    const strict = cli('history', pages, '--change-point-min-change', '30%')
    assert.equal(strict.status, 0, strict.stderr)
    assert.match(
      strict.stdout,
      /^No change points in the recorded history \(a change point needs 5 recorded runs on each side/,
    )
    const fewer = cli('history', pages, '--change-point-min-change', '30%', '--change-point-min-runs', '3')
    assert.match(fewer.stdout, /needs 3 recorded runs on each side/)
    const bad = cli('history', pages, '--change-point-max-p', '2')
    assert.equal(bad.status, 2)
    assert.match(bad.stderr, /^loadgate: Flag '--change-point-max-p' is '2': expected a probability/)
    const none = cli('history', repo.root)
    assert.equal(none.status, 2)
    assert.match(none.stderr, /has no loadgate history/)
    const planted = cli('history', path.join(repo.root, PLANTED))
    assert.equal(planted.status, 2)
    assert.match(planted.stderr, /# #\[set-output name=verdict;\]PASS' has no loadgate history/)
    noCommand(planted.stderr)
    assert.equal(cli('history', '--help').status, 0)
  })
})
