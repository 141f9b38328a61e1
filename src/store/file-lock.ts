import { lstat, open, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import { LoadgateError } from '../util/errors'
import { printable } from './run-files'

/** A lock older than this is a writer that died without removing it (no write takes minutes). */
const STALE_MS = 10 * 60 * 1000

/** Whether the holder named in a lock file is gone: a process of this machine that no longer runs. */
function holderIsGone(holder: string): boolean {
  const [pid = '', host = ''] = holder.split(' ')
  if (host !== os.hostname() || !/^\d+$/.test(pid)) return false
  try {
    process.kill(Number(pid), 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

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
  const holder = await readFile(lock, 'utf8').catch(() => '')
  const age = await lstat(lock).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  )
  if (holderIsGone(holder.trim()) || age > STALE_MS) await rm(lock, { force: true })
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
