import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { benchmarkActionFiles, readHistory, recordRun, toRunRecord } from '../../src/store'
import { cloneOrigin, git, makeOriginAndClone } from '../../testkit/git-repos'
import { makeResults, wobble } from '../../testkit/results-factory'
import { shiftFinder } from '../../src/modes/change-points'

// What github-action-benchmark does with a `customSmallerIsBetter` / `customBiggerIsBetter` file
// (its src/extract.ts and src/extractRangeInfo.ts), rewritten here from its behaviour: the whole
// file is parsed as JSON and mapped entry by entry, so anything but an array fails with its
// message; an entry is destructured into { name, value, unit, range, extra }; an empty result is
// refused; a range is read as "±" (or "+-") and a number, to rescale it with the value's unit.

interface BenchmarkResult {
  name: string
  value: number
  unit: string
  range?: string
  extra?: string
}

function readCustomBenchmark(output: string, file: string): BenchmarkResult[] {
  let benches: BenchmarkResult[]
  try {
    const json: unknown = JSON.parse(output)
    if (!Array.isArray(json)) throw new TypeError('json.map is not a function')
    benches = json.map((entry: BenchmarkResult) => {
      const { name, value, unit, range, extra } = entry
      return { name, value, unit, range, extra }
    })
  } catch (error) {
    throw new Error(
      `Output file for 'custom-(bigger|smaller)-is-better' must be JSON file containing an array of entries in BenchmarkResult format: ${(error as Error).message}`,
      { cause: error },
    )
  }
  if (benches.length === 0)
    throw new Error(`No benchmark result was found in ${file}. Benchmark output was '${output}'`)
  return benches
}

function rangeValue(range: string | undefined): number | undefined {
  const match = range?.match(/(?<prefix>(\+-|±)\s*)(?<value>\d.+)/)
  const value = Number(match?.groups?.value)
  return match && !Number.isNaN(value) ? value : undefined
}

/** What the charts and the alert ratio need of every entry that reader returns. */
function assertWellFormed(entry: BenchmarkResult): void {
  assert.equal(typeof entry.name, 'string')
  assert.ok(entry.name.length > 0)
  assert.equal(typeof entry.unit, 'string')
  assert.ok(
    typeof entry.value === 'number' && Number.isFinite(entry.value),
    `${entry.name}: value ${entry.value}`,
  )
  for (const optional of [entry.range, entry.extra])
    assert.ok(optional === undefined || typeof optional === 'string')
}

function sampleRecord() {
  const results = makeResults({
    rounds: 8,
    series: ['all requests', 'api GET /items/:id'],
    base: () => ({ p50: 10 }),
    head: (r) => ({ p50: 12 * (1 + wobble(r, 0.05, 2)), throughput: 200, errorRate: 0.01 }),
  })
  return toRunRecord(results, null, 'main')
}

let repos: Awaited<ReturnType<typeof makeOriginAndClone>>
before(async () => {
  repos = await makeOriginAndClone()
})
after(() => repos.cleanup())

describe('github-action-benchmark export', () => {
  test('one file per direction, each read by that action’s own reader', () => {
    const record = sampleRecord()
    const files = benchmarkActionFiles(record)
    assert.deepEqual(
      files.map((f) => f.tool),
      ['customSmallerIsBetter', 'customBiggerIsBetter'],
    )
    const read = Object.fromEntries(
      files.map((f) => [f.tool, readCustomBenchmark(`${JSON.stringify(f.entries)}\n`, `run${f.suffix}`)]),
    )
    for (const entry of Object.values(read).flat()) assertWellFormed(entry)
    const smaller = read.customSmallerIsBetter!
    const bigger = read.customBiggerIsBetter!
    const p50 = smaller.find((e) => e.name === 'api GET /items/:id p50')!
    assert.equal(p50.unit, 'ms')
    assert.equal(p50.value, record.series.find((s) => s.key === 'api GET /items/:id')!.metrics.p50!.median)
    assert.ok(rangeValue(p50.range)! > 0, `its range ${p50.range} is read as a ± number`)
    assert.equal(smaller.find((e) => e.name === 'api GET /items/:id error_rate')?.unit, '%')
    assert.equal(smaller.find((e) => e.name === 'api GET /items/:id error_rate')?.value, 1)
    assert.deepEqual(
      bigger.map((e) => e.name),
      ['all requests throughput', 'api GET /items/:id throughput'],
    )
    assert.ok(
      smaller.every((e) => !e.name.endsWith('throughput')),
      'no throughput where smaller is better',
    )
    const names = [...smaller, ...bigger].map((e) => e.name)
    assert.equal(new Set(names).size, names.length, 'each name is one chart')
  })

  test('the reader refuses what is not its format: an object of both directions, an empty array', () => {
    const files = benchmarkActionFiles(sampleRecord())
    const both = { smallerIsBetter: files[0]!.entries, biggerIsBetter: files[1]!.entries }
    assert.throws(
      () => readCustomBenchmark(JSON.stringify(both), 'run.json'),
      /must be JSON file containing an array/,
    )
    assert.throws(() => readCustomBenchmark('[]', 'run.json'), /No benchmark result was found/)
    const noRuns = { ...sampleRecord(), series: [] }
    assert.deepEqual(benchmarkActionFiles(noRuns), [], 'no empty file is written')
  })

  test('record writes both files beside the run file, and the history never reads them as runs', async () => {
    const record = sampleRecord()
    const outcome = await recordRun({
      workspace: repos.workspace,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      record,
      fallbackDir: path.join(repos.root, 'fallback'),
      findShifts: shiftFinder(),
    })
    assert.equal(outcome.pushed, true)
    const check = await cloneOrigin(repos.root, repos.origin, 'check-export')
    git(check, 'checkout', '-q', 'gh-pages')
    const runFile = path.join(check, outcome.path)
    const dir = path.dirname(runFile)
    const stem = path.basename(runFile, '.json')
    const written = (await readdir(dir)).filter((f) => f.startsWith(stem)).sort()
    assert.deepEqual(written, [
      `${stem}.bigger-is-better.benchmark-action.json`,
      `${stem}.json`,
      `${stem}.smaller-is-better.benchmark-action.json`,
    ])
    for (const name of written.filter((f) => f.includes('benchmark-action'))) {
      const entries = readCustomBenchmark(await readFile(path.join(dir, name), 'utf8'), name)
      for (const entry of entries) assertWellFormed(entry)
    }
    const history = await readHistory({
      workspace: repos.workspace,
      branch: 'gh-pages',
      dataDir: 'loadgate',
      benchmark: 'api',
    })
    assert.equal(history.length, 1)
  })
})
