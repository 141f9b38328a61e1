import { run } from '../../../util/exec'

const LISTING_TIMEOUT_MS = 30_000

/** A container as a start left it: what sampling, profiling and pausing an arm need. */
export interface StartedContainer {
  id: string
  service: string
  name: string
  state: string
}

/**
 * A Compose project's containers (not one-off `run` ones), through `docker ps` and the labels
 * Compose gives them: what a start needs of `docker compose ps` in a sixth of its time, paid at
 * every level of every renewal.
 */
export async function projectContainers(project: string): Promise<StartedContainer[]> {
  const label = (name: string) => `{{.Label "com.docker.compose.${name}"}}`
  const { stdout } = await run(
    'docker',
    [
      'ps',
      '--all',
      '--no-trunc',
      '--filter',
      `label=com.docker.compose.project=${project}`,
      '--format',
      `{{.ID}}\t${label('service')}\t${label('oneoff')}\t{{.Names}}\t{{.State}}`,
    ],
    { timeoutMs: LISTING_TIMEOUT_MS },
  )
  return stdout
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([id, , oneoff]) => id && oneoff !== 'True')
    .map(([id, service, , name, state]) => ({ id: id!, service: service!, name: name!, state: state! }))
}

/** The host port a container publishes its TCP `port` on (`docker port`); null when it publishes none. */
export async function publishedPort(id: string, port: number): Promise<string | null> {
  const { stdout } = await run('docker', ['port', id, `${port}/tcp`], {
    timeoutMs: LISTING_TIMEOUT_MS,
  }).catch(() => ({ stdout: '' }))
  const hostPort = /:(\d+)\s*$/.exec(stdout.split('\n')[0] ?? '')?.[1]
  return hostPort && hostPort !== '0' ? hostPort : null
}
