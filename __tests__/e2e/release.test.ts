import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { logTail, runAct } from '../../testkit/act'

// The release workflow (.github/workflows/release.yml) run by act against a copy of this project
// with a local bare origin: it must check dist/, tag vX.Y.Z and move vX, and refuse to retag. The
// GitHub release itself (gh) is skipped under act: the API it calls is out of reach here.

const run = (cwd: string, command: string, args: string[]) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

let root: string
let origin: string
let version: string

/** A repository holding exactly this checkout's tracked files, pushed to a bare origin. */
async function projectRepository(dir: string): Promise<void> {
  const files = run('.', 'git', ['ls-files', '-z']).split('\0').filter(Boolean)
  for (const file of files) {
    await mkdir(path.join(dir, path.dirname(file)), { recursive: true })
    await cp(file, path.join(dir, file), { dereference: false })
  }
  run(dir, 'git', ['init', '-q', '-b', 'main'])
  run(dir, 'git', ['add', '-A'])
  run(dir, 'git', ['commit', '-q', '-m', 'a release candidate'])
  run(root, 'git', ['init', '-q', '--bare', '-b', 'main', origin])
  run(dir, 'git', ['remote', 'add', 'origin', origin])
  run(dir, 'git', ['push', '-q', 'origin', 'main'])
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-release-'))
  origin = path.join(root, 'origin.git')
  version = (JSON.parse(await readFile('package.json', 'utf8')) as { version: string }).version
  await projectRepository(path.join(root, 'repo'))
})
after(() => rm(root, { recursive: true, force: true }))

const tagsAt = (ref: string) => run(root, 'git', ['--git-dir', origin, 'rev-parse', `${ref}^{commit}`])

describe('release', () => {
  test(
    'the release workflow tags vX.Y.Z and moves vX; a second run refuses to retag',
    { timeout: 600_000 },
    async () => {
      const repo = path.join(root, 'repo')
      const eventFile = path.join(root, 'dispatch.json')
      await writeFile(eventFile, JSON.stringify({ inputs: { version } }))
      const dispatch = () =>
        runAct({
          cwd: repo,
          workflow: '.github/workflows/release.yml',
          event: 'workflow_dispatch',
          eventFile,
          actionDir: repo,
          repository: 'loadgate/loadgate',
          token: 'ghs_release_token',
          cacheDir: path.join(root, 'act-cache'),
          env: { LOADGATE_TEST_ORIGIN: origin },
          timeoutMs: 540_000,
        })
      const first = await dispatch()
      assert.equal(first.code, 0, logTail(first))
      const released = run(repo, 'git', ['rev-parse', 'HEAD'])
      const major = `v${version.split('.')[0]}`
      assert.equal(tagsAt(`v${version}`), released)
      assert.equal(tagsAt(major), released)
      assert.match(first.log, new RegExp(`tagged v${version.replaceAll('.', '\\.')} and moved ${major}`))
      assert.ok(!first.log.includes('ghs_release_token'), 'the token never reaches the log')

      const again = await dispatch()
      assert.notEqual(again.code, 0)
      assert.match(again.log, new RegExp(`v${version.replaceAll('.', '\\.')} exists already`))
    },
  )

  test('a stale dist/ or a version without a CHANGELOG section is refused before any tag', async () => {
    const clone = path.join(root, 'stale')
    run(root, 'git', ['clone', '-q', origin, clone])
    await symlink(path.resolve('node_modules'), path.join(clone, 'node_modules'))
    const release = (v: string) =>
      spawnSync('bash', ['scripts/release.sh', v], { cwd: clone, encoding: 'utf8' })
    const tagsBefore = run(root, 'git', ['--git-dir', origin, 'tag', '--list'])

    const wrongVersion = release('9.9.9')
    assert.notEqual(wrongVersion.status, 0)
    assert.equal(
      wrongVersion.stderr.trim(),
      `release: package.json says ${version}, not 9.9.9: bump it (and rebuild dist/) first`,
    )
    assert.match(release('v1').stderr, /^release: version is 'v1': expected X\.Y\.Z/)

    await writeFile(path.join(clone, 'dist', 'cli.js'), '// edited by hand\n', { flag: 'a' })
    run(clone, 'git', ['commit', '-q', '-am', 'dist edited by hand'])
    const stale = release(version)
    assert.notEqual(stale.status, 0)
    assert.match(stale.stderr, /dist\/ differs from a fresh build of src\//)
    assert.equal(run(root, 'git', ['--git-dir', origin, 'tag', '--list']), tagsBefore, 'no tag was pushed')
  })

  test('the packed package installs as a CLI with nothing to download', async () => {
    const packed = path.join(root, 'packed')
    await mkdir(packed)
    const tarball = run('.', 'npm', ['pack', '--silent', '--pack-destination', packed]).split('\n').at(-1)!
    const prefix = path.join(root, 'prefix')
    run('.', 'npm', [
      'install',
      '--global',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--prefix',
      prefix,
      path.join(packed, tarball),
    ])
    const installed = spawnSync(path.join(prefix, 'bin', 'loadgate'), ['--version'], { encoding: 'utf8' })
    assert.equal(installed.stdout, `loadgate ${version}\n`, installed.stderr)
    const files = run('.', 'tar', ['-tzf', path.join(packed, tarball)]).split('\n')
    for (const file of [
      'package/LICENSE',
      'package/action.yml',
      'package/dist/cli.js',
      'package/CHANGELOG.md',
    ])
      assert.ok(files.includes(file), file)
    assert.ok(
      !files.some((f) => f.startsWith('package/src/') || f.startsWith('package/__tests__/')),
      'only what users run',
    )
  })
})
