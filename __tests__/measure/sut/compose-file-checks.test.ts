import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createSystemUnderTest } from '../../../src/measure/sut'
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

  async function startError(dir: string, baseSha: string | undefined, arm: 'base' | 'head') {
    const settings = settingsFor(dir, {
      'compose-file': 'compose.yaml',
      'k6-script': 'k6/api.js',
      prepare: '',
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
})
