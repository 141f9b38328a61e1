import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import type { HistoryShifts } from '../../src/decide/change-points/watch'
import type { RunRecord, Verdict } from '../../src/model/types'
import { badgeState, FAILING_VERDICTS } from '../../src/store/badge'

/** The fields badgeState reads of a run: its branch, when it started and its verdict. */
function run(verdict: Verdict, startedAt: string, branch = 'main'): RunRecord {
  return { branch, verdict, meta: { startedAt } } as unknown as RunRecord
}

const noShifts = { branch: 'main', open: [], shifts: [] } as unknown as HistoryShifts

test('the badge fails on what the default fail-on blocks: a missed target, as a regression or an invalid run', () => {
  const older = run('NO_CHANGE', '2026-01-01T00:00:00Z')
  assert.equal(badgeState([older, run('TARGET_MISSED', '2026-01-02T00:00:00Z')], noShifts), 'failing')
  assert.equal(badgeState([older, run('REGRESSION', '2026-01-02T00:00:00Z')], noShifts), 'failing')
  assert.equal(badgeState([older, run('INCONCLUSIVE', '2026-01-02T00:00:00Z')], noShifts), 'ok')
  // Another branch's missed target does not speak for the default branch.
  assert.equal(badgeState([older, run('TARGET_MISSED', '2026-01-02T00:00:00Z', 'feature')], noShifts), 'ok')
})

test("the dashboard marks red exactly the badge's failing verdicts", async () => {
  const app = await readFile('site/app.js', 'utf8')
  const declared = /const BAD = new Set\(\[([^\]]*)\]\)/.exec(app)?.[1]
  assert.ok(declared, 'site/app.js declares its BAD set')
  const bad = [...declared.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]).sort()
  assert.deepEqual(bad, [...FAILING_VERDICTS].sort())
})
