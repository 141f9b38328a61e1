import type { GateResult, Permission, PullRequestResults } from '../forge'
import type { Acceptance } from '../model/acceptance'
import { escapeMarkdown } from '../report/escape'
import { LoadgateError } from '../util/errors'
import type { BenchmarkOutcome, ModeRun } from './run'

const MAY_ACCEPT: readonly Permission[] = ['admin', 'maintain', 'write']

/** Why a request is refused (a reply on the pull request), or the results it accepts. */
export type AcceptDecision = { refused: string } | { accept: GateResult[] }

/**
 * Whether `login` may accept, and what: every benchmark loadgate blocked on the current head. A
 * result that is not a block is named with why it cannot be accepted. Pure: the reply's text is
 * markdown, with every untrusted part escaped.
 */
export function decideAcceptance(
  request: { login: string; via: 'comment' | 'label'; reason: string },
  permission: Permission,
  pull: PullRequestResults,
  repository: string,
): AcceptDecision {
  const who = `@${escapeMarkdown(request.login)}`
  if (!MAY_ACCEPT.includes(permission))
    return {
      refused:
        `${who} cannot accept loadgate's result: accepting needs write access to ${escapeMarkdown(repository)}, ` +
        `and GitHub gives ${who} ${permission === 'none' ? 'no access' : `${permission} access`}.`,
    }
  if (!pull.open) return { refused: `${who}: this pull request is closed; there is nothing to accept.` }
  if (request.via === 'comment' && !request.reason)
    return {
      refused: `${who}: say why — \`/loadgate accept <reason>\`; the reason is kept with the acceptance.`,
    }
  const blocked = pull.results.filter((r) => r.state === 'failure')
  if (blocked.length > 0) return { accept: blocked }
  const sha = pull.headSha.slice(0, 7)
  const why = pull.results.map((r) => `- \`${escapeMarkdown(r.benchmark)}\`: ${notBlocked(r)}`)
  return {
    refused:
      `${who}: loadgate has not blocked ${sha}, the head of this pull request, so there is nothing to accept.` +
      (why.length ? `\n\n${why.join('\n')}` : ' It has posted no result here.'),
  }
}

function notBlocked(result: GateResult): string {
  switch (result.state) {
    case 'success':
      return 'passes already'
    case 'error':
      return 'the run was INVALID — fix the run and measure again; an invalid result cannot be accepted'
    case 'pending':
      return "no trusted result yet (a fork's own run is unverified) — start the trusted run first"
    default:
      return 'no result for this commit yet — the comment is about an earlier one'
  }
}

/**
 * `mode: accept` (issue_comment, or the accept label added): a maintainer accepts the blocked
 * result of a pull request's head with a reason. The gating status turns to success with who and
 * why, the sticky comment keeps the record; anyone without write access gets a reply saying why not.
 */
export async function acceptMode(run: ModeRun): Promise<BenchmarkOutcome> {
  const { settings, context, reporter, forge } = run
  if (!forge?.canPublish)
    throw new LoadgateError('mode accept needs the repository and a github-token that can set statuses')
  const outcome = (headline: string): BenchmarkOutcome => ({
    benchmark: '',
    verdict: null,
    blocking: false,
    headline,
    resultsFile: '',
    commentUrl: '',
    dashboardUrl: '',
  })
  const request = forge.acceptanceRequest(settings.acceptLabel)
  if (!request) {
    reporter.info(
      `Nothing to accept: this ${context.eventName || 'event'} is neither a '/loadgate accept <reason>' comment ` +
        `on a pull request nor the '${settings.acceptLabel}' label added to one`,
    )
    return outcome('nothing to accept')
  }
  const permission = await forge.permissionOf(request.login)
  const pull = await forge.pullRequestResults(request.pullNumber)
  const decision = decideAcceptance(request, permission, pull, context.repository)
  if ('refused' in decision) {
    const url = await forge.reply(request.pullNumber, decision.refused)
    reporter.warning(`Acceptance by ${request.login} refused on #${request.pullNumber}: ${url}`)
    return { ...outcome('acceptance refused'), commentUrl: url }
  }
  const at = new Date().toISOString()
  for (const result of decision.accept) {
    const acceptance: Acceptance = {
      by: request.login,
      at,
      reason: request.reason,
      via: request.via,
      headSha: pull.headSha,
      accepted: result.description.slice(0, 300),
    }
    await forge.markAccepted(result, acceptance)
    reporter.info(
      `${result.benchmark}: blocked result on ${pull.headSha.slice(0, 7)} accepted by ${request.login} (${permission}): ${request.reason}`,
    )
  }
  return {
    ...outcome(`accepted by ${request.login}: ${request.reason}`),
    benchmark: decision.accept.map((r) => r.benchmark).join(', '),
    commentUrl: decision.accept[0]!.commentUrl,
  }
}
