import { readFile } from 'node:fs/promises'
import { compareResults } from '../decide'
import { readComparisonArtifact } from '../model/comparison-file'
import { readResults } from '../model/results-file'
import type { Comparison } from '../model/types'
import { renderSummary } from '../report/markdown'
import type { Settings } from '../settings/types'
import { LoadgateError } from '../util/errors'
import { comparisonOutcome, publish, reportLinks, type BenchmarkOutcome, type ModeRun } from './run'

/** `mode: report` (workflow_run for fork PRs): posts an uploaded comparison; never runs the fork's code. */
export async function reportMode(run: ModeRun): Promise<BenchmarkOutcome> {
  const { settings, context, reporter, forge } = run
  const comparison = await readReportFile(settings)
  // The artifact is untrusted: it may only speak about the commit this workflow_run was triggered by.
  if (context.headSha && comparison.meta.head.sha !== context.headSha) {
    throw new LoadgateError(
      `Input 'report-file' describes commit ${comparison.meta.head.sha.slice(0, 12)}, ` +
        `but this workflow_run is for ${context.headSha.slice(0, 12)}: refusing to report it`,
    )
  }
  const links = reportLinks(run, comparison.benchmark, comparison)
  reporter.summary(renderSummary(comparison, links))
  const pullNumber = forge?.canPublish ? await forge.findPullRequest(comparison.meta.head.sha) : null
  const commentUrl = await publish(run, comparison, links, pullNumber)
  return comparisonOutcome(comparison, settings.reportFile, commentUrl, links)
}

/** A comparison.json, or a results.json (the comparison is then computed here, with this run's fail-on). */
async function readReportFile(settings: Settings): Promise<Comparison> {
  const isResults = await readFile(settings.reportFile, 'utf8')
    .then((text) => Array.isArray((JSON.parse(text) as { trials?: unknown }).trials))
    .catch(() => false)
  if (isResults) {
    return compareResults(await readResults(settings.reportFile), { failOn: settings.failOn })
  }
  const comparison = await readComparisonArtifact(settings.reportFile)
  // The verdict's consequences follow this workflow's fail-on, not the uploader's.
  return { ...comparison, blocking: settings.failOn.includes(comparison.verdict) }
}
