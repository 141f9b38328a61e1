import path from 'node:path'
import { errorMessage, LoadgateError } from '../../../util/errors'
import { run } from '../../../util/exec'
import { majorVersion } from './engine'
import { missingPortMessage, type Publisher } from './port-hint'

/**
 * A compose file as Compose resolves it (`docker compose config --format json`: interpolation,
 * `extends`, `include`, .env): what the checks before any build read, and the images' names.
 */
export interface ComposeModel {
  services?: Record<string, ComposeService | null>
}

interface ComposeService {
  build?: unknown
  /** Compose resolves the list form to the map; both are read. */
  depends_on?: string[] | Record<string, { condition?: string } | null>
  ports?: Array<{ target?: number; published?: string | number }>
  healthcheck?: { start_interval?: string; disable?: boolean }
}

export async function readComposeModel(
  file: string,
  env: Record<string, string> = {},
): Promise<ComposeModel> {
  try {
    const { stdout } = await run('docker', ['compose', '-f', file, 'config', '--format', 'json'], {
      cwd: path.dirname(file),
      env,
      timeoutMs: 60_000,
    })
    return JSON.parse(stdout) as ComposeModel
  } catch (error) {
    throw new LoadgateError(`${path.basename(file)} cannot be read by docker compose: ${errorMessage(error)}`)
  }
}

/** Docker Engine's first version that knows a health check's `start_interval`. */
export const START_INTERVAL_ENGINE = 25

/**
 * What would fail only once the stacks start, said before anything is built: the settings error
 * for a `port` that `service` does not publish, or a health check's `start_interval` on an engine
 * older than 25 (Compose passes it on and the engine refuses it, in a garbled line). Null when fine.
 */
export function composeModelProblem(
  model: ComposeModel,
  options: { service: string; port: number; portInput?: string; file: string; engine: string | null },
): string | null {
  const services = model.services ?? {}
  const major = majorVersion(options.engine)
  const early = Object.entries(services).filter(
    ([, definition]) => definition?.healthcheck?.start_interval && !definition.healthcheck.disable,
  )
  if (early.length > 0 && major !== null && major < START_INTERVAL_ENGINE) {
    const names = early.map(([name]) => `'${name}'`).join(', ')
    return (
      `${options.file}: the health check of ${early.length === 1 ? 'service' : 'services'} ${names} sets ` +
      `start_interval, which needs Docker Engine ${START_INTERVAL_ENGINE} or later, and this engine is ` +
      `${options.engine}: remove start_interval (and keep interval short) or upgrade the engine`
    )
  }
  const service = services[options.service]
  if (service === undefined) return null
  const ports = service?.ports ?? []
  if (ports.some((p) => p.target === options.port)) return null
  const publishers: Publisher[] = ports.map((p) => ({ TargetPort: p.target }))
  return missingPortMessage(options.service, options.port, options.file, publishers, options.portInput)
}
