import path from 'node:path'
import { chmod } from 'node:fs/promises'
import * as toolCache from '@actions/tool-cache'
import { errorMessage, LoadgateError } from '../errors'
import { run } from '../exec'

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

/** k6 from PATH, else the pinned release downloaded with the tool cache (as on GitHub's runners). */
export async function locateK6(version: string): Promise<K6> {
  const onPath = await versionOf('k6')
  if (onPath) return { path: 'k6', version: onPath }
  const cached = toolCache.find('k6', version)
  if (cached) return { path: path.join(cached, 'k6'), version }
  const url = `https://github.com/grafana/k6/releases/download/v${version}/k6-v${version}-linux-amd64.tar.gz`
  try {
    const archive = await toolCache.downloadTool(url)
    const extracted = await toolCache.extractTar(archive)
    const dir = await toolCache.cacheDir(path.join(extracted, `k6-v${version}-linux-amd64`), 'k6', version)
    const binary = path.join(dir, 'k6')
    await chmod(binary, 0o755)
    return { path: binary, version: (await versionOf(binary)) ?? version }
  } catch (error) {
    throw new LoadgateError(
      `k6 is not on PATH and k6 ${version} could not be installed from ${url} (${errorMessage(error)}): ` +
        'install k6 on the runner or check the k6-version input',
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
function k6Error(stderr: string): string {
  const lines = stderr.trim().split('\n').filter(Boolean)
  const error = lines.find((l) => /level=(error|fatal)|ERRO|Error/i.test(l)) ?? lines.at(-1) ?? 'no output'
  const msg = /msg="((?:[^"\\]|\\.)*)"/.exec(error)?.[1] ?? error
  return msg.replace(/\\n/g, ' ').replace(/\s+/g, ' ').slice(0, 400)
}
