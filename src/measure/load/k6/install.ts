import { createWriteStream } from 'node:fs'
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { errorMessage, LoadgateError } from '../../../util/errors'
import { run } from '../../../util/exec'

export interface K6 {
  path: string
  version: string
}

const DOWNLOAD_TIMEOUT_MS = 5 * 60 * 1000

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
): { url: string; dir: string; zip: boolean } {
  const system = platform === 'darwin' ? 'macos' : platform === 'linux' ? 'linux' : null
  const cpu = arch === 'x64' ? 'amd64' : arch === 'arm64' ? 'arm64' : null
  if (!system || !cpu) {
    throw new LoadgateError(
      `k6 is not on PATH and no k6 release is published for ${platform}/${arch}: install k6 on the runner`,
    )
  }
  const dir = `k6-v${version}-${system}-${cpu}`
  const zip = system === 'macos'
  return {
    url: `https://github.com/grafana/k6/releases/download/v${version}/${dir}.${zip ? 'zip' : 'tar.gz'}`,
    dir,
    zip,
  }
}

/** Where a downloaded k6 is kept: the runner's tool cache (the layout setup actions use), else the user's cache. */
function cacheDir(version: string): string {
  const root = process.env.RUNNER_TOOL_CACHE || path.join(os.homedir(), '.cache', 'loadgate', 'tool-cache')
  return path.join(root, 'k6', version, process.arch)
}

/** k6 from PATH, else the pinned release, downloaded once into the tool cache. */
export async function locateK6(version: string): Promise<K6> {
  const onPath = await versionOf('k6')
  if (onPath) return { path: 'k6', version: onPath }
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new LoadgateError(
      `Input 'k6-version' is '${version}': expected an exact version such as 1.8.1 (k6 is not on PATH)`,
    )
  }
  const binary = path.join(cacheDir(version), 'k6')
  const cached = await versionOf(binary)
  if (cached) return { path: binary, version: cached }
  const release = k6Release(version)
  try {
    await download(release, path.dirname(binary))
    const installed = await versionOf(binary)
    if (!installed) throw new Error(`${binary} does not run`)
    return { path: binary, version: installed }
  } catch (error) {
    throw new LoadgateError(
      `k6 is not on PATH and k6 ${version} could not be installed from ${release.url} ` +
        `(${errorMessage(error).replace(/\s+/g, ' ')}): install k6 on the runner or check the k6-version input`,
    )
  }
}

/** Downloads and unpacks a release; the binary lands in `dest` only once it is complete. */
async function download(release: ReturnType<typeof k6Release>, dest: string): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-k6-'))
  try {
    const archive = path.join(scratch, release.zip ? 'k6.zip' : 'k6.tar.gz')
    const response = await fetch(release.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`)
    await pipeline(Readable.fromWeb(response.body as never), createWriteStream(archive))
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
