import { request } from 'node:http'
import { run } from '../exec'
import type { ServiceResources } from '../types'
import type { ComposeContainer } from './compose'

const SAMPLE_INTERVAL_MS = 500

/** The Docker engine's unix socket, or null where DOCKER_HOST points elsewhere (then CPU/memory are "not measured"). */
function dockerSocket(): string | null {
  const host = process.env.DOCKER_HOST
  if (!host) return '/var/run/docker.sock'
  return host.startsWith('unix://') ? host.slice('unix://'.length) : null
}

function engineGet<T>(socketPath: string, pathname: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: pathname, method: 'GET', timeout: 5000 }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => {
        if ((res.statusCode ?? 500) >= 300)
          return reject(new Error(`docker engine ${pathname}: ${res.statusCode}`))
        try {
          resolve(JSON.parse(body) as T)
        } catch (error) {
          reject(error as Error)
        }
      })
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('docker engine timeout')))
    req.on('error', reject)
    req.end()
  })
}

interface EngineStats {
  cpu_stats?: { cpu_usage?: { total_usage?: number } }
  memory_stats?: { usage?: number; stats?: Record<string, number> }
}

interface ContainerState {
  restarts: number
  running: boolean
  startedAt: string
}

async function containerState(id: string): Promise<ContainerState> {
  const { stdout } = await run('docker', [
    'inspect',
    '--format',
    '{{.RestartCount}} {{.State.Running}} {{.State.StartedAt}}',
    id,
  ])
  const [restarts = '0', running = 'false', startedAt = ''] = stdout.trim().split(' ')
  return { restarts: Number(restarts), running: running === 'true', startedAt }
}

/** Working set as `docker stats` shows it: usage minus reclaimable page cache (cgroup v1 and v2). */
function memoryOf(stats: EngineStats): number | null {
  const usage = stats.memory_stats?.usage
  if (usage === undefined) return null
  const s = stats.memory_stats?.stats ?? {}
  const cache = s.inactive_file ?? s.total_inactive_file ?? s.cache ?? 0
  return Math.max(0, usage - cache)
}

/**
 * Measures each service of a stack during one trial: CPU seconds (engine counters before and after),
 * peak memory (sampled every 0.5 s), and whether any container restarted or stopped.
 */
export class ResourceSampler {
  private readonly socket = dockerSocket()
  private cpuStart = new Map<string, number>()
  private peak = new Map<string, number>()
  private before = new Map<string, ContainerState>()
  private timer: NodeJS.Timeout | undefined
  private sampling: Promise<void> = Promise.resolve()

  constructor(private readonly containers: ComposeContainer[]) {}

  private async stats(id: string): Promise<EngineStats | null> {
    if (!this.socket) return null
    return engineGet<EngineStats>(this.socket, `/containers/${id}/stats?stream=false&one-shot=true`).catch(
      () => null,
    )
  }

  private async sampleMemory(): Promise<void> {
    await Promise.all(
      this.containers.map(async (c) => {
        const stats = await this.stats(c.id)
        const memory = stats ? memoryOf(stats) : null
        if (memory !== null) this.peak.set(c.id, Math.max(this.peak.get(c.id) ?? 0, memory))
      }),
    )
  }

  async start(): Promise<void> {
    await Promise.all(
      this.containers.map(async (c) => {
        this.before.set(c.id, await containerState(c.id))
        const cpu = (await this.stats(c.id))?.cpu_stats?.cpu_usage?.total_usage
        if (cpu !== undefined) this.cpuStart.set(c.id, cpu)
      }),
    )
    let inFlight = false
    this.timer = setInterval(() => {
      // A sample can take longer than the interval: skip ticks rather than queue them up.
      if (inFlight) return
      inFlight = true
      this.sampling = this.sampleMemory().finally(() => (inFlight = false))
    }, SAMPLE_INTERVAL_MS)
  }

  async stop(): Promise<ServiceResources[]> {
    clearInterval(this.timer)
    // One engine call per container gives the final CPU counter and a last memory sample; a
    // sample still in flight is awaited alongside rather than before.
    const [, finals] = await Promise.all([
      this.sampling,
      Promise.all(
        this.containers.map(async (c) =>
          Promise.all([containerState(c.id).catch(() => null), this.stats(c.id)]),
        ),
      ),
    ])
    return this.containers.map((c, i) => {
      const [after, stats] = finals[i]!
      const memory = stats ? memoryOf(stats) : null
      if (memory !== null) this.peak.set(c.id, Math.max(this.peak.get(c.id) ?? 0, memory))
      const before = this.before.get(c.id)
      const cpuEnd = stats?.cpu_stats?.cpu_usage?.total_usage
      const cpuStart = this.cpuStart.get(c.id)
      const restarted =
        !after || !before || after.restarts !== before.restarts || after.startedAt !== before.startedAt
      return {
        service: c.service,
        container: c.name,
        cpuSeconds:
          cpuEnd !== undefined && cpuStart !== undefined && !restarted ? (cpuEnd - cpuStart) / 1e9 : null,
        peakMemoryBytes: this.peak.get(c.id) ?? null,
        restarts: after && before ? after.restarts - before.restarts : 0,
        disrupted: restarted || !after?.running,
      }
    })
  }
}
