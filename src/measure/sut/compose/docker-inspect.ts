import { run } from '../../../util/exec'

const INSPECT_TIMEOUT_MS = 30_000

/**
 * `docker inspect` of containers with a Go template, one line each: what the template printed, by
 * the id given (full or short). An id the engine does not know fails the whole call, as
 * `docker inspect` does.
 */
export async function inspectContainers(
  ids: readonly string[],
  template: string,
  timeoutMs = INSPECT_TIMEOUT_MS,
): Promise<Map<string, string>> {
  const byId = new Map<string, string>()
  if (ids.length === 0) return byId
  const { stdout } = await run('docker', ['inspect', '--format', `{{.Id}} ${template}`, ...ids], {
    timeoutMs,
  })
  for (const line of stdout.split('\n')) {
    const space = line.indexOf(' ')
    if (space < 0) continue
    const full = line.slice(0, space)
    const id = ids.find((candidate) => full.startsWith(candidate))
    if (id) byId.set(id, line.slice(space + 1))
  }
  return byId
}
