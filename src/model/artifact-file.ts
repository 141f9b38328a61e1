import { constants } from 'node:fs'
import { lstat, open } from 'node:fs/promises'
import { formatBytes } from './format'
import { errorMessage, LoadgateError } from '../util/errors'

// Every file another run uploaded (a fork's results.json or comparison.json, a segment job's
// results.json) is untrusted input: read only up to one bound, and never more trials than a run can have.

/** The one size cap of an artifact file: far above any real results.json or comparison.json. */
export const MAX_ARTIFACT_BYTES = 20 * 1024 * 1024

/**
 * The most trials one results file can hold: max-rounds is at most 200, and each round gives
 * every arm (two) one trial and, with fresh instances per round, one warm-up.
 */
export const MAX_TRIALS = 800

/**
 * The file's text, refused in one line naming it when it is not a regular file (a symbolic link in
 * a downloaded artifact is never followed to a file outside it) or is over the cap (its size and
 * the cap). The file opened is the one checked: opened without following a link, then compared.
 */
export async function readArtifactText(file: string): Promise<string> {
  const cannotRead = (error: unknown) => {
    const enoent = (error as NodeJS.ErrnoException).code === 'ENOENT'
    return new LoadgateError(
      `${file} cannot be read: ${enoent ? 'no such file' : errorMessage(error).split('\n')[0]}`,
    )
  }
  const linked = await lstat(file).catch((error: unknown) => {
    throw cannotRead(error)
  })
  refuseIrregular(file, linked)
  // O_NONBLOCK: a FIFO swapped in after the lstat cannot hang the open; the fstat below refuses it.
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error: unknown) => {
      throw (error as NodeJS.ErrnoException).code === 'ELOOP'
        ? notRegular(file, 'a symbolic link')
        : cannotRead(error)
    },
  )
  try {
    const opened = await handle.stat()
    refuseIrregular(file, opened)
    if (opened.ino !== linked.ino || opened.dev !== linked.dev)
      throw new LoadgateError(
        `${file} was replaced while it was read: expected an artifact file nothing changes`,
      )
    const size = opened.size
    if (size > MAX_ARTIFACT_BYTES) {
      throw new LoadgateError(
        `${file} is ${size} bytes (${formatBytes(size)}), over the ${MAX_ARTIFACT_BYTES}-byte ` +
          `(${formatBytes(MAX_ARTIFACT_BYTES)}) limit of an artifact file`,
      )
    }
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

function notRegular(file: string, what: string): LoadgateError {
  return new LoadgateError(
    `${file} is ${what}: expected a regular file (an artifact's links are never followed)`,
  )
}

function refuseIrregular(file: string, info: { isFile(): boolean; isSymbolicLink(): boolean }): void {
  if (info.isSymbolicLink()) throw notRegular(file, 'a symbolic link')
  if (!info.isFile()) throw notRegular(file, 'not a regular file')
}

/** Refuses a document with more trials than any run measures, before validating them one by one. */
export function checkTrialCount(file: string, document: unknown): void {
  const trials = (document as { trials?: unknown } | null)?.trials
  if (Array.isArray(trials) && trials.length > MAX_TRIALS) {
    throw new LoadgateError(
      `${file} holds ${trials.length} trials, over the limit of ${MAX_TRIALS} (max-rounds 200, two arms, a warm-up each)`,
    )
  }
}
