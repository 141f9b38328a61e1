import { spawn, type ChildProcess } from 'node:child_process'
import { withoutWorkflowCommands } from './control-characters'
import { LoadgateError } from './errors'

/**
 * Environment variables a child process (compose, k6, git, the system under test) may
 * inherit. Everything else — INPUT_*, GITHUB_TOKEN, ACTIONS_* tokens — is withheld, because
 * k6 copies its whole environment into the script's `__ENV`. What a build needs beyond these
 * (`pass-env`) reaches `prepare` and Compose alone, through `passedEnv`.
 */
const ALLOWED_ENV = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'TZ',
  'TMPDIR',
  'DOCKER_HOST',
  'DOCKER_CONFIG',
  'DOCKER_CONTEXT',
  'DOCKER_CERT_PATH',
  'DOCKER_TLS_VERIFY',
  'XDG_RUNTIME_DIR',
  'GOCACHE',
  'GOPATH',
  'GOMODCACHE',
  'GOFLAGS',
  'GOPROXY',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
]

/**
 * What BuildKit's `type=gha` cache reads: the runner's cache credentials, passed to a build only
 * when `pass-env` names them one by one, and only in the jobs settings/pass-env.ts allows.
 */
export const ACTIONS_CACHE_VARIABLES: readonly string[] = [
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_CACHE_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_SERVICE_V2',
]

/** The job's token, the action's inputs and the runner's other ACTIONS_* variables: no child ever gets them. */
export function isNeverPassed(name: string): boolean {
  const upper = name.toUpperCase()
  if (ACTIONS_CACHE_VARIABLES.includes(name)) return false
  return upper === 'GITHUB_TOKEN' || upper.startsWith('INPUT_') || upper.startsWith('ACTIONS_')
}

/**
 * The variables `pass-env` names (a `PREFIX_*` pattern: every variable it starts), with their
 * values from `from`; a variable that is not set is left out, and a pattern never yields a
 * variable `isNeverPassed` withholds or a cache variable (those are named one by one).
 */
export function passedEnv(
  names: readonly string[],
  from: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of names) {
    const prefix = name.endsWith('*') ? name.slice(0, -1) : null
    for (const [key, value] of Object.entries(from)) {
      if (value === undefined || isNeverPassed(key)) continue
      if (prefix === null ? key === name : key.startsWith(prefix) && !ACTIONS_CACHE_VARIABLES.includes(key))
        env[key] = value
    }
  }
  return env
}

/** The parent's environment reduced to the allow-list, plus `extra`. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of ALLOWED_ENV) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  return { ...env, ...extra }
}

export interface RunOptions {
  cwd?: string
  /** Added to the allow-listed environment. */
  env?: Record<string, string>
  /** Kill the process after this many milliseconds (default: half an hour; nothing may wait forever). */
  timeoutMs?: number
  input?: string
  /** Called with each chunk of stdout/stderr as it arrives. */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void
  /** Resolve instead of throwing on these non-zero exit codes. */
  allowExitCodes?: number[]
  signal?: AbortSignal
  /** Teardown work: still allowed after an interrupt stopped everything else. */
  cleanup?: boolean
}

export interface RunResult {
  code: number
  stdout: string
  stderr: string
}

/** Children still running; killed on SIGINT/SIGTERM by `killRunningChildren`. */
const running = new Set<ChildProcess>()
let interrupted = false

/** Kills every child and refuses new ones, except teardown (`cleanup: true`). */
export function killRunningChildren(signal: NodeJS.Signals = 'SIGTERM'): void {
  interrupted = true
  for (const child of running) killTree(child, signal)
}

/**
 * Signals a child and every process it started. Children are spawned as the leaders of their own
 * process groups for this: `docker compose` runs the Compose plugin as a child of its own, which
 * keeps the output pipes open, so killing `docker` alone would leave the call waiting forever.
 */
function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal)
    else child.kill(signal)
  } catch {
    child.kill(signal)
  }
}

/** After a kill, how long the output may stay open (a process outside the group holding it) before the call ends anyway. */
const KILLED_OUTPUT_GRACE_MS = 5_000

const DEFAULT_TIMEOUT_MS = 30 * 60 * 1000

/** A command ran past its `timeoutMs` and was killed. */
export class CommandTimeout extends LoadgateError {}

/** Runs a command (no shell) and resolves with its output; throws LoadgateError on failure. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  if (process.env.LOADGATE_DEBUG)
    process.stderr.write(`loadgate: ${withoutWorkflowCommands([command, ...args].join(' '))}\n`)
  if (interrupted && !options.cleanup) return Promise.reject(new LoadgateError('interrupted'))
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: childEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      signal: options.signal,
      detached: true,
    })
    running.add(child)
    let stdout = ''
    let stderr = ''
    let timedOut = false
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    let grace: NodeJS.Timeout | undefined
    const timer = setTimeout(() => {
      timedOut = true
      killTree(child, 'SIGKILL')
      // Nothing may keep the call waiting once it was killed, not even a pipe another process holds.
      grace = setTimeout(() => {
        child.stdout.destroy()
        child.stderr.destroy()
        child.emit('close', null, 'SIGKILL')
      }, KILLED_OUTPUT_GRACE_MS)
    }, timeoutMs)
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      options.onOutput?.(chunk, 'stdout')
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      options.onOutput?.(chunk, 'stderr')
    })
    child.stdin.on('error', () => {})
    child.stdin.end(options.input ?? '')
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      clearTimeout(grace)
      running.delete(child)
      reject(
        new LoadgateError(
          error.code === 'ENOENT' ? `${command}: command not found on PATH` : `${command}: ${error.message}`,
        ),
      )
    })
    let closed = false
    child.on('close', (code, signal) => {
      if (closed) return
      closed = true
      clearTimeout(timer)
      clearTimeout(grace)
      running.delete(child)
      const exit = code ?? 128
      if (timedOut) {
        reject(new CommandTimeout(`${command} ${args[0] ?? ''} timed out after ${timeoutMs} ms`))
      } else if (exit === 0 || options.allowExitCodes?.includes(exit)) {
        resolve({ code: exit, stdout, stderr })
      } else {
        const detail =
          lastLines(stderr || stdout, 5) || (signal ? `killed by ${signal}` : `exit code ${exit}`)
        reject(new LoadgateError(`${command} ${args.slice(0, 2).join(' ')} failed: ${detail}`))
      }
    })
  })
}

/** A long-running child that the caller stops with a signal (a profiler); killed like any other on SIGINT/SIGTERM. */
export interface BackgroundProcess {
  /** Sends `signal` and resolves once the process has exited, with its exit code and stderr; SIGKILL after `graceMs`. */
  stop(
    signal: NodeJS.Signals,
    graceMs: number,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>
}

export function startBackground(command: string, args: string[]): BackgroundProcess {
  if (interrupted) throw new LoadgateError('interrupted')
  const child = spawn(command, args, { env: childEnv(), stdio: ['ignore', 'ignore', 'pipe'], detached: true })
  running.add(child)
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-20_000)))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve) => {
      child.on('error', (error) => {
        running.delete(child)
        resolve({ code: null, signal: null, stderr: `${command}: ${error.message}` })
      })
      child.on('close', (code, signal) => {
        running.delete(child)
        resolve({ code, signal, stderr })
      })
    },
  )
  return {
    stop: async (signal, graceMs) => {
      killTree(child, signal)
      const timer = setTimeout(() => killTree(child, 'SIGKILL'), graceMs)
      const result = await exited
      clearTimeout(timer)
      return result
    },
  }
}

export function lastLines(text: string, count: number): string {
  return text.trim().split('\n').slice(-count).join(' | ')
}
