import os from 'node:os'
import path from 'node:path'
import { chmod } from 'node:fs/promises'
import * as toolCache from '@actions/tool-cache'
import { errorMessage, LoadgateError } from '../../../util/errors'
import { run } from '../../../util/exec'

export interface K6 {
  path: string
  version: string
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

/** The tool cache needs the runner's directories; outside a runner (the CLI) it gets its own. */
function toolCacheDirectories(): void {
  process.env.RUNNER_TOOL_CACHE ||= path.join(os.homedir(), '.cache', 'loadgate', 'tool-cache')
  process.env.RUNNER_TEMP ||= os.tmpdir()
}

/** k6 from PATH, else the pinned release downloaded with the tool cache (as on GitHub's runners). */
export async function locateK6(version: string): Promise<K6> {
  const onPath = await versionOf('k6')
  if (onPath) return { path: 'k6', version: onPath }
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new LoadgateError(
      `Input 'k6-version' is '${version}': expected an exact version such as 1.8.1 (k6 is not on PATH)`,
    )
  }
  toolCacheDirectories()
  const cached = toolCache.find('k6', version)
  if (cached) return { path: path.join(cached, 'k6'), version }
  const release = k6Release(version)
  try {
    const archive = await toolCache.downloadTool(release.url)
    const extracted = release.zip ? await toolCache.extractZip(archive) : await toolCache.extractTar(archive)
    const dir = await toolCache.cacheDir(path.join(extracted, release.dir), 'k6', version)
    const binary = path.join(dir, 'k6')
    await chmod(binary, 0o755)
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

export interface TrialRun {
  script: string
  cwd: string
  baseUrl: string
  outFile: string
  tags: Record<string, string>
  env: Record<string, string>
  timeoutMs: number
}

export interface TrialExit {
  code: number
  /** k6 exited 99: the script's own thresholds were crossed. */
  thresholdsCrossed: boolean
  /** Set when the trial cannot be used: k6's own error. */
  error?: string
}

/**
 * Runs the user's script unchanged. Only BASE_URL and the configured variables reach `__ENV`:
 * system environment variables are excluded and the child environment is allow-listed anyway.
 */
export async function runK6(k6: K6, trial: TrialRun): Promise<TrialExit> {
  const args = [
    'run',
    '--quiet',
    '--no-usage-report',
    '--include-system-env-vars=false',
    // No REST API server: it is not used, and its fixed port clashes with any other k6 on the machine.
    '--address',
    '',
    '--out',
    `json=${trial.outFile}`,
    ...Object.entries(trial.tags).flatMap(([k, v]) => ['--tag', `${k}=${v}`]),
    ...Object.entries({ ...trial.env, BASE_URL: trial.baseUrl }).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    trial.script,
  ]
  let result
  try {
    result = await run(k6.path, args, {
      cwd: trial.cwd,
      env: { K6_NO_USAGE_REPORT: 'true', K6_NO_COLOR: 'true' },
      timeoutMs: trial.timeoutMs,
      allowExitCodes: Array.from({ length: 255 }, (_, i) => i + 1),
    })
  } catch (error) {
    return { code: -1, thresholdsCrossed: false, error: errorMessage(error) }
  }
  if (result.code === 0) return { code: 0, thresholdsCrossed: false }
  if (result.code === 99) return { code: 99, thresholdsCrossed: true }
  return {
    code: result.code,
    thresholdsCrossed: false,
    error: `k6 exited ${result.code}: ${k6Error(result.stderr)}`,
  }
}

/** The most telling line of k6's stderr (its `level=error` message), shortened to one line. */
export function k6Error(stderr: string): string {
  const lines = stderr.trim().split('\n').filter(Boolean)
  // A warning can mention "Error" too (`level=warning msg="Error from API server"`): errors first.
  const error =
    lines.find((l) => /level=(error|fatal)/.test(l)) ??
    lines.find((l) => /\bERRO\b|Error/.test(l) && !/level=(warning|info|debug)/.test(l)) ??
    lines.at(-1) ??
    'no output'
  const msg = /msg="((?:[^"\\]|\\.)*)"/.exec(error)?.[1] ?? error
  return msg.replace(/\\n/g, ' ').replace(/\s+/g, ' ').slice(0, 400)
}
