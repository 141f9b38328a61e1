import { describe, test, before, after, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { installK6ThroughToolCache, toolCacheK6 } from '../../src/action/k6-tool-cache'
import { k6Release, locateK6, useK6Installer } from '../../src/measure/load/k6/install'
import { runAction } from '../../testkit/action'
import { makeExampleRepo } from '../../testkit/example-repo'

// The action installs k6 through the runner's tool cache (@actions/tool-cache), from a local
// release server laid out like k6's GitHub releases and serving a real k6: found in the cache the
// second time, checked against the published SHA-256 before it is unpacked, nothing cached when
// the bytes differ.

const VERSION = '9.9.9'
let dir: string
let server: Server
let releases: string
let checksums = ''
const requests: string[] = []
const saved = {
  RUNNER_TOOL_CACHE: process.env.RUNNER_TOOL_CACHE,
  RUNNER_TEMP: process.env.RUNNER_TEMP,
  LOADGATE_K6_RELEASES: process.env.LOADGATE_K6_RELEASES,
  LOADGATE_CACHE: process.env.LOADGATE_CACHE,
  PATH: process.env.PATH,
}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-k6-tool-cache-'))
  const { asset, dir: folder } = k6Release(VERSION, process.platform, process.arch, 'http://x')
  await mkdir(path.join(dir, 'pack', folder), { recursive: true })
  const k6 = execFileSync('sh', ['-c', 'command -v k6'], { encoding: 'utf8' }).trim()
  await copyFile(k6, path.join(dir, 'pack', folder, 'k6'))
  // The fastest gzip: the archive is 70 MB of k6, and only its checksum matters here.
  execFileSync('tar', [
    '--use-compress-program=gzip -1',
    '-cf',
    path.join(dir, asset),
    '-C',
    path.join(dir, 'pack'),
    folder,
  ])
  const archive = await readFile(path.join(dir, asset))
  const sha = createHash('sha256').update(archive).digest('hex')
  checksums = `${'0'.repeat(64)}  k6-v${VERSION}-linux-arm64.tar.gz\n${sha}  ${asset}\n`
  server = createServer((req, res) => {
    const url = req.url ?? ''
    requests.push(url)
    if (url.endsWith(asset)) return void res.end(archive)
    if (url.endsWith('-checksums.txt')) return void res.end(checksums)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  releases = `http://127.0.0.1:${(server.address() as AddressInfo).port}/download`
})
after(async () => {
  server.close()
  await rm(dir, { recursive: true, force: true })
})
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

/** A fresh, empty tool cache and runner temp directory, as the runner gives a job. */
async function runnerDirs(name: string): Promise<{ cache: string; temp: string }> {
  const cache = path.join(dir, name, 'tool-cache')
  const temp = path.join(dir, name, 'runner-temp')
  await mkdir(cache, { recursive: true })
  await mkdir(temp, { recursive: true })
  process.env.RUNNER_TOOL_CACHE = cache
  process.env.RUNNER_TEMP = temp
  return { cache, temp }
}

describe("k6 through the runner's tool cache", () => {
  test('downloaded and verified once, cached as k6/<version>/<arch>; found there the second time', async () => {
    const { cache, temp } = await runnerDirs('hit')
    requests.length = 0
    const k6 = await toolCacheK6(VERSION, releases)
    const cached = path.join(cache, 'k6', VERSION, os.arch())
    assert.equal(k6.path, path.join(cached, 'k6'))
    assert.match(k6.version, /^\d+\.\d+\.\d+$/)
    assert.ok((await stat(`${cached}.complete`)).isFile(), "the tool cache's marker of a complete entry")
    const { asset } = k6Release(VERSION, process.platform, process.arch, releases)
    assert.deepEqual(
      requests.sort(),
      [`/download/v${VERSION}/${asset}`, `/download/v${VERSION}/k6-v${VERSION}-checksums.txt`].sort(),
    )
    assert.deepEqual(await readdir(temp), [], 'the archive and its unpacked copy are removed')
    requests.length = 0
    assert.deepEqual(await toolCacheK6(VERSION, releases), k6)
    assert.deepEqual(requests, [], 'a cached k6 is not downloaded again')
  })

  test('an archive whose SHA-256 differs: one line naming the URL and the expected checksum; nothing cached or unpacked', async () => {
    const { cache, temp } = await runnerDirs('mismatch')
    const good = checksums
    checksums = checksums.replace(/^[0-9a-f]{64}(?=\s+k6-v9\.9\.9-linux-amd64)/m, 'f'.repeat(64))
    try {
      const { url } = k6Release(VERSION, process.platform, process.arch, releases)
      await assert.rejects(toolCacheK6(VERSION, releases), (error: Error) => {
        assert.equal(error.name, 'LoadgateError')
        assert.equal(error.message.includes('\n'), false, error.message)
        assert.ok(error.message.includes(` from ${url} `), error.message)
        assert.ok(error.message.includes(`expected SHA-256 ${'f'.repeat(64)}`), error.message)
        assert.match(
          error.message,
          /nothing was cached\): install k6 \(\S+\) on PATH, or check the k6-version input$/,
        )
        return true
      })
    } finally {
      checksums = good
    }
    assert.deepEqual(await readdir(cache), [], 'nothing in the tool cache')
    assert.deepEqual(await readdir(temp), [], 'nothing left in the runner temp directory')
  })

  test('the action installs through it where the runner gives a tool cache; elsewhere the CLI’s own install stays', async () => {
    const { cache } = await runnerDirs('located')
    process.env.LOADGATE_K6_RELEASES = releases
    // Neither on PATH (only the shell tools) nor where the bootstrap builds it.
    process.env.PATH = '/usr/bin:/bin'
    process.env.LOADGATE_CACHE = path.join(dir, 'located', 'no-bootstrap')
    const cliInstaller = useK6Installer(() => Promise.reject(new Error('not the installer of this test')))
    try {
      assert.equal(installK6ThroughToolCache({ RUNNER_TEMP: '/tmp' }), false)
      await assert.rejects(locateK6(VERSION), /not the installer of this test/)
      assert.equal(installK6ThroughToolCache(), true)
      const k6 = await locateK6(VERSION)
      assert.equal(k6.path, path.join(cache, 'k6', VERSION, os.arch(), 'k6'))
    } finally {
      useK6Installer(cliInstaller)
    }
  })

  test('the action itself (from source): its k6 comes through the tool cache, and a mismatch fails the step in one line', async () => {
    const repo = await makeExampleRepo()
    const runner = path.join(dir, 'action')
    const { cache } = await runnerDirs('action')
    const good = checksums
    checksums = checksums.replace(/^[0-9a-f]{64}(?=\s+k6-v9\.9\.9-linux-amd64)/m, 'f'.repeat(64))
    try {
      // Deployed environments (nothing listens there): the run reaches k6 before any of them.
      const run = await runAction({
        dir: runner,
        workspace: repo.dir,
        inputs: {
          target: 'url',
          'base-url': 'http://127.0.0.1:9',
          'head-url': 'http://127.0.0.1:9',
          'base-ref': repo.baseSha,
          'k6-script': 'compose/k6/api.js',
          'k6-version': VERSION,
          comment: 'off',
          status: 'off',
        },
        event: {
          name: 'pull_request',
          payload: {
            pull_request: {
              number: 9,
              base: { ref: 'main', sha: repo.baseSha, repo: { full_name: 'acme/shop' } },
              head: { ref: 'feature', sha: repo.headSha, repo: { full_name: 'acme/shop' } },
            },
            repository: { full_name: 'acme/shop', default_branch: 'main' },
          },
        },
        entry: 'src/action/index.ts',
        extraEnv: {
          PATH: '/usr/bin:/bin',
          RUNNER_TOOL_CACHE: cache,
          LOADGATE_K6_RELEASES: releases,
          LOADGATE_CACHE: path.join(runner, 'no-bootstrap'),
        },
      })
      assert.equal(run.code, 1, run.stdout)
      const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error::'))
      assert.equal(errors.length, 1, run.stdout)
      const { url } = k6Release(VERSION, process.platform, process.arch, releases)
      assert.ok(
        errors[0]!.includes(`could not be installed into the tool cache (${cache}) from ${url} `),
        errors[0],
      )
      assert.ok(errors[0]!.includes(`expected SHA-256 ${'f'.repeat(64)}`), errors[0])
      assert.deepEqual(await readdir(cache), [], 'nothing cached')
    } finally {
      checksums = good
      await repo.cleanup()
    }
  })
})
