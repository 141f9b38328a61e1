import { LoadgateError } from '../../../util/errors'
import { run } from '../../../util/exec'
import { inspectContainers } from './docker-inspect'

const UPDATE_TIMEOUT_MS = 30_000

/**
 * Puts a stack's containers on `cpus` (`docker update --cpuset-cpus`, checked back through
 * `docker inspect`), and with them the Docker proxy processes that carry the requests to their
 * published ports on loopback (`taskset`), so that all of an arm's work runs where its load does.
 * An engine without a userland proxy has none, and nothing else is needed.
 */
export async function confineStack(containerIds: string[], cpus: string, hostPorts: number[]): Promise<void> {
  await run('docker', ['update', '--cpuset-cpus', cpus, ...containerIds], { timeoutMs: UPDATE_TIMEOUT_MS })
  const applied = await inspectContainers(containerIds, '{{.HostConfig.CpusetCpus}}', UPDATE_TIMEOUT_MS)
  const wrong = [...applied.values()].find((value) => value.trim() !== cpus)
  if (wrong !== undefined)
    throw new LoadgateError(`docker update --cpuset-cpus ${cpus} left a container on CPUs '${wrong.trim()}'`)
  for (const port of hostPorts) {
    const proxies = await run('pgrep', ['-f', `docker-proxy .*-host-port ${port}( |$)`], {
      allowExitCodes: [1],
    })
    for (const pid of proxies.stdout.split('\n').filter(Boolean))
      await run('taskset', ['-a', '-p', '-c', cpus, pid], { timeoutMs: UPDATE_TIMEOUT_MS })
  }
}
