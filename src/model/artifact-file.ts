import { lstat, readFile } from 'node:fs/promises'
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

/** The file's text, refused in one line naming it, its size and the cap when it is over the cap. */
export async function readArtifactText(file: string): Promise<string> {
  let size: number
  try {
    // lstat: a symbolic link in a downloaded artifact is not followed to a file outside it.
    size = (await lstat(file)).size
  } catch (error) {
    throw new LoadgateError(`${file} cannot be read: ${errorMessage(error).split('\n')[0]}`)
  }
  if (size > MAX_ARTIFACT_BYTES) {
    throw new LoadgateError(
      `${file} is ${size} bytes (${formatBytes(size)}), over the ${MAX_ARTIFACT_BYTES}-byte ` +
        `(${formatBytes(MAX_ARTIFACT_BYTES)}) limit of an artifact file`,
    )
  }
  return readFile(file, 'utf8')
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
