import { request } from 'node:http'
import { run } from '../../../util/exec'
import type { ServiceResources } from '../../../model/types'
import type { StartedContainer } from './container-listing'
import { cgroupFiles, cgroupProcesses, readCpuSeconds, readMemoryBytes } from './cgroup'

const SAMPLE_INTERVAL_MS = 500
/** An engine that does not answer an inspect in this time is stuck (a trial must never wait on it forever). */
const INSPECT_TIMEOUT_MS = 30_000

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
  pid: number
}

async function containerState(id: string): Promise<ContainerState> {
  const { stdout } = await run(
    'docker',
    ['inspect', '--format', '{{.RestartCount}} {{.State.Running}} {{.State.StartedAt}} {{.State.Pid}}', id],
    { timeoutMs: INSPECT_TIMEOUT_MS },
  )
  const [restarts = '0', running = 'false', startedAt = '', pid = '0'] = stdout.trim().split(' ')
  return { restarts: Number(restarts), running: running === 'true', startedAt, pid: Number(pid) }
}

/** Working set as `docker stats` shows it: usage minus reclaimable page cache (cgroup v1 and v2). */
function memoryOf(stats: EngineStats): number | null {
  const usage = stats.memory_stats?.usage
  if (usage === undefined) return null
  const s = stats.memory_stats?.stats ?? {}
  const cache = s.inactive_file ?? s.total_inactive_file ?? s.cache ?? 0
  return Math.max(0, usage - cache)
}

/** Reads one container's cumulative CPU seconds and current memory. */
interface Probe {
  cpuSeconds(): Promise<number | null>
  memoryBytes(): Promise<number | null>
}

/** The cgroup files when this process can read them (microseconds), else the engine's stats API. */
async function probeFor(id: string, pid: number): Promise<Probe> {
  const files = await cgroupFiles(pid)
  if (files) return { cpuSeconds: () => readCpuSeconds(files), memoryBytes: () => readMemoryBytes(files) }
  const socket = dockerSocket()
  const stats = () =>
    socket
      ? engineGet<EngineStats>(socket, `/containers/${id}/stats?stream=false&one-shot=true`).catch(() => null)
      : Promise.resolve(null)
  return {
    cpuSeconds: async () => {
      const total = (await stats())?.cpu_stats?.cpu_usage?.total_usage
      return total === undefined ? null : total / 1e9
    },
    memoryBytes: async () => {
      const s = await stats()
      return s ? memoryOf(s) : null
    },
  }
}

/**
 * Measures each service of a stack during one trial: CPU seconds (counters before and after),
 * peak memory (sampled every 0.5 s), and whether any container restarted or stopped.
 */
export class ResourceSampler {
  private probes = new Map<string, Probe>()
  private cpuStart = new Map<string, number>()
  private peak = new Map<string, number>()
  private before = new Map<string, ContainerState>()
  private timer: NodeJS.Timeout | undefined
  private sampling: Promise<void> = Promise.resolve()

  constructor(private readonly containers: readonly StartedContainer[]) {}

  private async sampleMemory(): Promise<void> {
    await Promise.all(this.containers.map((c) => this.recordMemory(c.id)))
  }

  private async recordMemory(id: string): Promise<void> {
    const memory = (await this.probes.get(id)?.memoryBytes()) ?? null
    if (memory !== null) this.peak.set(id, Math.max(this.peak.get(id) ?? 0, memory))
  }

  async start(): Promise<void> {
    await Promise.all(
      this.containers.map(async (c) => {
        const state = await containerState(c.id)
        this.before.set(c.id, state)
        const probe = await probeFor(c.id, state.pid)
        this.probes.set(c.id, probe)
        const cpu = await probe.cpuSeconds()
        if (cpu !== null) this.cpuStart.set(c.id, cpu)
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
    await this.sampling
    return Promise.all(
      this.containers.map(async (c) => {
        const [after, cpuEnd] = await Promise.all([
          containerState(c.id).catch(() => null),
          this.probes.get(c.id)?.cpuSeconds() ?? Promise.resolve(null),
          this.recordMemory(c.id),
        ])
        const before = this.before.get(c.id)
        const cpuStart = this.cpuStart.get(c.id)
        const restarted =
          !after || !before || after.restarts !== before.restarts || after.startedAt !== before.startedAt
        // A stopped or restarted container's counters are gone or start again: not a measurement.
        const continuous = !restarted && after.running
        return {
          service: c.service,
          container: c.name,
          cpuSeconds: cpuEnd != null && cpuStart !== undefined && continuous ? cpuEnd - cpuStart : null,
          peakMemoryBytes: this.peak.get(c.id) ?? null,
          restarts: after && before ? after.restarts - before.restarts : 0,
          disrupted: restarted || !after?.running,
        }
      }),
    )
  }
}

/**
 * CPU seconds a set of containers uses between `start` and `end`: the run's other arms during a
 * trial. Null when any container's counter could not be read at both ends (one restarted, or
 * neither its cgroup nor the engine answers).
 */
export class CpuMeter {
  private started: Promise<Array<number | null>> = Promise.resolve([])
  private probes: Promise<Probe[]> = Promise.resolve([])

  constructor(private readonly containers: readonly StartedContainer[]) {}

  start(): void {
    this.probes = Promise.all(
      this.containers.map(async (c) =>
        probeFor(c.id, (await containerState(c.id).catch(() => null))?.pid ?? 0),
      ),
    )
    this.started = this.probes.then((probes) => Promise.all(probes.map((p) => p.cpuSeconds())))
  }

  async end(): Promise<number | null> {
    const [probes, before] = await Promise.all([this.probes, this.started])
    const after = await Promise.all(probes.map((p) => p.cpuSeconds()))
    let seconds = 0
    for (const [i, b] of before.entries()) {
      const a = after[i]
      if (b === null || a === null || a === undefined || a < b) return null
      seconds += a - b
    }
    return seconds
  }
}

/** Host PIDs of every process in the running containers (their cgroup's members, else the init). */
export async function containerProcesses(containers: readonly StartedContainer[]): Promise<number[]> {
  const pids = await Promise.all(
    containers.map(async (c) => {
      const state = await containerState(c.id).catch(() => null)
      if (!state?.running || !state.pid) return []
      return (await cgroupProcesses(state.pid)) ?? [state.pid]
    }),
  )
  return [...new Set(pids.flat())].sort((a, b) => a - b)
}
