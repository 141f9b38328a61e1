import { createHash } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/**
 * The CLI's default work folder: one per repository in the system's temporary folder, so results
 * never show up in `git status` or in the Docker build context of the head.
 */
export function defaultWorkDir(repositoryRoot: string): string {
  const name = path.basename(repositoryRoot).replace(/[^A-Za-z0-9._-]/g, '_')
  const hash = createHash('sha256').update(repositoryRoot).digest('hex').slice(0, 8)
  return path.join(os.tmpdir(), `loadgate-${name}-${hash}`)
}

/** Empties the default work folder so a run never sees the files of the previous one. */
export async function startClean(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
}
