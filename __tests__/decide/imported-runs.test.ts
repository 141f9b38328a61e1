import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareWithStored } from '../../src/decide'
import { historyShifts } from '../../src/decide/change-points'
import type { RunRecord } from '../../src/model/types'
import { defaultShiftRules } from '../../src/settings/change-points'
import { chooseStoredBaseline, type BaselineRequest } from '../../src/store/baseline'
import { badgeState } from '../../src/store/badge'
import { parseBenchmarkData } from '../../src/store/import/benchmark-data'
import { importedRecord } from '../../src/store/import/imported-run'
import { benchmarkEntries } from '../../testkit/benchmark-data'
import { makeResults, wobble } from '../../testkit/results-factory'

// Imported runs are drawn, never judged: a gate decides the same with or without them in the history.

const KEY = 'api GET /items/:id'

/** A measured run of main on day `day`: 8 trials of p50 around `level` ms. */
function measured(day: number, level: number): RunRecord {
  const base = makeResults({ rounds: 1, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
  const values = Array.from({ length: 8 }, (_, t) =>
    Number((level * (1 + wobble(day * 10 + t, 0.02))).toFixed(4)),
  )
  const sorted = [...values].sort((a, b) => a - b)
  return {
    schemaVersion: 2,
    benchmark: 'api',
    branch: 'main',
    verdict: 'NO_CHANGE',
    meta: {
      ...base.meta,
      runId: `run-${day}`,
      head: { ...base.meta.head, sha: (0x100 + day).toString(16).padStart(40, 'a') },
      startedAt: new Date(Date.UTC(2026, 5, day, 9)).toISOString(),
    },
    series: [
      {
        key: KEY,
        metrics: { p50: { median: (sorted[3]! + sorted[4]!) / 2, low: sorted[1]!, high: sorted[6]! } },
      },
    ],
    trials: { [KEY]: { p50: values } },
  }
}

/** 50 runs of github-action-benchmark, through the importer: three times slower, some before and some after. */
function imported(start: Date): RunRecord[] {
  const entries = benchmarkEntries({
    entries: 50,
    start,
    benches: (i) => [{ name: `${KEY} p50`, value: 30 + (i % 7), unit: 'ms' }],
  })
  const parsed = parseBenchmarkData('data.js', { entries: { Benchmark: entries } })
  const source = { from: parsed.from, file: 'data.js', importedAt: '2026-07-01T00:00:00Z' }
  return parsed.runs.map((run) => importedRecord(run, source, 'api', 'main'))
}

const own = Array.from({ length: 8 }, (_, i) => measured(i + 1, 10))
// Before the measured runs (a step up at the switch) and after them (the newest runs of main).
const older = imported(new Date(Date.UTC(2026, 3, 1)))
const newer = imported(new Date(Date.UTC(2026, 6, 1)))
const withImported = [...older, ...own, ...newer].sort((a, b) =>
  a.meta.startedAt.localeCompare(b.meta.startedAt),
)

const request: BaselineRequest = {
  benchmark: 'api',
  historyBranch: 'gh-pages',
  requestedSha: '',
  baseBranch: 'main',
}

function headResults(level: number) {
  const results = makeResults({
    rounds: 8,
    series: [KEY],
    thresholds: [
      { metric: 'p50', series: '*', delta: 0.05, gate: true, direction: 'lower', absolute: false },
    ],
    base: () => ({ p50: 10 }),
    head: (r) => ({ p50: level * (1 + wobble(r + 500, 0.02)) }),
  })
  results.baseline = 'stored'
  results.trials = results.trials.filter((t) => t.arm === 'head')
  return results
}

describe('imported runs never change a gate', () => {
  test('the stored baseline is the newest measured run, never an imported one (even a newer one)', () => {
    assert.equal(chooseStoredBaseline(withImported, request), own.at(-1))
    // Asked for an imported commit: it has no run to compare with (no trials), and the error says so.
    assert.throws(
      () => chooseStoredBaseline(withImported, { ...request, requestedSha: newer[3]!.meta.head.sha }),
      /only an imported run \(drawn, never a baseline\) is stored for the base commit/,
    )
  })

  test('a stored comparison decides the same with or without 100 imported runs in the history', () => {
    for (const level of [10, 13]) {
      const results = headResults(level)
      const without = compareWithStored(
        results,
        chooseStoredBaseline(own, request),
        { failOn: ['REGRESSION'] },
        own,
      )
      const withThem = compareWithStored(
        results,
        chooseStoredBaseline(withImported, request),
        { failOn: ['REGRESSION'] },
        withImported,
      )
      assert.deepEqual(withThem, without)
      assert.equal(without.verdict === 'REGRESSION', level === 13, without.headline)
    }
  })

  test('change points and the badge: the step where the history changes tools is no shift', () => {
    const rules = { fallback: defaultShiftRules() }
    const found = historyShifts(withImported, rules)
    assert.deepEqual(found, historyShifts(own, rules))
    assert.equal(found.shifts.length, 0)
    assert.equal(badgeState(withImported, found), badgeState(own, found))
    // A failing newest measured run stays failing with newer imported runs beside it.
    const failing: RunRecord[] = [...own.slice(0, -1), { ...own.at(-1)!, verdict: 'REGRESSION' }]
    assert.equal(badgeState([...failing, ...newer], historyShifts(failing, rules)), 'failing')
  })
})
