import { createServer } from 'node:net'

/** k6's execution status once its VUs are initialized and it waits to be resumed (`--paused`). */
const PAUSED_BEFORE_RUN = 4
const POLL_MS = 25

/** A free TCP port on the loopback interface, for one k6 process's REST API. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free loopback port'))))
    })
  })
}

/**
 * The REST API of one k6 process started with `--address 127.0.0.1:<port>`: held (`--paused`) and
 * resumed at a start barrier, or stopped early (a warm-up that is steady).
 */
export class K6RestApi {
  constructor(readonly port: number) {}

  get address(): string {
    return `127.0.0.1:${this.port}`
  }

  private get statusUrl(): string {
    return `http://${this.address}/v1/status`
  }

  /**
   * Resolves true once k6 has initialized its VUs and waits to be resumed; false if `exited`
   * settles first (k6 could not start: its own error is the trial's).
   */
  async waitUntilHeld(exited: Promise<unknown>): Promise<boolean> {
    let over = false
    const ended = exited.then(
      () => (over = true),
      () => (over = true),
    )
    while (!over) {
      const status = await fetch(this.statusUrl, { signal: AbortSignal.timeout(2000) })
        .then((r) => (r.ok ? (r.json() as Promise<K6Status>) : null))
        .catch(() => null)
      const attributes = status?.data?.attributes
      if (attributes?.paused && (attributes.status ?? 0) >= PAUSED_BEFORE_RUN) return true
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, POLL_MS))])
    }
    return false
  }

  /** Starts the held test (what `k6 resume --address …` does). */
  async resume(): Promise<void> {
    await this.patchStatus({ paused: false }, 'resume')
  }

  /** Ends the test run now; k6 writes its output and exits with STOPPED_THROUGH_API. */
  async stop(): Promise<void> {
    await this.patchStatus({ stopped: true }, 'stop')
  }

  private async patchStatus(attributes: Record<string, boolean>, what: string): Promise<void> {
    const response = await fetch(this.statusUrl, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { type: 'status', id: 'default', attributes } }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) throw new Error(`k6 at ${this.address} refused to ${what}: HTTP ${response.status}`)
  }
}

/** k6's exit code after a stop through its REST API. */
export const STOPPED_THROUGH_API = 103

interface K6Status {
  data?: { attributes?: { paused?: boolean; status?: number } }
}
