import { readFile, stat } from 'node:fs/promises'
import { errorMessage, LoadgateError } from '../../util/errors'
import type { Octokit } from './client'
import { writeJsonAtomic } from '../../model/results-file'
import { comparisonSchema, firstIssue } from '../../model/schema'
import type { Comparison } from '../../model/types'

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
  return parsed.data as Comparison
}

/** The open pull request whose head is `sha` (fork PRs included), or null. */
export async function findPullRequestForSha(
  octokit: Octokit,
  owner: string,
  repo: string,
  sha: string,
): Promise<number | null> {
  const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
    owner,
    repo,
    commit_sha: sha,
  })
  const match =
    data.find((pr) => pr.head.sha === sha && pr.state === 'open') ?? data.find((pr) => pr.head.sha === sha)
  return match?.number ?? null
}
