import { run } from '../../../util/exec'
import type { ComposeModel } from './compose-model'
import { inspectContainers } from './docker-inspect'

// A start waits for its containers to be ready before their warm-up. `up --wait` learns that
// from the engine's health status, which changes only when the engine runs the check: `interval`
// after the start (1 s here, 30 s by default), and a dependency held by `service_healthy` waits
// one such interval before its dependents even start. Engine 25's `start_interval` shortens that
// only where the compose file sets it. So every start, the first and each renewal's, takes the
// services level by level as their `depends_on` orders them, and runs each container's own health
// check test itself every PROBE_EVERY_MS until it passes: the service is ready by its own
// definition as soon as it is, whatever the engine's version or the file's interval. The engine's
// checks go on as configured.

const PROBE_EVERY_MS = 100
/** Docker's timeout of a health check that names none. */
const DEFAULT_CHECK_TIMEOUT_MS = 30_000

/**
 * The services in the order a start must follow: each level depends only on levels before it.
 * Null when the model cannot say (a dependency on a service it does not list, or a cycle): then
 * the stack starts as `up --wait` starts it.
 */
export function startLevels(model: ComposeModel): string[][] | null {
  const services = Object.keys(model.services ?? {})
  const needs = new Map(services.map((s) => [s, Object.keys(dependsOn(model, s))]))
  if ([...needs.values()].flat().some((dependency) => !needs.has(dependency))) return null
  const levels: string[][] = []
  const placed = new Set<string>()
  while (placed.size < services.length) {
    const level = services.filter((s) => !placed.has(s) && needs.get(s)!.every((d) => placed.has(d)))
    if (level.length === 0) return null
    level.forEach((s) => placed.add(s))
    levels.push(level.sort())
  }
  return levels
}

/** Services another one waits on to have exited with 0 (`service_completed_successfully`): one-shot jobs. */
export function oneShotServices(model: ComposeModel): Set<string> {
  const oneShot = new Set<string>()
  for (const service of Object.keys(model.services ?? {}))
    for (const [dependency, how] of Object.entries(dependsOn(model, service)))
      if (how?.condition === 'service_completed_successfully') oneShot.add(dependency)
  return oneShot
}

function dependsOn(model: ComposeModel, service: string): Record<string, { condition?: string } | null> {
  const value = model.services?.[service]?.depends_on
  if (Array.isArray(value)) return Object.fromEntries(value.map((name) => [name, null]))
  return value ?? {}
}

/** A container as the engine describes it, read once per poll. */
interface ContainerState {
  status: string
  exitCode: number
  /** The engine's health status: 'starting', 'healthy', 'unhealthy'; '' without a check. */
  health: string
  /** The check's command as `docker exec` runs it; null without a check. */
  check: string[] | null
  checkTimeoutMs: number
}

const STATE_TEMPLATE =
  '{{json .State}}\t{{json (index .Config "Healthcheck")}}\t{{json (index .Config "Shell")}}'

async function readStates(ids: readonly string[]): Promise<Map<string, ContainerState>> {
  const lines = await inspectContainers(ids, STATE_TEMPLATE)
  return new Map([...lines].map(([id, line]) => [id, parseState(line)]))
}

/** One line of STATE_TEMPLATE's output. */
export function parseState(line: string): ContainerState {
  const [state, healthcheck, shell] = line.split('\t').map((part) => JSON.parse(part || 'null') as unknown)
  const s = (state ?? {}) as { Status?: string; ExitCode?: number; Health?: { Status?: string } }
  const h = healthcheck as { Test?: string[]; Timeout?: number } | null
  return {
    status: s.Status ?? '',
    exitCode: s.ExitCode ?? 0,
    health: s.Health?.Status ?? '',
    check: checkCommand(h?.Test, Array.isArray(shell) ? (shell as string[]) : null),
    checkTimeoutMs: h?.Timeout ? h.Timeout / 1e6 : DEFAULT_CHECK_TIMEOUT_MS,
  }
}

/** A health check's test as the engine runs it: `CMD` as given, `CMD-SHELL` through the image's shell. */
export function checkCommand(test: string[] | undefined, shell: string[] | null): string[] | null {
  const [kind, ...rest] = test ?? []
  if (kind === 'CMD' && rest.length > 0) return rest
  if (kind === 'CMD-SHELL' && rest.length > 0) return [...(shell ?? ['/bin/sh', '-c']), rest.join(' ')]
  return null
}

export interface ReadyWait {
  /** Every container of the services just started, by id. */
  containers: Array<{ id: string; service: string }>
  /** Services whose containers are done once they exited with 0. */
  oneShot: Set<string>
  deadline: number
}

/**
 * Waits until every container is ready as `up --wait` would have it — healthy where it has a
 * health check (the engine said so, or the check's own test passed when run here), running where
 * it has none, exited with 0 where it is a one-shot job. Throws a one-line reason naming the
 * service that failed, exited or did not become ready in time.
 */
export async function waitUntilReady(wait: ReadyWait): Promise<void> {
  const pending = new Map(wait.containers.map((c) => [c.id, c.service]))
  for (;;) {
    const states = await readStates([...pending.keys()])
    await Promise.all(
      [...pending].map(async ([id, service]) => {
        const state = states.get(id)
        if (state && (await isReady(id, service, state, wait))) pending.delete(id)
      }),
    )
    if (pending.size === 0) return
    if (Date.now() > wait.deadline) {
      const names = [...new Set(pending.values())].map((s) => `'${s}'`).join(', ')
      throw new Error(`${names} did not become ready in time`)
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
  }
}

async function isReady(id: string, service: string, state: ContainerState, wait: ReadyWait) {
  if (state.status === 'exited' && state.exitCode === 0 && wait.oneShot.has(service)) return true
  if (state.status === 'exited' || state.status === 'dead')
    throw new Error(`service '${service}' exited with ${state.exitCode}`)
  if (state.health === 'unhealthy') throw new Error(`service '${service}' is unhealthy`)
  if (state.status !== 'running') return false
  if (!state.check || state.health === 'healthy') return true
  return checkPasses(id, state)
}

/** Runs the container's health check test once, as the engine would: passed when it exits with 0. */
async function checkPasses(id: string, state: ContainerState): Promise<boolean> {
  // A container that stops while probed is told by the next poll, not by the probe.
  return run('docker', ['exec', id, ...state.check!], { timeoutMs: state.checkTimeoutMs }).then(
    () => true,
    () => false,
  )
}
