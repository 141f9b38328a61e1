import { errorMessage } from '../../../util/errors'
import { CommandTimeout, run } from '../../../util/exec'
import type { K6 } from './install'

export interface TrialRun {
  script: string
  cwd: string
  baseUrl: string
  outFile: string
  tags: Record<string, string>
  env: Record<string, string>
  timeoutMs: number
  /** Further flags for `k6 run`: this machine's execution segment. */
  args?: string[]
  /** Starts k6 held (`--paused`) with its REST API on this loopback address, to be resumed through it. */
  heldAt?: string
  /** Its REST API on this loopback address (not held): to be stopped through it. */
  apiAt?: string
  /** Kills k6 (a held k6 that could not be resumed). */
  signal?: AbortSignal
  /** Runs k6 on these CPUs only (`taskset -c`). */
  cpus?: string
}

/**
 * The system tags k6 writes on every point. The analysis reads scenario, method, name (url where
 * a request has no name), status and expected_response; group and check stay because a script's
 * own thresholds select by them (`http_req_duration{group:::checkout}`, `checks{check:…}`). The
 * others (proto, subproto, tls_version, service, error, error_code) are dropped: k6 writes them
 * on each of the ~13 points of every request and nothing reads them.
 */
export const SYSTEM_TAGS = [
  'scenario',
  'method',
  'name',
  'url',
  'status',
  'expected_response',
  'group',
  'check',
]

/** k6's exit code for an exception in the script's init code, setup() or teardown(). */
export const SCRIPT_EXCEPTION = 107

export interface TrialExit {
  code: number
  /** k6 exited 99: the script's own thresholds were crossed. */
  thresholdsCrossed: boolean
  /** Set when the trial cannot be used: k6's own error. */
  error?: string
  /** k6 ran past `timeoutMs` and was killed. */
  timedOut?: boolean
}

/**
 * Runs the user's script unchanged. Only BASE_URL and the configured variables reach `__ENV`:
 * system environment variables are excluded and the child environment is allow-listed anyway.
 */
export async function runK6(k6: K6, trial: TrialRun): Promise<TrialExit> {
  let result
  try {
    const args = k6RunArgs(trial)
    const [command, commandArgs] = trial.cpus
      ? ['taskset', ['-c', trial.cpus, k6.path, ...args]]
      : [k6.path, args]
    result = await run(command, commandArgs, {
      cwd: trial.cwd,
      env: { K6_NO_USAGE_REPORT: 'true', K6_NO_COLOR: 'true' },
      timeoutMs: trial.timeoutMs,
      allowExitCodes: Array.from({ length: 255 }, (_, i) => i + 1),
      signal: trial.signal,
    })
  } catch (error) {
    return {
      code: -1,
      thresholdsCrossed: false,
      error: errorMessage(error),
      ...(error instanceof CommandTimeout ? { timedOut: true } : {}),
    }
  }
  if (result.code === 0) return { code: 0, thresholdsCrossed: false }
  if (result.code === 99) return { code: 99, thresholdsCrossed: true }
  return {
    code: result.code,
    thresholdsCrossed: false,
    error: `k6 exited ${result.code}: ${k6Error(result.stderr)}`,
  }
}

/** The arguments of `k6 run` for one trial. */
export function k6RunArgs(trial: Omit<TrialRun, 'cwd' | 'timeoutMs' | 'signal'>): string[] {
  const api = trial.heldAt ?? trial.apiAt
  if (api && !/^127\.0\.0\.1:\d+$/.test(api))
    throw new Error(`k6's REST API must listen on loopback, not ${api}`)
  return [
    'run',
    '--quiet',
    '--no-usage-report',
    '--include-system-env-vars=false',
    // No REST API server unless the trial is held or stopped through it: its default fixed port
    // would clash with any other k6 on the machine.
    ...(trial.heldAt ? ['--paused'] : []),
    '--address',
    api ?? '',
    '--system-tags',
    SYSTEM_TAGS.join(','),
    '--out',
    `json=${trial.outFile}`,
    ...(trial.args ?? []),
    ...Object.entries(trial.tags).flatMap(([k, v]) => ['--tag', `${k}=${v}`]),
    ...envArgs({ ...trial.env, BASE_URL: trial.baseUrl }),
    trial.script,
  ]
}

/** The script's variables as `k6 run` and `k6 inspect` take them. */
export function envArgs(env: Record<string, string>): string[] {
  return Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`])
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
