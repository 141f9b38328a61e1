import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { locateK6, runK6, type K6 } from '../../src/load/k6'

const SECRET = 'ghs_supersecret_token_value'
// Aborts the test run (exit 108) when any __ENV value contains the secret.
const PROBE = `
import exec from 'k6/execution'
export const options = { iterations: 1, vus: 1 }
export default function () {
  const leaked = Object.keys(__ENV).filter((k) => String(__ENV[k]).includes('${SECRET}'))
  if (leaked.length) exec.test.abort('LEAKED ' + leaked.join(','))
}
`

let dir: string
let k6: K6
const saved: Record<string, string | undefined> = {}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-k6env-'))
  await writeFile(path.join(dir, 'probe.js'), PROBE)
  k6 = await locateK6('1.8.1')
  for (const name of [
    'GITHUB_TOKEN',
    'INPUT_GITHUB-TOKEN',
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  ]) {
    saved[name] = process.env[name]
    process.env[name] = SECRET
  }
})
after(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  await rm(dir, { recursive: true, force: true })
})

const trial = (env: Record<string, string>) => ({
  script: path.join(dir, 'probe.js'),
  cwd: dir,
  baseUrl: 'http://127.0.0.1:9',
  outFile: path.join(dir, `out-${Math.random()}.json.gz`),
  tags: {},
  env,
  timeoutMs: 60_000,
})

describe('k6 environment', () => {
  test('the probe does detect a secret in __ENV (positive control)', async () => {
    const exit = await runK6(k6, trial({ PASSED_ON_PURPOSE: SECRET }))
    assert.notEqual(exit.code, 0)
    assert.match(exit.error ?? '', /LEAKED PASSED_ON_PURPOSE/)
  })

  test('tokens in the runner environment never reach the script’s __ENV', async () => {
    const exit = await runK6(k6, trial({}))
    assert.equal(exit.code, 0, exit.error)
  })

  test('a script error makes the trial invalid with k6’s own message', async () => {
    await writeFile(path.join(dir, 'broken.js'), 'export default function ( {\n')
    const exit = await runK6(k6, { ...trial({}), script: path.join(dir, 'broken.js') })
    assert.ok(exit.code !== 0 && exit.code !== 99)
    assert.match(exit.error ?? '', /k6 exited \d+: /)
  })
})
