import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { createSystemUnderTest } from '../../../src/measure/sut'
import { composeModelProblem, START_INTERVAL_ENGINE } from '../../../src/measure/sut/compose/compose-model'
import { engineVersion, majorVersion } from '../../../src/measure/sut/compose/engine'
import { run } from '../../../src/util/exec'
import { fixedHostPorts } from '../../../src/measure/sut/compose/compose-file-checks'
import { SettingsError } from '../../../src/util/errors'
import { commitAll, git, makeWorkRepo, writeFiles } from '../../../testkit/git-repos'
import { settingsFor } from '../../../testkit/settings'

// Both arms run at once, so a fixed host port can only be bound by one of them: refused before
// either starts, read from the head's checkout and the base commit's tree.

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

const compose = (ports: string) => `services:
  api:
    build: ./api
    ports:
${ports}
  store:
    image: store
`

describe('fixed host ports in the compose file', () => {
  test('every syntax that binds a host port is found; container-only ports are not', () => {
    const text = `services:
  a:
    ports: ['8080', 9090, '127.0.0.1::8080', '0:8080', '8081/udp']
  b:
    ports: ['8080:8080', '127.0.0.1:9000:80/tcp', '3000-3001:3000-3001']
  d:
    ports: ['\${API_PORT:-8080}', '\${HOST_PORT:-9000}:9000']
  c:
    ports:
      - target: 80
      - target: 81
        published: 8081
      - target: 82
        published: '\${WEB_PORT:-8082}'
`
    assert.deepEqual(fixedHostPorts(text), [
      { service: 'b', entry: '8080:8080' },
      { service: 'b', entry: '127.0.0.1:9000:80/tcp' },
      { service: 'b', entry: '3000-3001:3000-3001' },
      { service: 'd', entry: '${HOST_PORT:-9000}:9000' },
      { service: 'c', entry: '8081:81' },
      { service: 'c', entry: '${WEB_PORT:-8082}:82' },
    ])
    assert.deepEqual(fixedHostPorts('not: [yaml'), [])
    assert.deepEqual(fixedHostPorts('services:\n  a: {}\n'), [])
  })

  /** A repository whose base commit and head checkout publish `base` and `head` ports. */
  async function repoWith(base: string, head: string) {
    const repo = await makeWorkRepo({
      prefix: 'loadgate-ports-',
      origin: 'none',
      fill: (dir) => writeFiles(dir, { 'compose.yaml': compose(base), 'k6/api.js': '' }),
    })
    cleanups.push(repo.cleanup)
    await writeFiles(repo.dir, { 'compose.yaml': compose(head) })
    commitAll(repo.dir, 'head')
    return repo
  }

  async function startError(
    dir: string,
    baseSha: string | undefined,
    arm: 'base' | 'head',
    inputs: Record<string, string> = {},
  ) {
    const settings = settingsFor(dir, {
      'compose-file': 'compose.yaml',
      'k6-script': 'k6/api.js',
      prepare: '',
      ...inputs,
    })
    const progress: string[] = []
    const sut = createSystemUnderTest({
      settings,
      bench: settings.benchmarks[0]!,
      runId: 'ports',
      baseSha,
      startTimeoutSeconds: 5,
      onProgress: (m) => progress.push(m),
    })
    const error = await sut.start(arm).then(
      () => assert.fail('expected the arm not to start'),
      (e: unknown) => e,
    )
    assert.ok(error instanceof SettingsError, `a settings mistake (exit 2): ${String(error)}`)
    assert.equal(error.message.includes('\n'), false)
    assert.deepEqual(progress, [], 'no stack was started')
    assert.equal(git(dir, 'worktree', 'list').split('\n').length, 1, 'no base worktree was made')
    return error.message
  }

  test('in the base commit only: refused before the base arm starts, naming the commit', async () => {
    const repo = await repoWith("      - '8080:8080'", "      - '8080'")
    assert.equal(
      await startError(repo.dir, repo.sha, 'base'),
      `Input 'compose-file' (compose.yaml) binds a fixed host port: service 'api' '8080:8080' in the base commit ${repo.sha.slice(0, 12)}; ` +
        'publish the container port without a host port (ports: ["8080"]) — both arms run at once and each gets a free host port',
    )
  })

  test("the hint names the file's own container port", async () => {
    const repo = await repoWith("      - '8080'", "      - '8090:8090'")
    assert.match(await startError(repo.dir, undefined, 'head'), /without a host port \(ports: \["8090"\]\)/)
  })

  test('in both arms: one line naming both trees', async () => {
    const repo = await repoWith("      - '8080:8080'", '      - target: 8080\n        published: 8080')
    const message = await startError(repo.dir, repo.sha, 'base')
    assert.match(
      message,
      /'8080:8080' in the base commit [0-9a-f]{12}; service 'api' '8080:8080' in the checkout; publish/,
    )
  })

  test('in the checkout, when only the head is measured (record)', async () => {
    const repo = await repoWith("      - '8080'", "      - '127.0.0.1:8080:8080'")
    assert.match(await startError(repo.dir, undefined, 'head'), /'127\.0\.0\.1:8080:8080' in the checkout;/)
  })

  test('a port the service does not publish: refused from the resolved file, before prepare or any build', async () => {
    // Interpolated: only Compose's own reading of the file knows the port is 8080.
    const repo = await repoWith("      - '8080'", "      - '${API_PORT:-8080}'")
    const message = await startError(repo.dir, undefined, 'head', {
      port: '9090',
      prepare: 'touch prepared',
    })
    assert.equal(
      message,
      "Input 'port' is 9090, but service 'api' in compose.yaml publishes container port 8080: " +
        'set port to 8080, or publish 9090 with `ports: ["9090"]`',
    )
    assert.ok(!existsSync(path.join(repo.dir, 'prepared')), 'prepare did not run')
  })

  test("the base commit's file is checked in its own tree, before its prepare", async () => {
    const repo = await repoWith("      - '8081'", "      - '8080'")
    const message = await startError(repo.dir, repo.sha, 'base', { prepare: 'touch prepared' })
    assert.match(
      message,
      /^Input 'port' is 8080, but service 'api' in compose\.yaml publishes container port 8081:/,
    )
  })
})

describe('what the compose file needs of the engine', () => {
  const model = (healthcheck: object) => ({
    services: { api: { ports: [{ target: 8080 }], healthcheck }, store: {} },
  })
  const options = { service: 'api', port: 8080, file: 'compose.yaml' }

  test('start_interval needs Docker Engine 25: named with the engine version and the fix', () => {
    const early = model({ test: ['CMD', 'true'], start_interval: '1s' })
    assert.equal(
      composeModelProblem(early, { ...options, engine: '20.10.24+dfsg1' }),
      "compose.yaml: the health check of service 'api' sets start_interval, which needs Docker Engine 25 " +
        'or later, and this engine is 20.10.24+dfsg1: remove start_interval (and keep interval short) or upgrade the engine',
    )
    assert.equal(composeModelProblem(early, { ...options, engine: '25.0.3' }), null)
    assert.equal(composeModelProblem(early, { ...options, engine: null }), null, 'unknown: left to Compose')
    assert.equal(composeModelProblem(model({ interval: '5s' }), { ...options, engine: '20.10.24' }), null)
  })

  test('a port named in loadgate.yml is blamed on its key', () => {
    assert.match(
      composeModelProblem(model({}), {
        ...options,
        port: 9090,
        portInput: 'loadgate.yml benchmarks[0] port',
        engine: '28.0.0',
      }) ?? '',
      /^Input 'loadgate\.yml benchmarks\[0\] port' is 9090, but service 'api'/,
    )
  })

  test("the engine's version, not the client's, decides", async (t) => {
    const engine = await engineVersion()
    const { stdout } = await run('docker', ['version', '--format', '{{.Server.Version}}'])
    assert.equal(engine, stdout.trim().split(/\s/)[0])
    if (majorVersion(engine)! >= START_INTERVAL_ENGINE) return t.skip('this engine runs start_interval')
    // This machine's engine predates start_interval: refused before anything is built.
    const repo = await makeWorkRepo({
      prefix: 'loadgate-start-interval-',
      origin: 'none',
      fill: (dir) =>
        writeFiles(dir, {
          'compose.yaml':
            "services:\n  api:\n    image: busybox\n    ports: ['8080']\n" +
            "    healthcheck: { test: ['CMD', 'true'], start_interval: 1s, interval: 5m }\n",
          'k6/api.js': '',
        }),
    })
    cleanups.push(repo.cleanup)
    const settings = settingsFor(repo.dir, {
      'compose-file': 'compose.yaml',
      'k6-script': 'k6/api.js',
      prepare: '',
    })
    const sut = createSystemUnderTest({
      settings,
      bench: settings.benchmarks[0]!,
      runId: 'engine',
      startTimeoutSeconds: 5,
      onProgress: () => {},
    })
    await assert.rejects(sut.start('head'), (error: Error) => {
      assert.ok(error instanceof SettingsError)
      assert.match(
        error.message,
        new RegExp(
          `needs Docker Engine 25 or later, and this engine is ${engine!.replace(/[.+]/g, '\\$&')}:`,
        ),
      )
      return true
    })
  })
})
