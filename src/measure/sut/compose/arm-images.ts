import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { errorMessage } from '../../../util/errors'
import { run } from '../../../util/exec'
import { readComposeModel } from './compose-model'

/**
 * The image each service the arm builds is tagged with: named after the arm, not the Compose
 * project, so the arm's stack can run in either slot's project (`up --no-build`) without building
 * again or picking up the other arm's build.
 */
export function armImageNames(config: unknown, prefix: string): Record<string, string> {
  const services = (config as { services?: Record<string, { build?: unknown }> } | null)?.services ?? {}
  const names: Record<string, string> = {}
  for (const [service, definition] of Object.entries(services)) {
    if (definition?.build === undefined) continue
    names[service] = `${prefix}-${service.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-')}`
  }
  return names
}

/** The override file that gives the arm's built services their images' names (JSON is YAML). */
export function imageOverride(images: Record<string, string>): string {
  return JSON.stringify({
    services: Object.fromEntries(Object.entries(images).map(([service, image]) => [service, { image }])),
  })
}

/**
 * Reads the arm's compose model as Compose resolves it (extends, .env) and writes the override
 * naming its built images; returns the override's path and the image names, removed with `remove`.
 */
export async function writeImageOverride(
  file: string,
  prefix: string,
  env: Record<string, string> = {},
): Promise<{ overrideFile: string; images: string[]; remove: () => Promise<void> }> {
  const names = armImageNames(await readComposeModel(file, env), prefix)
  const overrideFile = path.join(os.tmpdir(), `${prefix}${OVERRIDE_SUFFIX}`)
  await writeFile(overrideFile, imageOverride(names))
  return {
    overrideFile,
    images: Object.values(names),
    remove: () => rm(overrideFile, { force: true }),
  }
}

const OVERRIDE_SUFFIX = '.images.json'

/** Whether `file` is one of the override files writeImageOverride writes (a run's name, in the temp folder). */
export function isImageOverrideFile(file: string): boolean {
  const name = path.basename(file)
  return path.dirname(file) === os.tmpdir() && name.startsWith('loadgate-') && name.endsWith(OVERRIDE_SUFFIX)
}

/** Removes one of an arm's images; one already gone is not an error. */
export async function removeImage(image: string): Promise<void> {
  await run('docker', ['image', 'rm', '--force', image], { timeoutMs: 120_000, cleanup: true }).catch(
    (error: unknown) => {
      if (!/No such image/i.test(errorMessage(error))) throw error
    },
  )
}
