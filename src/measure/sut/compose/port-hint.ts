/** One published port of a running container, as `docker compose ps --format json` lists it. */
export interface Publisher {
  TargetPort?: number
  PublishedPort?: number
}

/**
 * The settings error for a `port` that `service` does not publish: which container ports it does
 * publish and the fix that fits — the port input when the service publishes others, else a
 * `ports:` entry that lets Docker pick the host port (both arms run at once, so never a fixed one).
 */
export function missingPortMessage(
  service: string,
  port: number,
  file: string,
  publishers: Publisher[],
  input = 'port',
): string {
  const published = [...new Set(publishers.map((p) => p.TargetPort).filter((p): p is number => Boolean(p)))]
  const ask = `Input '${input}' is ${port}, but service '${service}' in ${file}`
  if (published.length === 0)
    return `${ask} publishes no port: add \`ports: ["${port}"]\` (the container port only) to it`
  const list = published.join(', ')
  const use = published.length === 1 ? `set port to ${published[0]}` : `set port to one of them`
  return `${ask} publishes container port${published.length === 1 ? '' : 's'} ${list}: ${use}, or publish ${port} with \`ports: ["${port}"]\``
}
