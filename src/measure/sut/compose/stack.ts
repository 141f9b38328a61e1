import path from 'node:path'
import { errorMessage, LoadgateError, SettingsError } from '../../../util/errors'
import { CommandTimeout, lastLines, run } from '../../../util/exec'
import { recoverStuck } from './freezer'
import { missingPortMessage, type Publisher } from './port-hint'

/** A pause or unpause takes well under a second; one that has not returned by then is stuck (freezer.ts). */
const PAUSE_TIMEOUT_MS = 30_000

const COMPOSE_WARNING = /time="[^"]*" level=warning msg="(?:[^"\\]|\\.)*"\s*(?:\| )?/g

export interface ComposeContainer {
  id: string
  service: string
  name: string
  state: string
  health: string
  exitCode: number
}

/** One Compose project of the system under test: one arm's stack, built from its own tree. */
export class ComposeStack {
  /** The containers as last started: known without asking the engine, which may be stuck on one of them. */
  private containerIds: string[] = []

  constructor(
    /** `loadgate-<run>-<arm>`. */
    readonly project: string,
    /** Absolute path of the compose file inside the arm's tree. */
    readonly file: string,
    /** A second compose file over it: the arm's own image names (see arm-images.ts). */
    private readonly overrideFile?: string,
  ) {}

  private get fileArgs(): string[] {
    return ['-f', this.file, ...(this.overrideFile ? ['-f', this.overrideFile] : [])]
  }

  private compose(args: string[], timeoutMs = 120_000, cleanup = false) {
    return run('docker', ['compose', '-p', this.project, ...this.fileArgs, ...args], {
      cwd: path.dirname(this.file),
      timeoutMs,
      cleanup,
    })
  }

  /** Builds and starts the stack and waits for every healthcheck; on failure the error carries the failing service's logs. */
  up(timeoutSeconds: number, log: (line: string) => void): Promise<void> {
    return this.upAndCheck(['--build'], timeoutSeconds, log)
  }

  /**
   * Replaces every container (and anonymous volume) with a new one from the images `up` built,
   * then checks health as `up` does: a fresh instance of the same code (in this project, or in a
   * new one when the arm moves to another slot).
   */
  recreate(timeoutSeconds: number, log: (line: string) => void): Promise<void> {
    return this.upAndCheck(['--no-build', '--force-recreate', '--renew-anon-volumes'], timeoutSeconds, log)
  }

  private async upAndCheck(flags: string[], timeoutSeconds: number, log: (line: string) => void) {
    try {
      await run(
        'docker',
        [
          'compose',
          '-p',
          this.project,
          ...this.fileArgs,
          'up',
          ...flags,
          '--detach',
          '--wait',
          '--wait-timeout',
          String(timeoutSeconds),
        ],
        {
          cwd: path.dirname(this.file),
          timeoutMs: (timeoutSeconds + 600) * 1000,
          onOutput: (chunk) =>
            chunk
              .split('\n')
              .filter(Boolean)
              .forEach((l) => log(l)),
        },
      )
    } catch (error) {
      throw new LoadgateError(`${this.project} did not start: ${await this.diagnose(errorMessage(error))}`)
    }
    // `up --wait` has been seen to return 0 with a healthcheck still failing: check it ourselves.
    const started = await this.containers()
    this.containerIds = started.map((c) => c.id)
    const notHealthy = started.find((c) => c.health && c.health !== 'healthy')
    if (notHealthy) {
      const waited = `docker compose up --wait returned while service '${notHealthy.service}' is ${notHealthy.health}`
      throw new LoadgateError(`${this.project} did not start: ${await this.diagnose(waited)}`)
    }
  }

  /** Freezes every container of the stack (cgroup freezer): no timer, GC or health check runs. */
  async pause(): Promise<void> {
    await this.unstuck('pause', () => this.compose(['pause'], PAUSE_TIMEOUT_MS), 'paused')
  }

  /** Thaws the stack; a stack with nothing paused is left as it is. */
  async unpause(): Promise<void> {
    // Teardown work too (after an interrupt): a paused container must never be left behind.
    const thaw = async () => {
      const paused = await this.compose(['ps', '--status', 'paused', '--quiet'], PAUSE_TIMEOUT_MS, true)
      if (paused.stdout.trim()) await this.compose(['unpause'], PAUSE_TIMEOUT_MS, true)
    }
    await this.unstuck('unpause', thaw, 'running')
  }

  /**
   * Runs a pause or unpause; one that does not return in time is the engine stuck on a health
   * check frozen mid-exec, and the stack is brought to `wanted` through its cgroups (freezer.ts).
   * Nothing frozen to thaw means the engine is stuck on something else: that fails, saying so.
   */
  private async unstuck(what: string, call: () => Promise<unknown>, wanted: 'paused' | 'running') {
    try {
      await call()
      return
    } catch (error) {
      if (!(error instanceof CommandTimeout)) throw error
    }
    if (!(await recoverStuck(this.containerIds, wanted)))
      throw new LoadgateError(
        `docker compose ${what} of ${this.project} did not return in ${PAUSE_TIMEOUT_MS / 1000} s and ` +
          'none of its containers is frozen: the Docker engine is not answering',
      )
  }

  /** The failing service, its health output and last log lines, in one line. */
  private async diagnose(composeError: string): Promise<string> {
    const containers = await this.containers().catch(() => [])
    // The root cause first: an unhealthy or exited service, not one still waiting on it.
    const failing =
      containers.find((c) => c.health === 'unhealthy') ??
      containers.find((c) => c.state === 'exited' || c.state === 'dead') ??
      containers.find((c) => c.state === 'running' && c.health && c.health !== 'healthy') ??
      containers.find((c) => c.state !== 'running')
    // Compose's own warnings (`time=… level=warning msg=…`) would push the cause out of a status line.
    if (!failing) return composeError.replace(COMPOSE_WARNING, '').replace(/\s+/g, ' ')
    const health = await run('docker', ['inspect', '--format', '{{json .State.Health}}', failing.id], {
      timeoutMs: 30_000,
    }).catch(() => null)
    let healthLog: string
    try {
      const parsed = JSON.parse(health?.stdout ?? 'null') as { Log?: Array<{ Output: string }> } | null
      healthLog = parsed?.Log?.at(-1)?.Output.trim() ?? ''
    } catch {
      healthLog = ''
    }
    const logs = await this.compose(['logs', '--no-color', '--tail', '5', failing.service]).catch(() => null)
    const state =
      failing.state === 'exited' ? `exited with ${failing.exitCode}` : failing.health || failing.state
    return [
      `service '${failing.service}' is ${state}`,
      healthLog && `health check: ${healthLog.replace(/\s+/g, ' ')}`,
      logs && `logs: ${lastLines(logs.stdout, 5)}`,
    ]
      .filter(Boolean)
      .join('; ')
  }

  /** `http://127.0.0.1:<host port>` of the service's published container port. */
  async url(service: string, port: number): Promise<string> {
    const out = await this.compose(['port', service, String(port)]).then(
      (result) => result.stdout.trim(),
      () => '',
    )
    const hostPort = /:(\d+)\s*$/.exec(out.split('\n')[0] ?? '')?.[1]
    if (!hostPort || hostPort === '0') {
      const publishers = await this.publishers(service).catch(() => [])
      throw new SettingsError(missingPortMessage(service, port, path.basename(this.file), publishers))
    }
    return `http://127.0.0.1:${hostPort}`
  }

  /** The ports the service's running containers publish. */
  private async publishers(service: string): Promise<Publisher[]> {
    const { stdout } = await this.compose(['ps', '--format', 'json', service])
    return parseJsonLines(stdout).flatMap((c) =>
      Array.isArray(c.Publishers) ? (c.Publishers as Publisher[]) : [],
    )
  }

  async containers(): Promise<ComposeContainer[]> {
    const { stdout } = await this.compose(['ps', '--all', '--format', 'json'])
    return parseJsonLines(stdout).map((c) => ({
      id: String(c.ID ?? ''),
      service: String(c.Service ?? ''),
      name: String(c.Name ?? ''),
      state: String(c.State ?? ''),
      health: String(c.Health ?? ''),
      exitCode: Number(c.ExitCode ?? 0),
    }))
  }

  /**
   * Removes containers, networks and volumes (paused ones too). Not the images: they are the arm's,
   * not the project's (arm-images.ts), and the arm may go on in another slot's project.
   */
  async down(): Promise<void> {
    await this.unpause().catch(() => undefined)
    const args = ['down', '--volumes', '--remove-orphans', '--timeout', '5']
    try {
      await this.compose(args, 180_000, true)
    } catch {
      // One retry: the engine can refuse while a container is still stopping.
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await this.compose(args, 180_000, true)
    }
  }
}

/** `docker compose ps --format json` prints one object per line (newer) or one array (older). */
function parseJsonLines(text: string): Array<Record<string, unknown>> {
  const trimmed = text.trim()
  if (!trimmed) return []
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as Array<Record<string, unknown>>
  return trimmed.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
}
