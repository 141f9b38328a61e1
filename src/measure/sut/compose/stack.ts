import path from 'node:path'
import { errorMessage, LoadgateError, SettingsError } from '../../../util/errors'
import { CommandTimeout, lastLines, run } from '../../../util/exec'
import { projectContainers, publishedPort, type StartedContainer } from './container-listing'
import { recoverStuck } from './freezer'
import { missingPortMessage, type Publisher } from './port-hint'
import { waitUntilReady } from './service-readiness'
import { startFailure } from './start-failure'

/** A pause or unpause takes well under a second; one that has not returned by then is stuck (freezer.ts). */
const PAUSE_TIMEOUT_MS = 30_000

/** The order a start follows (service-readiness.ts): levels of depends_on, and the one-shot jobs. */
export interface StartOrder {
  levels: string[][]
  oneShot: Set<string>
}

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
  /**
   * The containers as the last start left them (ids; states as they were then): known without
   * asking the engine, which may be stuck on one of them.
   */
  private startedContainers: StartedContainer[] = []

  constructor(
    /** `loadgate-<run>-<arm>`. */
    readonly project: string,
    /** Absolute path of the compose file inside the arm's tree. */
    readonly file: string,
    /** A second compose file over it: the arm's own image names (see arm-images.ts). */
    private readonly overrideFile?: string,
    /** Null where the file's dependencies cannot be ordered: a start then waits as `up --wait` does. */
    private readonly startOrder: StartOrder | null = null,
    /** The variables `pass-env` names: every Compose call gets them, builds and interpolation alike. */
    private readonly env: Record<string, string> = {},
  ) {}

  private get fileArgs(): string[] {
    return ['-f', this.file, ...(this.overrideFile ? ['-f', this.overrideFile] : [])]
  }

  private compose(args: string[], timeoutMs = 120_000, cleanup = false) {
    return run('docker', ['compose', '-p', this.project, ...this.fileArgs, ...args], {
      cwd: path.dirname(this.file),
      env: this.env,
      timeoutMs,
      cleanup,
    })
  }

  /**
   * Builds and starts the stack and waits until every service is ready (service-readiness.ts); on
   * failure the error carries the failing service's logs.
   */
  async up(timeoutSeconds: number, log: (line: string) => void): Promise<void> {
    if (!this.startOrder) return this.upAndCheck(['--build'], timeoutSeconds, log)
    await this.startStep(() => this.compose(['build'], (timeoutSeconds + 600) * 1000))
    await this.startInOrder(timeoutSeconds)
  }

  /**
   * Starts the stack from the images an earlier `up` built (a project of its own for every set of
   * instances: arm-stacks.ts) and waits as `up` does: a fresh instance of the same code.
   */
  async start(timeoutSeconds: number, log: (line: string) => void): Promise<void> {
    if (!this.startOrder) return this.upAndCheck(['--no-build'], timeoutSeconds, log)
    await this.startInOrder(timeoutSeconds)
  }

  /** Level by level, each service ready before what depends on it starts (service-readiness.ts). */
  private async startInOrder(timeoutSeconds: number): Promise<void> {
    const { levels, oneShot } = this.startOrder!
    const deadline = Date.now() + timeoutSeconds * 1000
    let all: StartedContainer[] = []
    for (const level of levels)
      await this.startStep(async () => {
        const up = ['up', '--no-build', '--no-deps', '--detach', ...level]
        await this.compose(up, (timeoutSeconds + 600) * 1000)
        all = await projectContainers(this.project)
        await waitUntilReady({ containers: all.filter((c) => level.includes(c.service)), oneShot, deadline })
      })
    this.remember(all)
  }

  /** One step of a start; its failure says which service failed and how. */
  private async startStep(step: () => Promise<unknown>): Promise<void> {
    try {
      await step()
    } catch (error) {
      throw new LoadgateError(`${this.project} did not start: ${await this.diagnose(errorMessage(error))}`)
    }
  }

  /** The containers as the last start left them (their ids; states as they were then). */
  get started(): readonly StartedContainer[] {
    return this.startedContainers
  }

  private remember(started: StartedContainer[]): void {
    this.startedContainers = started
    this.mayBePaused = false
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
          env: this.env,
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
    this.remember(started)
    const notHealthy = started.find((c) => c.health && c.health !== 'healthy')
    if (notHealthy) {
      const waited = `docker compose up --wait returned while service '${notHealthy.service}' is ${notHealthy.health}`
      throw new LoadgateError(`${this.project} did not start: ${await this.diagnose(waited)}`)
    }
  }

  /** The containers this stack's last `pause` froze: thawed by id, without asking Compose first. */
  private pausedIds: string[] = []
  /** False only while this object knows nothing of it is paused: since its start, or its last thaw. */
  private mayBePaused = true

  /**
   * Freezes every running container of the stack (cgroup freezer): no timer, GC or health check
   * runs. By id through `docker pause`, which takes a third of `docker compose pause`'s time (it is
   * paid twice a trial); through Compose when the containers are not known or one is not running.
   */
  async pause(): Promise<void> {
    const freeze = async () => {
      this.mayBePaused = true
      // A one-shot job's container has exited: only running ones can be frozen.
      const ids = this.startedContainers.filter((c) => c.state === 'running').map((c) => c.id)
      const direct = ids.length > 0 && (await docker(['pause', ...ids]).then(() => true, unlessStuck))
      if (!direct) await this.compose(['pause'], PAUSE_TIMEOUT_MS)
      this.pausedIds = direct ? ids : []
    }
    await this.unstuck('pause', freeze, 'paused')
  }

  /** Thaws the stack; a stack with nothing paused is left as it is. */
  async unpause(): Promise<void> {
    // Teardown work too (after an interrupt): a paused container must never be left behind.
    const thaw = async () => {
      const ids = this.pausedIds
      this.pausedIds = []
      if (ids.length > 0 && (await docker(['unpause', ...ids], true).then(() => true, unlessStuck))) return
      const paused = await this.compose(['ps', '--status', 'paused', '--quiet'], PAUSE_TIMEOUT_MS, true)
      if (paused.stdout.trim()) await this.compose(['unpause'], PAUSE_TIMEOUT_MS, true)
    }
    await this.unstuck('unpause', thaw, 'running')
    this.mayBePaused = false
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
    if (
      !(await recoverStuck(
        this.startedContainers.map((c) => c.id),
        wanted,
      ))
    )
      throw new LoadgateError(
        `docker compose ${what} of ${this.project} did not return in ${PAUSE_TIMEOUT_MS / 1000} s and ` +
          'none of its containers is frozen: the Docker engine is not answering',
      )
  }

  /** Why the stack did not start, in one line (start-failure.ts). */
  private async diagnose(composeError: string): Promise<string> {
    const containers = await this.containers().catch(() => [])
    return startFailure(composeError, containers, (service) =>
      this.compose(['logs', '--no-color', '--tail', '5', service]).then(
        (logs) => lastLines(logs.stdout, 5),
        () => '',
      ),
    )
  }

  /** `http://127.0.0.1:<host port>` of the service's published container port. */
  async url(service: string, port: number): Promise<string> {
    const started = this.startedContainers.find((c) => c.service === service && c.state === 'running')
    const published = started && (await publishedPort(started.id, port))
    if (published) return `http://127.0.0.1:${published}`
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
    if (this.mayBePaused) await this.unpause().catch(() => undefined)
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

/** A refused call is retried through Compose; one that timed out is the engine stuck (see `unstuck`). */
function unlessStuck(error: unknown): false {
  if (error instanceof CommandTimeout) throw error
  return false
}

function docker(args: string[], cleanup = false) {
  return run('docker', args, { timeoutMs: PAUSE_TIMEOUT_MS, cleanup })
}

/** `docker compose ps --format json` prints one object per line (newer) or one array (older). */
function parseJsonLines(text: string): Array<Record<string, unknown>> {
  const trimmed = text.trim()
  if (!trimmed) return []
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as Array<Record<string, unknown>>
  return trimmed.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
}
