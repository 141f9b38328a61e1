import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { parse } from 'yaml'

// One benchmark, one file: the shipped workflows that measure or decide read loadgate.yml, so the
// PR gate, the history, a fork's report and the trusted run cannot drift apart; and the
// loadgate.yml they read is the one the README shows.

const BENCHMARK_INPUTS = ['compose-file', 'service', 'port', 'k6-script', 'prepare', 'k6-env', 'thresholds']
/** Workflows whose benchmark is not the one in loadgate.yml: their own target and load, or none. */
const OWN_BENCHMARK = new Set(['distributed.yml', 'accept.yml'])

type Step = { uses?: string; with?: Record<string, unknown> }
function loadgateSteps(file: string): Step[] {
  const doc = parse(readFileSync(`workflows/${file}`, 'utf8')) as { jobs: Record<string, { steps: Step[] }> }
  return Object.values(doc.jobs).flatMap((job) =>
    job.steps.filter((s) => s.uses?.startsWith('loadgate/loadgate@')),
  )
}

test('every shipped workflow that measures or decides reads the benchmark from loadgate.yml', () => {
  const checked: string[] = []
  for (const file of readdirSync('workflows').filter((f) => f.endsWith('.yml'))) {
    if (OWN_BENCHMARK.has(file)) continue
    for (const step of loadgateSteps(file)) {
      assert.equal(step.with?.config, 'loadgate.yml', `${file}: a loadgate step without config: loadgate.yml`)
      const inline = BENCHMARK_INPUTS.filter((name) => name in (step.with ?? {}))
      assert.deepEqual(inline, [], `${file} repeats what loadgate.yml holds`)
      checked.push(file)
    }
  }
  assert.deepEqual([...new Set(checked)].sort(), [
    'fork-report.yml',
    'pull-request.yml',
    'record.yml',
    'trusted-run.yml',
  ])
})

test("loadgate.yml is the README's, line for line", () => {
  const readme = readFileSync('README.md', 'utf8')
  const block = /^( *)```yaml\n\1# loadgate\.yml\n([\s\S]*?)^\1```/m.exec(readme)
  assert.ok(block, 'the README shows loadgate.yml')
  const shown = block[2]!
    .split('\n')
    .map((line) => line.slice(block[1]!.length))
    .join('\n')
  assert.equal(readFileSync('loadgate.yml', 'utf8'), shown)
})

// A trusted run cancelled by its maintainer (or by a newer run of the same PR) must not leave the
// announce job's pending on the required check for ever: the deciding job runs anyway and, with
// no results, turns it into `error` (a head that moved on gets nothing).
test("the trusted run's deciding job runs when the run was cancelled, and reads every benchmark's own file", () => {
  const doc = parse(readFileSync('workflows/trusted-run.yml', 'utf8')) as {
    jobs: Record<string, { if?: string; steps: Step[] }>
  }
  assert.equal(doc.jobs.decide!.if, '${{ always() }}')
  for (const file of ['trusted-run.yml', 'fork-report.yml']) {
    const reports = loadgateSteps(file).filter((step) => step.with?.mode === 'report')
    assert.deepEqual(
      reports.map((step) => step.with?.['report-file']),
      ['results/{benchmark}/results.json'],
      file,
    )
  }
})
