import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readSettings } from '../../src/settings/read-settings'
import { parsePassEnv } from '../../src/settings/pass-env'
import { passedEnv } from '../../src/util/exec'
import { withheldNote } from '../../src/measure/sut/compose/prepare'

let workspace: string
before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-pass-env-'))
  await writeFile(path.join(workspace, 'k6.js'), '')
  await writeFile(path.join(workspace, 'compose.yaml'), 'services: {}\n')
})
after(() => rm(workspace, { recursive: true, force: true }))

const CACHE = 'ACTIONS_RUNTIME_TOKEN ACTIONS_CACHE_URL ACTIONS_RESULTS_URL ACTIONS_CACHE_SERVICE_V2'
const settingsOf = (eventName: string, inputs: Record<string, string>) =>
  readSettings((name) => ({ 'k6-script': 'k6.js', service: 'api', port: '8080', ...inputs })[name] ?? '', {
    workspace,
    eventName,
    defaultWorkDir: workspace,
  }).passEnv

describe('pass-env: the variables a build gets', () => {
  test('names and prefixes, separated by spaces, commas or lines; each once', () => {
    assert.deepEqual(parsePassEnv('pass-env', 'GOPRIVATE, NODE_AUTH_TOKEN\nCOMPOSE_* GOPRIVATE'), [
      'GOPRIVATE',
      'NODE_AUTH_TOKEN',
      'COMPOSE_*',
    ])
    assert.deepEqual(parsePassEnv('pass-env', ''), [])
  })

  test("the job's token, the action's inputs and the runner's other ACTIONS_* variables are refused, naming the variable", () => {
    for (const name of [
      'GITHUB_TOKEN',
      'INPUT_GITHUB-TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
      'ACTIONS_*',
      'INPUT_*',
    ])
      assert.throws(
        () => parsePassEnv('pass-env', `GOPRIVATE ${name}`),
        (error: Error) =>
          !error.message.includes('\n') &&
          error.message.startsWith(`Input 'pass-env' has '${name}': `) &&
          /never gets the job's token|expected environment variable names/.test(error.message),
      )
    assert.throws(() => parsePassEnv('pass-env', '*'), /expected environment variable names/)
    assert.throws(() => parsePassEnv('pass-env', 'NPM_TOKEN=abc'), /has 'NPM_TOKEN=abc': expected/)
  })

  test('a build gets what is named and set, a prefix everything it starts, never a token or an input', () => {
    const runner = {
      GOPRIVATE: 'example.com/*',
      COMPOSE_BAKE: 'true',
      COMPOSE_PROFILES: 'load',
      GITHUB_TOKEN: 'ghs_secret',
      'INPUT_GITHUB-TOKEN': 'ghs_secret',
      ACTIONS_RUNTIME_TOKEN: 'jwt',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
      PATH: '/bin',
    }
    assert.deepEqual(passedEnv(['GOPRIVATE', 'COMPOSE_*', 'NODE_AUTH_TOKEN'], runner), {
      GOPRIVATE: 'example.com/*',
      COMPOSE_BAKE: 'true',
      COMPOSE_PROFILES: 'load',
    })
    assert.deepEqual(
      passedEnv(['GI*', 'IN*', 'AC*'], runner),
      {},
      'a prefix never reaches a token or an input',
    )
    assert.deepEqual(passedEnv(['ACTIONS_RUNTIME_TOKEN', 'GITHUB_TOKEN'], runner), {
      ACTIONS_RUNTIME_TOKEN: 'jwt',
    })
  })

  test("the Actions cache variables reach a pull request's build and the CLI's, nothing else's, which names them", async () => {
    const inputs = { 'pass-env': `GOPRIVATE ${CACHE}` }
    const all = ['GOPRIVATE', ...CACHE.split(' ')]
    assert.deepEqual(settingsOf('pull_request', inputs), { names: all, withheld: [], withheldBecause: '' })
    assert.deepEqual(settingsOf('local', { ...inputs, mode: 'compare' }).names, all)
    const record = settingsOf('push', inputs)
    assert.deepEqual(record.names, ['GOPRIVATE'])
    assert.deepEqual(record.withheld, CACHE.split(' '))
    assert.match(record.withheldBecause, /not a record run on 'push'/)
    assert.equal(
      withheldNote(record),
      `pass-env: ${CACHE.split(' ').join(', ')} not passed to the build: only a pull request's gate passes ` +
        "the Actions cache to its build, not a record run on 'push' (docs/setup.md, Faster builds)",
    )
    assert.equal(withheldNote(settingsOf('pull_request', inputs)), null)
    // A maintainer's trusted run (workflow_dispatch) measures a fork's code for another job to decide on.
    const trusted = settingsOf('workflow_dispatch', { ...inputs, mode: 'compare' })
    assert.deepEqual([trusted.names, trusted.withheld], [['GOPRIVATE'], CACHE.split(' ')])
    await writeFile(path.join(workspace, 'loadgate.yml'), `pass-env: [GOPRIVATE, GITHUB_TOKEN]\n`)
    assert.throws(
      () => settingsOf('pull_request', { config: 'loadgate.yml' }),
      /^SettingsError: Input 'loadgate.yml pass-env \(line 1\)' has 'GITHUB_TOKEN': a build never gets the job's token/,
    )
  })
})
