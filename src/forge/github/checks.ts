import type { Comparison } from '../../model/types'
import { withoutControlCharacters } from '../../util/control-characters'
import type { Octokit } from './client'
import { repoOf, type PublishContext } from './publish-context'

// The check run `loadgate · <benchmark>` on the head: the report in the pull request's Checks tab
// (the comment's headline as its title, its body as the summary) with a conclusion that tells an
// undecided run from an approval. It sits beside the commit status `loadgate/<benchmark>`, which
// stays what branch protection requires; an acceptance turns both to success. A token without
// `checks: write` gets the status alone. A fork's unverified result never writes one.

export type CheckConclusion = 'success' | 'failure' | 'neutral'

/** What a check run shows once complete. */
export interface CheckReport {
  conclusion: CheckConclusion
  title: string
  summary: string
}

/** The check run's name: not the status's context, so a required status matches one thing only. */
export function checkRunName(benchmark: string): string {
  return `loadgate · ${benchmark}`
}

/** GitHub's limit for a check run's summary. */
export const SUMMARY_LIMIT = 65_535
/** A title the Checks tab shows whole. */
export const TITLE_LIMIT = 255

const UNDECIDED = new Set(['INCONCLUSIVE', 'LIKELY_OVER_DELTA'])

/** Whether the run could not decide: neither a change nor its absence was shown. */
export function isUndecided(comparison: Pick<Comparison, 'verdict'>): boolean {
  return UNDECIDED.has(comparison.verdict)
}

/**
 * `fail-on` decides what fails; of what passes, only a shown absence of regression (or an
 * improvement) is `success`: an undecided run, a head measured alone, a tolerated regression or
 * invalid run are `neutral`. Nothing gated is no verdict: `failure`, as its status is `error`.
 */
export function checkConclusion(comparison: Pick<Comparison, 'verdict' | 'blocking'>): CheckConclusion {
  if (comparison.blocking || comparison.verdict === 'NOTHING_GATED') return 'failure'
  return comparison.verdict === 'NO_CHANGE' || comparison.verdict === 'IMPROVEMENT' ? 'success' : 'neutral'
}

/** Untrusted text as a title: one line, no control characters, at most TITLE_LIMIT. */
export function checkTitle(text: string): string {
  const line = withoutControlCharacters(text.trim().split(/\r?\n/)[0] ?? '').trim()
  return line.length <= TITLE_LIMIT ? line : `${line.slice(0, TITLE_LIMIT - 1)}…`
}

const CUT_NOTE =
  '\n\n_The report was cut here: the Checks API keeps 65,535 characters; the comment and the job summary have it whole._\n'

/** Markdown within the summary limit: cut at a line break with a note when it is longer. */
export function checkSummary(markdown: string): string {
  if (markdown.length <= SUMMARY_LIMIT) return markdown
  const kept = markdown.slice(0, SUMMARY_LIMIT - CUT_NOTE.length)
  return `${kept.slice(0, Math.max(0, kept.lastIndexOf('\n')))}${CUT_NOTE}`
}

/** The comparison's report: its conclusion, its headline, and the comment's body without its marker line. */
export function comparisonCheck(comparison: Comparison, comment: string): CheckReport {
  return {
    conclusion: checkConclusion(comparison),
    title: checkTitle(comparison.headline),
    summary: checkSummary(comment.slice(comment.indexOf('\n') + 1)),
  }
}

/** This run's check run of `benchmark` on the head (its `external_id` is the run id), or undefined. */
async function ownCheckRun(ctx: PublishContext, benchmark: string) {
  const runs = await ctx.octokit.paginate(ctx.octokit.rest.checks.listForRef, {
    ...repoOf(ctx),
    ref: ctx.headSha,
    check_name: checkRunName(benchmark),
    per_page: 100,
  })
  return runs.find((run) => ctx.runId !== undefined && run.external_id === ctx.runId)
}

const detailsOf = (ctx: PublishContext) => (ctx.targetUrl ? { details_url: ctx.targetUrl } : {})

/** Starts the benchmark's check run, in progress, for this run; returns its id. */
export async function startCheckRun(ctx: PublishContext, benchmark: string, title: string): Promise<number> {
  const { data } = await ctx.octokit.rest.checks.create({
    ...repoOf(ctx),
    name: checkRunName(benchmark),
    head_sha: ctx.headSha,
    status: 'in_progress',
    ...(ctx.runId ? { external_id: ctx.runId } : {}),
    ...detailsOf(ctx),
    output: { title: checkTitle(title), summary: checkTitle(title) },
  })
  return data.id
}

/** Completes this run's check run of `benchmark` (the one it started, else a new one). */
export async function finishCheckRun(
  ctx: PublishContext,
  benchmark: string,
  report: CheckReport,
): Promise<void> {
  const fields = {
    conclusion: report.conclusion,
    output: { title: checkTitle(report.title), summary: checkSummary(report.summary) },
    ...detailsOf(ctx),
  }
  const own = await ownCheckRun(ctx, benchmark)
  if (own) {
    await ctx.octokit.rest.checks.update({
      ...repoOf(ctx),
      check_run_id: own.id,
      status: 'completed',
      ...fields,
    })
    return
  }
  await ctx.octokit.rest.checks.create({
    ...repoOf(ctx),
    name: checkRunName(benchmark),
    head_sha: ctx.headSha,
    status: 'completed',
    ...(ctx.runId ? { external_id: ctx.runId } : {}),
    ...fields,
  })
}

/**
 * Turns this run's check run of `benchmark` to failure with `reason` while it is still in
 * progress (the run was stopped before its verdict); a completed one stays. Returns whether it did.
 */
export async function failUnfinishedCheckRun(
  ctx: PublishContext,
  benchmark: string,
  reason: string,
): Promise<boolean> {
  const own = await ownCheckRun(ctx, benchmark)
  if (own?.status !== 'in_progress' && own?.status !== 'queued') return false
  const title = checkTitle(reason)
  await ctx.octokit.rest.checks.update({
    ...repoOf(ctx),
    check_run_id: own.id,
    status: 'completed',
    conclusion: 'failure',
    output: { title, summary: title },
  })
  return true
}

/**
 * An accepted result in the Checks tab, as on its status: the benchmark's newest completed check
 * run on `headSha` turned to `success` with the acceptance as its title and the accepted comment
 * as its summary; a new one where the blocked run wrote none. Returns whether it did: a token
 * without `checks: write` leaves the check run as it was, and the status alone says it.
 */
export async function markCheckRunAccepted(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  target: { headSha: string; benchmark: string; commentUrl: string },
  report: Omit<CheckReport, 'conclusion'>,
): Promise<boolean> {
  const output = { title: checkTitle(report.title), summary: checkSummary(report.summary) }
  try {
    const runs = await octokit.paginate(octokit.rest.checks.listForRef, {
      ...repo,
      ref: target.headSha,
      check_name: checkRunName(target.benchmark),
      status: 'completed',
      per_page: 100,
    })
    const newest = runs.reduce<(typeof runs)[number] | null>((a, b) => (a && a.id > b.id ? a : b), null)
    if (newest)
      await octokit.rest.checks.update({ ...repo, check_run_id: newest.id, conclusion: 'success', output })
    else
      await octokit.rest.checks.create({
        ...repo,
        name: checkRunName(target.benchmark),
        head_sha: target.headSha,
        status: 'completed',
        conclusion: 'success',
        details_url: target.commentUrl,
        output,
      })
    return true
  } catch {
    // The status and the comment already say it: the acceptance stands without its check run.
    return false
  }
}
