import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {
  bootstrapBinDir,
  installK6,
  k6Release,
  locateK6,
  publishedSha256,
} from '../../../../src/measure/load/k6/install'

// A local release server laid out like k6's GitHub releases, serving a real k6 binary: the install
// must verify the published SHA-256, retry a transient failure, and keep nothing it did not verify.

const VERSION = '9.9.9'
let dir: string
let server: Server
let releases: string
let archive: Buffer
const requests: string[] = []
/** Per path: how the next requests are answered (then 200 with the file). */
const trouble = new Map<string, number[]>()
let checksums = ''

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-k6-install-'))
  const { asset, dir: folder } = k6Release(VERSION, process.platform, process.arch, 'http://x')
  await mkdir(path.join(dir, 'pack', folder), { recursive: true })
  const k6 = execFileSync('sh', ['-c', 'command -v k6'], { encoding: 'utf8' }).trim()
  await copyFile(k6, path.join(dir, 'pack', folder, 'k6'))
  execFileSync('tar', ['-czf', path.join(dir, asset), '-C', path.join(dir, 'pack'), folder])
  archive = await readFile(path.join(dir, asset))
  const sha = createHash('sha256').update(archive).digest('hex')
  checksums = `${'0'.repeat(64)}  k6-v${VERSION}-linux-arm64.tar.gz\n${sha}  ${asset}\n`
  server = createServer((req, res) => {
    const url = req.url ?? ''
    requests.push(url)
    const status = trouble.get(url)?.shift()
    if (status) return void res.writeHead(status).end()
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

describe('installing k6 from its release', () => {
  test('the published SHA-256 of the asset, whatever the other lines', () => {
    const text = `${'a'.repeat(64)}  k6-v1-linux-amd64.tar.gz\n${'B'.repeat(64)} *k6-v1-macos-arm64.zip\n`
    assert.equal(publishedSha256(text, 'k6-v1-macos-arm64.zip'), 'b'.repeat(64))
    assert.equal(publishedSha256(text, 'k6-v1-linux-arm64.tar.gz'), null)
    assert.equal(publishedSha256('not a hash  k6-v1-linux-amd64.tar.gz', 'k6-v1-linux-amd64.tar.gz'), null)
  })

  test('a verified download after a transient failure; then the cached binary', async () => {
    const target = path.join(dir, 'ok')
    const { asset } = k6Release(VERSION, process.platform, process.arch, releases)
    trouble.set(`/download/v${VERSION}/${asset}`, [503])
    requests.length = 0
    const k6 = await installK6(VERSION, target, releases)
    assert.equal(k6.path, path.join(target, 'k6'))
    assert.match(k6.version, /^\d+\.\d+\.\d+$/)
    assert.equal(requests.filter((r) => r.endsWith(asset)).length, 2, 'the 503 was retried once')
    requests.length = 0
    await installK6(VERSION, target, releases)
    assert.deepEqual(requests, [], 'a cached binary is not downloaded again')
  })

  test('an asset whose SHA-256 differs is refused and nothing is kept', async () => {
    const target = path.join(dir, 'tampered')
    const saved = checksums
    checksums = checksums.replace(/^[0-9a-f]{64}(?=\s+k6-v9\.9\.9-linux-amd64)/m, 'f'.repeat(64))
    try {
      await assert.rejects(installK6(VERSION, target, releases), (error: Error) => {
        assert.match(error.message, /has SHA-256 [0-9a-f]{64}, but the release publishes f{64}/)
        // Where it looked, where it tried to install, and how to get k6.
        assert.match(
          error.message,
          /^k6 is not on PATH nor in \S+\/bin, and k6 9\.9\.9 could not be installed into /,
        )
        assert.match(
          error.message,
          /install k6 \(https:\/\/grafana\.com\/docs\/k6\/latest\/set-up\/install-k6\/\) on PATH/,
        )
        return true
      })
    } finally {
      checksums = saved
    }
    await assert.rejects(readFile(path.join(target, 'k6')), /ENOENT/)
  })

  test('a missing release is not retried', async () => {
    requests.length = 0
    await assert.rejects(installK6('0.0.1', path.join(dir, 'missing'), releases), /HTTP 404/)
    const asset = requests.filter((r) => r.includes('/v0.0.1/') && !r.endsWith('checksums.txt'))
    assert.equal(asset.length, 1)
  })
})

describe('finding k6', () => {
  test('the k6 scripts/bootstrap.sh built, in ~/.cache/loadgate/bin, when PATH has none', async () => {
    const cache = path.join(dir, 'loadgate-cache')
    await mkdir(path.join(cache, 'bin'), { recursive: true })
    const k6 = path.join(cache, 'bin', 'k6')
    await writeFile(k6, '#!/bin/sh\necho "k6 v1.8.1 (commit/devel, go1.24, linux/amd64)"\n')
    await chmod(k6, 0o755)
    const saved = { PATH: process.env.PATH, LOADGATE_CACHE: process.env.LOADGATE_CACHE }
    // A PATH without any k6 (only the shell tools k6's version check needs).
    process.env.PATH = '/usr/bin:/bin'
    process.env.LOADGATE_CACHE = cache
    try {
      assert.equal(bootstrapBinDir(), path.join(cache, 'bin'))
      assert.deepEqual(await locateK6('1.8.1'), { path: k6, version: '1.8.1' })
      assert.equal(bootstrapBinDir({}), path.join(os.homedir(), '.cache', 'loadgate', 'bin'))
    } finally {
      process.env.PATH = saved.PATH
      if (saved.LOADGATE_CACHE === undefined) delete process.env.LOADGATE_CACHE
      else process.env.LOADGATE_CACHE = saved.LOADGATE_CACHE
    }
  })
})
