import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { k6Release, locateK6, type K6 } from '../../../../src/measure/load/k6/install'
import { k6Error, runK6 } from '../../../../src/measure/load/k6/run'

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

describe('k6 runner', () => {
  test('crossed thresholds (exit 99) are recorded, not hidden, and the trial stays usable', async () => {
    await writeFile(
      path.join(dir, 'threshold.js'),
      `import { Counter } from 'k6/metrics'
const hits = new Counter('hits')
export const options = { iterations: 1, vus: 1, thresholds: { hits: ['count<1'] } }
export default function () { hits.add(1) }
`,
    )
    const exit = await runK6(k6, { ...trial({}), script: path.join(dir, 'threshold.js') })
    assert.deepEqual(exit, { code: 99, thresholdsCrossed: true })
  })

  test('k6 missing from PATH and not downloadable: one line naming the release and the input', async () => {
    const env = {
      PATH: process.env.PATH,
      RUNNER_TOOL_CACHE: process.env.RUNNER_TOOL_CACHE,
      LOADGATE_CACHE: process.env.LOADGATE_CACHE,
    }
    const globals = globalThis as Record<string, unknown>
    process.env.PATH = '/usr/bin:/bin'
    process.env.RUNNER_TOOL_CACHE = path.join(dir, 'tool-cache')
    // Nor where scripts/bootstrap.sh builds it.
    process.env.LOADGATE_CACHE = path.join(dir, 'no-cache')
    // The tool cache retries a failed download after 10–20 s; not in a test.
    globals.TEST_DOWNLOAD_TOOL_RETRY_MIN_SECONDS = 0
    globals.TEST_DOWNLOAD_TOOL_RETRY_MAX_SECONDS = 0
    try {
      await assert.rejects(locateK6('1.8.1'), (error: Error) => {
        assert.equal(error.name, 'LoadgateError')
        assert.match(
          error.message,
          /^k6 is not on PATH nor in \S+no-cache\/bin, and k6 1\.8\.1 could not be installed into \S+ from https:\/\/github\.com\/grafana\/k6\/releases\/download\/v1\.8\.1\/k6-v1\.8\.1-linux-(amd64|arm64)\.tar\.gz \(.+\): install k6 \(\S+\) on PATH, or check the k6-version input$/,
        )
        assert.equal(error.message.includes('\n'), false)
        return true
      })
      await assert.rejects(locateK6('latest'), /Input 'k6-version' is 'latest': expected an exact version/)
    } finally {
      process.env.PATH = env.PATH
      process.env.RUNNER_TOOL_CACHE = env.RUNNER_TOOL_CACHE
      if (env.RUNNER_TOOL_CACHE === undefined) delete process.env.RUNNER_TOOL_CACHE
      process.env.LOADGATE_CACHE = env.LOADGATE_CACHE
      if (env.LOADGATE_CACHE === undefined) delete process.env.LOADGATE_CACHE
      delete globals.TEST_DOWNLOAD_TOOL_RETRY_MIN_SECONDS
      delete globals.TEST_DOWNLOAD_TOOL_RETRY_MAX_SECONDS
    }
  })

  test('k6’s error line is chosen over a warning that mentions "Error"', () => {
    const stderr = [
      'time="2026-11-22T17:57:55Z" level=warning msg="Error from API server" error="listen tcp 127.0.0.1:6565: bind: address already in use"',
      'time="2026-11-22T17:57:55Z" level=error msg="test aborted: LEAKED X at default (file:///tmp/probe.js:5:37(22))"',
    ].join('\n')
    assert.equal(k6Error(stderr), 'test aborted: LEAKED X at default (file:///tmp/probe.js:5:37(22))')
    assert.equal(k6Error(''), 'no output')
  })

  test('release asset per platform (k6 v1 and v2 publish the same names)', () => {
    assert.equal(
      k6Release('2.2.0', 'linux', 'arm64').url,
      'https://github.com/grafana/k6/releases/download/v2.2.0/k6-v2.2.0-linux-arm64.tar.gz',
    )
    assert.deepEqual(k6Release('1.8.1', 'darwin', 'x64'), {
      url: 'https://github.com/grafana/k6/releases/download/v1.8.1/k6-v1.8.1-macos-amd64.zip',
      checksumsUrl: 'https://github.com/grafana/k6/releases/download/v1.8.1/k6-v1.8.1-checksums.txt',
      asset: 'k6-v1.8.1-macos-amd64.zip',
      dir: 'k6-v1.8.1-macos-amd64',
      zip: true,
    })
    assert.throws(() => k6Release('1.8.1', 'win32', 'x64'), /no k6 release is published for win32\/x64/)
  })
})
