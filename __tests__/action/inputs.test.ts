import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

// Runs the bundled action as the runner does: inputs as INPUT_<NAME> variables (upper case,
// spaces to underscores, dashes kept), GITHUB_* context, GITHUB_OUTPUT for outputs.
let workspace: string
const dist = path.resolve('dist/index.js')

before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-inputs-'))
  await cp('compose', path.join(workspace, 'compose'), { recursive: true })
  spawnSync('git', ['init', '-q', '-b', 'main'], { cwd: workspace })
  spawnSync('git', ['add', '-A'], { cwd: workspace })
  spawnSync('git', ['commit', '-qm', 'example'], { cwd: workspace })
})
after(() => rm(workspace, { recursive: true, force: true }))

function runAction(inputs: Record<string, string>) {
  // The runner creates the files for outputs and state before the step starts.
  for (const file of ['output.txt', 'state.txt']) writeFileSync(path.join(workspace, file), '')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_OUTPUT: path.join(workspace, 'output.txt'),
    GITHUB_STATE: path.join(workspace, 'state.txt'),
    RUNNER_TEMP: path.join(workspace, 'runner-temp'),
  }
  for (const [name, value] of Object.entries(inputs))
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  return spawnSync('node', [dist], { env, encoding: 'utf8', timeout: 60_000 })
}

const valid = {
  mode: 'compare',
  'compose-file': 'compose/compose.yaml',
  service: 'api',
  port: '8080',
  'k6-script': 'compose/k6/api.js',
  'github-token': 'ghs_secretvalue123',
}

describe('the bundled action reads its inputs', () => {
  test('valid inputs are parsed (the run then stops at the unknown base ref)', () => {
    const result = runAction({
      ...valid,
      'base-ref': 'no-such-ref',
      'min-rounds': '4',
      'max-rounds': '6',
      // 4–6 rounds can never show a significant regression: gated on INVALID only, as such a plan must be.
      'fail-on': 'INVALID',
      seed: '7',
    })
    assert.match(result.stdout, /loadgate compare \(baseline rerun\): api; 4–6 rounds, seed 7/)
    assert.equal(result.status, 1)
    assert.match(result.stdout, /::error::.*no-such-ref/)
    // `::add-mask::` asks the runner to mask the value; it never reaches the log.
    const log = (result.stdout + result.stderr).split('\n').filter((l) => !l.startsWith('::add-mask::'))
    assert.doesNotMatch(log.join('\n'), /ghs_secretvalue123/)
  })

  test('a bad input exits non-zero with one line naming the input, the value and what was expected', () => {
    const result = runAction({ ...valid, 'min-rounds': 'lots' })
    assert.equal(result.status, 1)
    const errors = result.stdout.split('\n').filter((line) => line.startsWith('::error::'))
    assert.deepEqual(errors, ["::error::Input 'min-rounds' is 'lots': expected a whole number from 1 to 200"])
  })

  test('a missing k6 script is named', () => {
    const result = runAction({ ...valid, 'k6-script': 'k6/none.js' })
    assert.equal(result.status, 1)
    assert.match(result.stdout, /::error::Input 'k6-script' is 'k6\/none.js': expected an existing file/)
  })
})
