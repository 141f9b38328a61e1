import { readArtifactText } from './artifact-file'
import { errorMessage, LoadgateError } from '../util/errors'
import { writeJsonAtomic } from './results-file'
import { comparisonSchema, type Comparison } from './comparison'
import { firstIssue } from './validation'

export function writeComparisonArtifact(comparison: Comparison, file: string): Promise<void> {
  return writeJsonAtomic(file, comparison)
}

/** Reads a comparison uploaded by a (possibly fork) run: untrusted, so bounded and validated field by field. */
export async function readComparisonArtifact(file: string): Promise<Comparison> {
  const text = await readArtifactText(file)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new LoadgateError(
      `Input 'report-file' is '${file}': expected a readable comparison.json (${errorMessage(error)})`,
    )
  }
  return parseComparisonArtifact(file, raw)
}

/** A parsed document as a comparison, validated field by field. */
export function parseComparisonArtifact(file: string, raw: unknown): Comparison {
  const parsed = comparisonSchema.safeParse(raw)
  if (!parsed.success) {
    throw new LoadgateError(
      `Input 'report-file' is '${file}': not a valid loadgate comparison (${firstIssue(parsed.error)})`,
    )
  }
  return parsed.data
}
