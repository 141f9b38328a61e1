import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { readTrustedConfig } from '../../src/forge/github/trusted-run'
import { parseConfig } from '../../src/settings/config-file'
import { readSettings } from '../../src/settings/read-settings'
import { commitAll, git, makeWorkRepo, writeFiles, type WorkRepo } from '../../testkit/git-repos'

// A maintainer's trusted run measures a fork's head, and the head's loadgate.yml is the fork's to
// write: `base-ref: HEAD^` compared the regressed commit with its own merge, `target: url` two
// addresses on one server. In a trusted run the whole file comes from the trusted branch (the
// commit the run was started on); the head's is only compared with it, to name what was ignored.

const TRUSTED = [
  'k6-script: k6/orders.js',
  'service: api',
  'port: 8080',
  'min-rounds: 10',
  'max-rounds: 20',
  '',
].join('\n')
const FORK = [
  'k6-script: k6/orders.js',
  'service: api',
  'port: 8080',
  'base-ref: HEAD^',
  'target: url',
  'base-url: http://127.0.0.1:9000',
  'head-url: http://127.0.0.1:9000',
  'min-rounds: 5',
  'max-rounds: 5',
  'warmup: 0s',
  '',
].join('\n')

const repos: WorkRepo[] = []
after(async () => {
  for (const repo of repos) await repo.cleanup()
})

/** main holds the trusted loadgate.yml; the fork's head (checked out) holds its own. */
async function forkCheckout(): Promise<{ repo: WorkRepo; trusted: string }> {
  const repo = await makeWorkRepo({
    prefix: 'loadgate-trusted-settings-',
    fill: (dir) =>
      writeFiles(dir, {
        'loadgate.yml': TRUSTED,
        'compose.yaml': 'services: {}\n',
        'k6/orders.js': 'export default function () {}\n',
      }),
  })
  repos.push(repo)
  git(repo.dir, 'checkout', '-q', '-b', 'fork')
  await writeFiles(repo.dir, { 'loadgate.yml': FORK })
  commitAll(repo.dir, 'Faster (honest)')
  return { repo, trusted: repo.sha }
}

function settingsOf(workspace: string, trustedConfig?: ReturnType<typeof parseConfig>) {
  const inputs: Record<string, string> = { mode: 'compare', config: 'loadgate.yml' }
  return readSettings((name) => inputs[name] ?? '', {
    workspace,
    eventName: 'workflow_dispatch',
    defaultWorkDir: '/tmp/lg',
    trustedConfig,
  })
}

describe("a trusted run's settings", () => {
  test("come from the trusted branch's loadgate.yml; the head's keys that differ are named, not used", async () => {
    const { repo, trusted } = await forkCheckout()
    // What the fork's file alone would do.
    const own = settingsOf(repo.dir)
    assert.equal(own.baseRef, 'HEAD^')
    assert.equal(own.target.kind, 'url')

    const settings = settingsOf(repo.dir, await readTrustedConfig(repo.dir, 'loadgate.yml', trusted))
    assert.equal(settings.baseRef, '')
    assert.equal(settings.target.kind, 'compose')
    assert.equal(settings.baseline, 'rerun')
    assert.equal(settings.minRounds, 10)
    assert.equal(settings.maxRounds, 20)
    assert.deepEqual(settings.ignoredHeadSettings, [
      'base-ref',
      'base-url',
      'head-url',
      'max-rounds',
      'min-rounds',
      'target',
      'warmup',
    ])
    assert.deepEqual(own.ignoredHeadSettings, [], 'outside a trusted run nothing is ignored')
  })

  test("are fetched from origin when the head's shallow checkout lacks the trusted commit", async () => {
    const { repo, trusted } = await forkCheckout()
    git(repo.dir, 'push', '-q', 'origin', 'fork')
    const shallow = path.join(repo.root, 'shallow')
    await mkdir(shallow)
    git(shallow, 'init', '-q')
    git(shallow, 'remote', 'add', 'origin', repo.origin)
    git(shallow, 'fetch', '-q', '--depth=1', 'origin', 'fork')
    git(shallow, 'checkout', '-q', 'FETCH_HEAD')
    assert.throws(() => git(shallow, 'cat-file', '-e', `${trusted}^{commit}`), 'the checkout lacks it')
    const config = await readTrustedConfig(shallow, './loadgate.yml', trusted)
    assert.equal(config.shared['base-ref'], undefined)
    assert.equal(config.shared['min-rounds'], '10')
    assert.equal(
      git(shallow, 'rev-parse', '--is-shallow-repository'),
      'true',
      'the checkout is left as it was',
    )
  })

  test('a trusted branch without the file, or a path outside the repository, is refused in one line', async () => {
    const { repo, trusted } = await forkCheckout()
    await assert.rejects(
      readTrustedConfig(repo.dir, 'bench/loadgate.yml', trusted),
      /^SettingsError: Input 'config' is 'bench\/loadgate.yml': a trusted run takes its settings from the trusted branch, and its commit [0-9a-f]{12} has no such file \(or it cannot be fetched from origin\)$/,
    )
    await assert.rejects(
      readTrustedConfig(repo.dir, '../loadgate.yml', trusted),
      /^SettingsError: Input 'config' is '..\/loadgate.yml': a trusted run reads it from the trusted branch, so expected a path inside the repository$/,
    )
  })
})
