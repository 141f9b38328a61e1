import * as tc from '@actions/tool-cache'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { chmod, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import {
  k6At,
  k6Release,
  notInstalled,
  publishedSha256,
  RELEASES,
  useK6Installer,
  type K6,
} from '../measure/load/k6/install'

// On a runner, the k6 release goes where setup actions put their tools: the runner's tool cache
// (RUNNER_TOOL_CACHE, kept between jobs on a self-hosted runner), through @actions/tool-cache.
// The archive is checked against the SHA-256 the release publishes before anything is unpacked.

const TOOL = 'k6'

/**
 * From now on k6 is installed through the runner's tool cache, where the runner gives one (and a
 * temporary directory); returns whether it does. Elsewhere the CLI's own install stays.
 */
export function installK6ThroughToolCache(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.RUNNER_TOOL_CACHE || !env.RUNNER_TEMP) return false
  useK6Installer((version) => toolCacheK6(version, env.LOADGATE_K6_RELEASES || RELEASES))
  return true
}

/**
 * k6 `version` from the tool cache: found there, or downloaded, checked against the release's
 * published SHA-256, unpacked and cached. A mismatch caches nothing.
 */
export async function toolCacheK6(version: string, releases = RELEASES): Promise<K6> {
  const release = k6Release(version, process.platform, process.arch, releases)
  const found = tc.find(TOOL, version)
  const cached = found ? await k6At(path.join(found, 'k6')) : null
  if (cached) return cached
  try {
    const archive = await tc.downloadTool(release.url)
    try {
      await verify(archive, release)
      return await unpackIntoCache(archive, release, version)
    } finally {
      await rm(archive, { force: true })
    }
  } catch (error) {
    throw notInstalled(version, `the tool cache (${process.env.RUNNER_TOOL_CACHE})`, release.url, error)
  }
}

/** Throws unless `archive` has the SHA-256 the release's checksums file gives it. */
async function verify(archive: string, release: ReturnType<typeof k6Release>): Promise<void> {
  const sums = await tc.downloadTool(release.checksumsUrl)
  let expected: string | null
  try {
    expected = publishedSha256(await readFile(sums, 'utf8'), release.asset)
  } finally {
    await rm(sums, { force: true })
  }
  if (!expected) throw new Error(`${release.checksumsUrl} lists no SHA-256 for ${release.asset}`)
  const hash = createHash('sha256')
  await pipeline(createReadStream(archive), hash)
  const actual = hash.digest('hex')
  if (actual !== expected)
    throw new Error(
      `expected SHA-256 ${expected} (published in ${release.checksumsUrl}), got ${actual}; nothing was cached`,
    )
}

/** The verified archive unpacked, its k6 cached as `k6/<version>/<arch>`; the unpacked copy removed. */
async function unpackIntoCache(
  archive: string,
  release: ReturnType<typeof k6Release>,
  version: string,
): Promise<K6> {
  const unpacked = release.zip ? await tc.extractZip(archive) : await tc.extractTar(archive)
  try {
    const folder = path.join(unpacked, release.dir)
    await chmod(path.join(folder, 'k6'), 0o755)
    // Only a k6 that runs is cached: the cache would otherwise hand it to every later job.
    if (!(await k6At(path.join(folder, 'k6')))) throw new Error(`the k6 in ${release.asset} does not run`)
    const dir = await tc.cacheDir(folder, TOOL, version)
    const k6 = await k6At(path.join(dir, 'k6'))
    if (!k6) throw new Error(`${path.join(dir, 'k6')} does not run`)
    return k6
  } finally {
    await rm(unpacked, { recursive: true, force: true })
  }
}
