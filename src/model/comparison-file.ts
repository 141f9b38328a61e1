import { readFile, stat } from 'node:fs/promises'
import { errorMessage, LoadgateError } from '../util/errors'
import { writeJsonAtomic } from './results-file'
import { comparisonSchema, type Comparison } from './comparison'
import { firstIssue } from './validation'

const MAX_ARTIFACT_BYTES = 20 * 1024 * 1024

export function writeComparisonArtifact(comparison: Comparison, file: string): Promise<void> {
  return writeJsonAtomic(file, comparison)
}

/** Reads a comparison uploaded by a (possibly fork) run: untrusted, so bounded and validated field by field. */
export async function readComparisonArtifact(file: string): Promise<Comparison> {
  let raw: unknown
  try {
    const size = (await stat(file)).size
    if (size > MAX_ARTIFACT_BYTES)
      throw new Error(`${size} bytes is over the ${MAX_ARTIFACT_BYTES}-byte limit`)
    raw = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new LoadgateError(
      `Input 'report-file' is '${file}': expected a readable comparison.json (${errorMessage(error)})`,
    )
  }
  const parsed = comparisonSchema.safeParse(raw)
  if (!parsed.success) {
    throw new LoadgateError(
      `Input 'report-file' is '${file}': not a valid loadgate comparison (${firstIssue(parsed.error)})`,
    )
  }
  return parsed.data
}
