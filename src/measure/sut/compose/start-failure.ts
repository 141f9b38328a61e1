import { run } from '../../../util/exec'

/** A container as `docker compose ps` lists it: what tells why a start failed. */
interface ContainerSeen {
  id: string
  service: string
  state: string
  health: string
  exitCode: number
}

const COMPOSE_WARNING = /time="[^"]*" level=warning msg="(?:[^"\\]|\\.)*"\s*(?:\| )?/g

/**
 * Why a stack did not start, in one line: the failing service, its health output and last log
 * lines (`logsOf`), or Compose's own error where no container shows the cause.
 */
export async function startFailure(
  composeError: string,
  containers: readonly ContainerSeen[],
  logsOf: (service: string) => Promise<string>,
): Promise<string> {
  // The root cause first: an unhealthy or exited service, not one still waiting on it.
  const failing =
    containers.find((c) => c.health === 'unhealthy') ??
    containers.find((c) => c.state === 'exited' || c.state === 'dead') ??
    containers.find((c) => c.state === 'running' && c.health && c.health !== 'healthy') ??
    containers.find((c) => c.state !== 'running')
  // Compose's own warnings (`time=… level=warning msg=…`) would push the cause out of a status line.
  if (!failing) return composeError.replace(COMPOSE_WARNING, '').replace(/\s+/g, ' ')
  const healthLog = await lastHealthOutput(failing.id)
  const logs = await logsOf(failing.service)
  const state =
    failing.state === 'exited' ? `exited with ${failing.exitCode}` : failing.health || failing.state
  return [
    `service '${failing.service}' is ${state}`,
    healthLog && `health check: ${healthLog.replace(/\s+/g, ' ')}`,
    logs && `logs: ${logs}`,
  ]
    .filter(Boolean)
    .join('; ')
}

/** The output of the container's last health check, as the engine kept it; '' when there is none. */
async function lastHealthOutput(id: string): Promise<string> {
  const health = await run('docker', ['inspect', '--format', '{{json .State.Health}}', id], {
    timeoutMs: 30_000,
  }).catch(() => null)
  try {
    const parsed = JSON.parse(health?.stdout ?? 'null') as { Log?: Array<{ Output: string }> } | null
    return parsed?.Log?.at(-1)?.Output.trim() ?? ''
  } catch {
    return ''
  }
}
