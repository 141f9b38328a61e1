import { createHash } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** How many earlier runs the default work folder keeps beside the newest. */
export const EARLIER_RUNS_KEPT = 5

/**
 * The CLI's default work folder: one per repository in the system's temporary folder, so results
 * never show up in `git status` or in the Docker build context of the head.
 */
export function defaultWorkDir(repositoryRoot: string): string {
  const name = path.basename(repositoryRoot).replace(/[^A-Za-z0-9._-]/g, '_')
  const hash = createHash('sha256').update(repositoryRoot).digest('hex').slice(0, 8)
  return path.join(os.tmpdir(), `loadgate-${name}-${hash}`)
}

/** Where the default work folder's earlier runs are kept, newest last by name. */
export function earlierRunsDir(dir: string): string {
  return `${dir}-earlier`
}

/**
 * Clears the default work folder so a run never sees the files of the previous one: the previous
 * run is moved to `<dir>-earlier/<when it ran>/` (the newest EARLIER_RUNS_KEPT are kept), so its
 * report.html is still there; returns that folder, or null when there was nothing to keep.
 */
export async function startClean(dir: string): Promise<string | null> {
  const entries = await readdir(dir).catch(() => [] as string[])
  let kept: string | null = null
  if (entries.length > 0) {
    const ran = (await stat(dir)).mtime.toISOString().replace(/[:.]/g, '-')
    kept = path.join(earlierRunsDir(dir), ran)
    await mkdir(earlierRunsDir(dir), { recursive: true })
    await rm(kept, { recursive: true, force: true })
    await rename(dir, kept)
    const runs = (await readdir(earlierRunsDir(dir))).sort()
    for (const old of runs.slice(0, Math.max(0, runs.length - EARLIER_RUNS_KEPT)))
      await rm(path.join(earlierRunsDir(dir), old), { recursive: true, force: true })
  }
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  return kept
}
