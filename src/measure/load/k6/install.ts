import { createHash } from 'node:crypto'
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { errorMessage, LoadgateError } from '../../../util/errors'
import { run } from '../../../util/exec'

export interface K6 {
  path: string
  version: string
}

const DOWNLOAD_TIMEOUT_MS = 5 * 60 * 1000
export const RELEASES = 'https://github.com/grafana/k6/releases/download'
/** Waits before the second and third attempt of a download that failed transiently. */
const RETRY_DELAYS_MS = [2_000, 8_000]

/** How the pinned release is installed when k6 is neither on PATH nor where the bootstrap builds it. */
export type K6Installer = (version: string) => Promise<K6>

let releaseInstaller: K6Installer = (version) => installK6(version, cacheDir(version))

/**
 * Installs the release through `installer` from now on (the action: the runner's tool cache, which
 * the CLI does not bundle); returns the installer it replaces.
 */
export function useK6Installer(installer: K6Installer): K6Installer {
  const previous = releaseInstaller
  releaseInstaller = installer
  return previous
}

/** The k6 at `binary` with the version it reports, or null when it does not run. */
export async function k6At(binary: string): Promise<K6 | null> {
  const version = await versionOf(binary)
  return version ? { path: binary, version } : null
}

async function versionOf(binary: string): Promise<string | null> {
  try {
    const { stdout } = await run(binary, ['version'], { timeoutMs: 15_000 })
    return /v?(\d+\.\d+\.\d+)/.exec(stdout)?.[1] ?? null
  } catch {
    return null
  }
}

/** The release asset for this machine: `k6-v1.8.1-linux-amd64.tar.gz`, `k6-v2.2.0-macos-arm64.zip`, … */
export function k6Release(
  version: string,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
  releases = RELEASES,
): { url: string; checksumsUrl: string; asset: string; dir: string; zip: boolean } {
  const system = platform === 'darwin' ? 'macos' : platform === 'linux' ? 'linux' : null
  const cpu = arch === 'x64' ? 'amd64' : arch === 'arm64' ? 'arm64' : null
  if (!system || !cpu) {
    throw new LoadgateError(
      `${placesLooked()}, and no k6 release is published for ${platform}/${arch}: install k6 on PATH (https://grafana.com/docs/k6/latest/set-up/install-k6/)`,
    )
  }
  const dir = `k6-v${version}-${system}-${cpu}`
  const zip = system === 'macos'
  const asset = `${dir}.${zip ? 'zip' : 'tar.gz'}`
  return {
    url: `${releases}/v${version}/${asset}`,
    // Every k6 release publishes the SHA-256 of each asset beside them.
    checksumsUrl: `${releases}/v${version}/k6-v${version}-checksums.txt`,
    asset,
    dir,
    zip,
  }
}

/** Where a downloaded k6 is kept: the runner's tool cache (the layout setup actions use), else the user's cache. */
function cacheDir(version: string): string {
  const root = process.env.RUNNER_TOOL_CACHE || path.join(os.homedir(), '.cache', 'loadgate', 'tool-cache')
  return path.join(root, 'k6', version, process.arch)
}

/** Where scripts/bootstrap.sh builds k6 (and act): `$LOADGATE_CACHE/bin`, by default `~/.cache/loadgate/bin`. */
export function bootstrapBinDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.LOADGATE_CACHE || path.join(os.homedir(), '.cache', 'loadgate'), 'bin')
}

/** Where locateK6 looked before downloading, as the error names them. */
function placesLooked(): string {
  return `k6 is not on PATH nor in ${bootstrapBinDir()}`
}

/** k6 from PATH, else the one scripts/bootstrap.sh built, else the pinned release, downloaded once into the tool cache. */
export async function locateK6(version: string): Promise<K6> {
  const onPath = await versionOf('k6')
  if (onPath) return { path: 'k6', version: onPath }
  const bootstrapped = path.join(bootstrapBinDir(), 'k6')
  const built = await versionOf(bootstrapped)
  if (built) return { path: bootstrapped, version: built }
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new LoadgateError(
      `Input 'k6-version' is '${version}': expected an exact version such as 1.8.1 (${placesLooked()})`,
    )
  }
  return releaseInstaller(version)
}

/**
 * The k6 release `version` in `dir` (downloaded once, checked against the release's published
 * SHA-256, transient failures retried). `releases` is the download root, for a mirror.
 */
export async function installK6(
  version: string,
  dir: string,
  releases = process.env.LOADGATE_K6_RELEASES || RELEASES,
): Promise<K6> {
  const binary = path.join(dir, 'k6')
  const cached = await versionOf(binary)
  if (cached) return { path: binary, version: cached }
  const release = k6Release(version, process.platform, process.arch, releases)
  try {
    await download(release, path.dirname(binary))
    const installed = await versionOf(binary)
    if (!installed) throw new Error(`${binary} does not run`)
    return { path: binary, version: installed }
  } catch (error) {
    throw notInstalled(version, dir, release.url, error)
  }
}

/** Why k6 `version` could not be installed into `dir` from `url`, on one line, with how to get k6. */
export function notInstalled(version: string, dir: string, url: string, error: unknown): LoadgateError {
  return new LoadgateError(
    `${placesLooked()}, and k6 ${version} could not be installed into ${dir} from ${url} ` +
      `(${errorMessage(error).replace(/\s+/g, ' ')}): install k6 (https://grafana.com/docs/k6/latest/set-up/install-k6/) ` +
      'on PATH, or check the k6-version input',
  )
}

/** A download that failed for a reason that may pass: no answer, a timeout, 429 or a 5xx. */
class TransientError extends Error {}

/** The body of `url`; transient failures are retried twice (after 2 s, then 8 s). */
async function fetchBytes(url: string): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    try {
      let response: Response
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
      } catch (error) {
        throw new TransientError(errorMessage(error))
      }
      if (response.status === 429 || response.status >= 500)
        throw new TransientError(`HTTP ${response.status} from ${url}`)
      if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`)
      return Buffer.from(await response.arrayBuffer())
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt]
      if (!(error instanceof TransientError) || delay === undefined) throw error
      await sleep(delay)
    }
  }
}

/** The SHA-256 the release's checksums file gives for `asset` (lines of "<hex>  <file name>"). */
export function publishedSha256(checksums: string, asset: string): string | null {
  for (const line of checksums.split('\n')) {
    const [hash, name] = line.trim().split(/\s+/)
    if (name?.replace(/^\*/, '') === asset && /^[0-9a-f]{64}$/i.test(hash ?? '')) return hash!.toLowerCase()
  }
  return null
}

/**
 * Downloads a release, checks it against the published SHA-256 and unpacks it; the binary lands in
 * `dest` only once it is complete and verified.
 */
async function download(release: ReturnType<typeof k6Release>, dest: string): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-k6-'))
  try {
    const archive = path.join(scratch, release.zip ? 'k6.zip' : 'k6.tar.gz')
    const [bytes, checksums] = await Promise.all([fetchBytes(release.url), fetchBytes(release.checksumsUrl)])
    const expected = publishedSha256(checksums.toString('utf8'), release.asset)
    if (!expected) throw new Error(`${release.checksumsUrl} lists no SHA-256 for ${release.asset}`)
    const actual = createHash('sha256').update(bytes).digest('hex')
    if (actual !== expected)
      throw new Error(`${release.asset} has SHA-256 ${actual}, but the release publishes ${expected}`)
    await writeFile(archive, bytes)
    if (release.zip) await run('unzip', ['-q', archive, '-d', scratch], { timeoutMs: 120_000 })
    else await run('tar', ['-xzf', archive, '-C', scratch], { timeoutMs: 120_000 })
    const binary = path.join(scratch, release.dir, 'k6')
    await chmod(binary, 0o755)
    await mkdir(dest, { recursive: true })
    await rename(binary, path.join(dest, 'k6'))
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
