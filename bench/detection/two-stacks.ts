// Two Compose stacks of one reference service, for the benches that drive k6 by hand
// (duet-placement.ts, noise-timescale.ts). SERVICE=bundled picks the bundled example (compose/),
// otherwise the CPU-bound service. Load goes to loopback only.
import path from 'node:path'
import { rm } from 'node:fs/promises'
import { cgroupFiles, readCpuSeconds } from '../../src/measure/sut/compose/cgroup'
import { locateK6 } from '../../src/measure/load/k6/install'
import { parseK6Output } from '../../src/measure/load/k6/parse'
import { k6RunArgs } from '../../src/measure/load/k6/run'
import { builtInDefault } from '../../src/settings/input-lookup'
import { run } from '../../src/util/exec'

const SERVICES = {
  'cpu-bound': { folder: 'cpu-bound', script: 'mixed.js', rate: '150' },
  bundled: { folder: 'compose', script: 'api.js', rate: '100' },
}
const chosen = SERVICES[(process.env.SERVICE ?? 'cpu-bound') as keyof typeof SERVICES]
if (!chosen) throw new Error(`SERVICE must be one of ${Object.keys(SERVICES).join(', ')}`)
export const SERVICE = chosen
const COMPOSE = path.resolve(chosen.folder, 'compose.yaml')
const SCRIPT = path.resolve(chosen.folder, 'k6', chosen.script)

/** The k6 binary loadgate would use, or the one on PATH. */
const k6 = await locateK6(builtInDefault('k6-version')).catch(() => ({ path: 'k6' }))

export const compose = (project: string, ...args: string[]) => composeWithEnv(project, {}, ...args)

/** {@link compose} with variables the compose file interpolates (the CPU-bound service's knobs). */
const composeWithEnv = (project: string, env: Record<string, string>, ...args: string[]) =>
  run('docker', ['compose', '-p', project, '-f', COMPOSE, ...args], { timeoutMs: 300_000, env })

/** Compiles the service and builds every project's images. */
export async function buildStacks(projects: string[]): Promise<void> {
  await run('bash', [`${chosen.folder}/prepare.sh`], { timeoutMs: 300_000 })
  for (const project of projects) await compose(project, 'build', '-q')
}

/**
 * Recreates every project's containers, each with the variables `envOf` gives it (none by default);
 * returns each one's published port, on loopback.
 */
export async function freshStacks(
  projects: string[],
  envOf: (project: string) => Record<string, string> = () => ({}),
): Promise<string[]> {
  for (const project of projects)
    await composeWithEnv(project, envOf(project), 'up', '-d', '--wait', '--force-recreate')
  // The load goes to loopback, whichever address the compose file publishes on.
  const ports = await Promise.all(
    projects.map(async (p) =>
      (await compose(p, 'port', 'api', '8080')).stdout.trim().replace(/^0\.0\.0\.0:/, '127.0.0.1:'),
    ),
  )
  if (!ports.every((p) => /^127\.0\.0\.1:\d+$/.test(p))) throw new Error(`not loopback: ${ports.join(', ')}`)
  return ports
}

/** The CPU seconds the api container of `project` has used so far, from its cgroup. */
export async function apiCpuSeconds(project: string): Promise<() => Promise<number | null>> {
  const id = (await compose(project, 'ps', '-q', 'api')).stdout.trim()
  const pid = Number((await run('docker', ['inspect', '-f', '{{.State.Pid}}', id])).stdout.trim())
  const files = await cgroupFiles(pid)
  if (!files) throw new Error(`no cgroup found for the api container of ${project}`)
  return () => readCpuSeconds(files)
}

/** Removes every project's containers, volumes and images. */
export async function removeStacks(projects: string[]): Promise<void> {
  for (const project of projects)
    await compose(project, 'down', '-v', '--rmi', 'local').catch(() => undefined)
}

/** One k6 trial of the reference script at `port` (loopback), writing `outFile`; on `cpus` when given. */
export async function runK6At(port: string, duration: string, outFile: string, cpus?: string): Promise<void> {
  const args = k6RunArgs({
    script: SCRIPT,
    baseUrl: `http://${port}`,
    outFile,
    tags: {},
    env: { DURATION: duration, RATE: chosen.rate },
  })
  const [cmd, full] = cpus ? ['taskset', ['-c', cpus, k6.path, ...args]] : [k6.path, args]
  await run(cmd, full, { timeoutMs: 120_000, env: { K6_NO_USAGE_REPORT: 'true' } })
}

/** {@link runK6At} with the stack `idle` paused meanwhile; it is thawed whatever happens. */
export async function loadOneArm(
  port: string,
  idle: string,
  duration: string,
  outFile: string,
  k6Cpus?: string,
): Promise<void> {
  await compose(idle, 'pause')
  try {
    await runK6At(port, duration, outFile, k6Cpus)
  } finally {
    await compose(idle, 'unpause')
  }
}

/**
 * One trial of project `arm` of `projects` (the other paused) into `outFile`, which is removed after:
 * each endpoint's log p50 and log p95, keyed `<series> p50`, and the log of the service's CPU per request when given.
 */
export async function logQuantilesOfOneArm(
  projects: string[],
  ports: string[],
  arm: number,
  duration: string,
  outFile: string,
  /** The measured arm's service CPU seconds so far (its cgroup): adds `service CPU per request`. */
  cpuSeconds?: () => Promise<number | null>,
): Promise<Map<string, number>> {
  const cpuBefore = await cpuSeconds?.()
  await loadOneArm(ports[arm]!, projects[1 - arm]!, duration, outFile)
  const cpuAfter = await cpuSeconds?.()
  const parsed = await parseK6Output(outFile)
  await rm(outFile, { force: true })
  const out = new Map<string, number>()
  const requests = parsed.series.find((s) => s.key === 'all requests')?.requests ?? 0
  if (cpuBefore != null && cpuAfter != null && requests > 0)
    out.set('service CPU per request', Math.log((cpuAfter - cpuBefore) / requests))
  for (const s of parsed.series) {
    if (s.key === 'all requests' || !s.latency) continue
    out.set(`${s.key} p50`, Math.log(s.latency.p50))
    out.set(`${s.key} p95`, Math.log(s.latency.p95))
  }
  return out
}
