import { rename, rm, writeFile } from 'node:fs/promises'
import { checkTrialCount, readArtifactText } from './artifact-file'
import { errorMessage, LoadgateError } from '../util/errors'
import { resultsFileSchema, type ResultsFile } from './results'
import { firstIssue } from './validation'

/** Writes atomically (temporary file + rename): a full disk leaves the previous file intact. */
export async function writeJsonAtomic(file: string, document: unknown): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`
  try {
    await writeFile(temporary, `${JSON.stringify(document, null, 1)}\n`)
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOSPC' ? 'the disk is full' : errorMessage(error)
    throw new LoadgateError(`Cannot write ${file}: ${reason}`)
  }
}

export function writeResults(file: string, results: ResultsFile): Promise<void> {
  return writeJsonAtomic(file, results)
}

/**
 * Reads and validates a results file (another run's, so untrusted: bounded in size and trials);
 * a bad one is named with its first bad field.
 */
export async function readResults(file: string): Promise<ResultsFile> {
  const text = await readArtifactText(file)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new LoadgateError(`${file} is not a readable results file: ${errorMessage(error)}`)
  }
  return parseResults(file, raw)
}

/** A parsed document as a results file: at most MAX_TRIALS trials, then validated field by field. */
export function parseResults(file: string, raw: unknown): ResultsFile {
  checkTrialCount(file, raw)
  const parsed = resultsFileSchema.safeParse(raw)
  if (!parsed.success)
    throw new LoadgateError(`${file} is not a valid results file: ${firstIssue(parsed.error)}`)
  return parsed.data
}
