import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { worstVerdict } from '../../src/decide'
import { benchmarkNamesOf } from '../../src/settings/benchmark-names'
import { readSettings } from '../../src/settings/read-settings'

let workspace: string
before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-names-'))
})
after(() => rm(workspace, { recursive: true, force: true }))

const context = () => ({ workspace, eventName: 'pull_request', defaultWorkDir: workspace })
const reader = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? ''

describe('the benchmarks settings that failed to load would have named (where a settings error is reported)', () => {
  test('from the inputs: the name, or else the k6 script file name', () => {
    assert.deepEqual(benchmarkNamesOf(reader({ 'k6-script': 'k6/checkout.js' }), context()), ['checkout'])
    assert.deepEqual(benchmarkNamesOf(reader({ 'k6-script': 'k6/x.js', name: 'shop' }), context()), ['shop'])
    assert.deepEqual(benchmarkNamesOf(reader({}), context()), [], 'nothing to name')
    assert.deepEqual(benchmarkNamesOf(reader({ name: 'no spaces allowed' }), context()), [])
  })

  test('from loadgate.yml, with the precedence the settings use; the same names as the loaded settings', async () => {
    await writeFile(
      path.join(workspace, 'loadgate.yml'),
      'k6-script: k6/top.js\nbenchmarks:\n  - name: api\n  - k6-script: k6/web.js\n  - {}\n',
    )
    const inputs = { config: 'loadgate.yml', 'min-rounds': 'many' }
    assert.deepEqual(benchmarkNamesOf(reader(inputs), context()), ['api', 'web', 'top'])
    assert.throws(() => readSettings(reader(inputs), context()), /min-rounds/)
    await writeFile(path.join(workspace, 'k6-api.js'), '')
    await writeFile(
      path.join(workspace, 'loadgate.yml'),
      'benchmarks:\n  - { name: api, k6-script: k6-api.js }\n',
    )
    const loaded = readSettings(
      reader({ config: 'loadgate.yml', mode: 'report', 'report-file': 'comparison.json' }),
      context(),
    )
    assert.deepEqual(
      loaded.benchmarks.map((b) => b.name),
      benchmarkNamesOf(reader({ config: 'loadgate.yml', 'min-rounds': 'many' }), context()),
    )
  })

  test('an unreadable loadgate.yml names none', async () => {
    await writeFile(path.join(workspace, 'broken.yml'), 'benchmarks: [\n')
    assert.deepEqual(benchmarkNamesOf(reader({ config: 'broken.yml' }), context()), [])
    assert.deepEqual(benchmarkNamesOf(reader({ config: 'missing.yml' }), context()), [])
  })
})

describe('the verdict output over several benchmarks', () => {
  test('ERROR (loadgate failed) is above every verdict, INVALID above the rest', () => {
    assert.equal(worstVerdict(['NO_CHANGE', 'ERROR', 'INVALID']), 'ERROR')
    assert.equal(worstVerdict(['NO_CHANGE', null, 'REGRESSION', 'INVALID']), 'INVALID')
    assert.equal(worstVerdict([null]), null)
  })
})
