import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'yaml'
import { LoadgateError, SettingsError } from '../../../util/errors'
import type { Git } from '../../../util/git'

/** A `ports:` entry that binds a fixed host port. */
export interface FixedPort {
  service: string
  /** The entry as written, e.g. '8080:8080'. */
  entry: string
}

/**
 * The host port a short-syntax entry binds ('' when Docker picks one): `C`, `H:C`, `IP:H:C`, `IP::C`.
 * An interpolation is one part, whatever its default says (`${PORT:-8080}` is a container port).
 */
function publishedOf(entry: string): string {
  const parts = entry
    .replace(/\$\{[^}]*\}/g, (variable) => variable.replace(/:/g, ''))
    .replace(/\/(tcp|udp|sctp)$/, '')
    .split(':')
  if (parts.length === 2) return parts[0]!
  if (parts.length >= 3) return parts.at(-2)!
  return ''
}

/** The container port of a short-syntax entry: '8090' of '127.0.0.1:8090:8090/tcp'. */
function containerPortOf(entry: string): string {
  return entry
    .replace(/\/(tcp|udp|sctp)$/, '')
    .split(':')
    .at(-1)!
}

/** Every fixed host port of a compose file; unreadable YAML is left for Compose to report. */
export function fixedHostPorts(composeYaml: string): FixedPort[] {
  let document: unknown
  try {
    document = parse(composeYaml)
  } catch {
    return []
  }
  const services = (document as { services?: unknown } | null)?.services
  if (!services || typeof services !== 'object') return []
  const found: FixedPort[] = []
  for (const [service, definition] of Object.entries(services as Record<string, unknown>)) {
    const ports = (definition as { ports?: unknown } | null)?.ports
    if (!Array.isArray(ports)) continue
    for (const port of ports as unknown[]) {
      if (typeof port === 'string' || typeof port === 'number') {
        const published = publishedOf(String(port))
        if (published && published !== '0') found.push({ service, entry: String(port) })
      } else if (port && typeof port === 'object') {
        const { published, target } = port as { published?: unknown; target?: unknown }
        if (
          published !== undefined &&
          published !== null &&
          String(published) !== '' &&
          String(published) !== '0'
        )
          found.push({ service, entry: `${String(published)}:${String(target)}` })
      }
    }
  }
  return found
}

/**
 * Checks the compose file of the head checkout and of the base commit before either arm starts, so
 * neither arm is built for a run the other cannot make: it must exist in both, and bind no fixed
 * host port (both arms run at once, so the second could not bind it).
 */
export async function checkComposeFiles(options: {
  git: Git
  workspace: string
  composeFile: string
  baseSha?: string
  /** The base may lack the file: it borrows the head's (which is checked). */
  baseMayLack?: boolean
}): Promise<void> {
  const { git, workspace, composeFile, baseSha } = options
  const trees: Array<{ where: string; text: string | null }> = [
    {
      where: 'the checkout',
      text: await readFile(path.join(workspace, composeFile), 'utf8').catch(() => null),
    },
  ]
  if (baseSha) {
    const spec = `${baseSha}:${composeFile.split(path.sep).join('/')}`
    const text = await git.tryRun(['show', spec])
    if (text !== null || !options.baseMayLack)
      trees.unshift({ where: `the base commit ${baseSha.slice(0, 12)}`, text })
  }
  const missing = trees.find(({ text }) => text === null)
  if (missing)
    throw new LoadgateError(`Input 'compose-file' is '${composeFile}': no such file in ${missing.where}`)
  const findings = trees.flatMap(({ where, text }) => {
    const fixed = text === null ? [] : fixedHostPorts(text)
    return fixed.length
      ? [`${fixed.map((f) => `service '${f.service}' '${f.entry}'`).join(', ')} in ${where}`]
      : []
  })
  if (findings.length === 0) return
  const example = trees.flatMap(({ text }) => (text === null ? [] : fixedHostPorts(text)))[0]!
  throw new SettingsError(
    `Input 'compose-file' (${composeFile}) binds a fixed host port: ${findings.join('; ')}; ` +
      `publish the container port without a host port (ports: ["${containerPortOf(example.entry)}"]) — ` +
      'both arms run at once and each gets a free host port',
  )
}
