import { lstat, mkdir, open, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { LoadgateError } from '../util/errors'
import { printable } from './run-files'

/** A lock older than this is a writer that died without removing it (no write takes minutes). */
const STALE_MS = 10 * 60 * 1000

/** Takes the lock (an exclusive create: a symbolic link in its place is never followed); false when held. */
async function tryLock(lock: string): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx', 0o600)
    await handle.writeFile(`${process.pid} ${os.hostname()}\n`)
    await handle.close()
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  // Only by age: a holder that just finished could otherwise be judged gone while a new one holds the lock.
  const age = await lstat(lock).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  )
  if (age > STALE_MS) await rm(lock, { force: true })
  return false
}

/**
 * Runs `change` while holding `<file>.lock`: writers of one file on one machine (or one shared
 * file system) take turns, so none overwrites another's run. Waits up to `timeoutMs`.
 */
export async function withFileLock<T>(
  file: string,
  change: () => Promise<T>,
  timeoutMs = 120_000,
): Promise<T> {
  const lock = `${file}.lock`
  await mkdir(path.dirname(file), { recursive: true })
  const deadline = Date.now() + timeoutMs
  while (!(await tryLock(lock))) {
    if (Date.now() > deadline)
      throw new LoadgateError(
        `'${printable(lock, 300)}' has been held for over ${timeoutMs / 1000} s: another writer is stuck; ` +
          'remove the lock file if no loadgate runs on this history, and record again',
      )
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 90))
  }
  try {
    return await change()
  } finally {
    await rm(lock, { force: true })
  }
}
