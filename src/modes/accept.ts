import type {
  AcceptanceHistory,
  AcceptanceRequest,
  GateResult,
  Permission,
  PullRequestResults,
  RepositoryRole,
} from '../forge'
import type { Acceptance } from '../model/acceptance'
import { escapeMarkdown } from '../report/escape'
import { LoadgateError } from '../util/errors'
import { MIN_NAMED_DIGITS, notWhatWasSeen } from './accept-seen'
import { outcomeWithoutVerdict, type BenchmarkOutcome, type ModeRun } from './mode-context'

const MAY_ACCEPT: readonly Permission[] = ['admin', 'maintain', 'write']

/** Why a request is refused (a reply on the pull request), or the results it accepts. */
export type AcceptDecision = { refused: string } | { accept: GateResult[] }

/**
 * Whether `login` may accept, and what: every benchmark loadgate blocked on the current head, as
 * long as that head's result is the one the requester saw. A result that is not a block is named
 * with why it cannot be accepted. Pure: the reply's text is markdown, every untrusted part escaped.
 */
export function decideAcceptance(
  request: Pick<AcceptanceRequest, 'login' | 'via' | 'reason' | 'seen'>,
  role: RepositoryRole,
  pull: PullRequestResults,
  repository: string,
  /** What a comment naming no full sha is checked against (read only for such a comment). */
  history: AcceptanceHistory = NO_HISTORY,
): AcceptDecision {
  const who = `@${escapeMarkdown(request.login)}`
  if (!MAY_ACCEPT.includes(role.permission))
    return {
      refused:
        `${who} cannot accept loadgate's result: accepting needs write access to ${escapeMarkdown(repository)}, ` +
        `and GitHub gives ${who} ${accessWords(role)}.`,
    }
  if (!pull.open) return { refused: `${who}: this pull request is closed; there is nothing to accept.` }
  if (request.via === 'comment' && !request.reason)
    return {
      refused: `${who}: say why — \`/loadgate accept <reason>\`; the reason is kept with the acceptance.`,
    }
  const blocked = pull.results.filter((r) => r.state === 'failure')
  const unseen = blocked.length > 0 ? notWhatWasSeen(request.seen, pull.headSha, blocked, history) : null
  if (unseen) return { refused: `${who}: ${unseen}` }
  if (blocked.length > 0) return { accept: blocked }
  const sha = pull.headSha.slice(0, 7)
  const why = pull.results.map((r) => `- \`${escapeMarkdown(r.benchmark)}\`: ${notBlocked(r)}`)
  return {
    refused:
      `${who}: loadgate has not blocked ${sha}, the head of this pull request, so there is nothing to accept.` +
      (why.length ? `\n\n${why.join('\n')}` : ' It has posted no result here.'),
  }
}

export { MIN_NAMED_DIGITS }

const NO_HISTORY: AcceptanceHistory = { forcePushes: [], commits: [], elsewhere: [] }

/** Whether the request needs the pull request's history: a comment that names no full sha. */
export function needsHistory(seen: AcceptanceRequest['seen']): boolean {
  return seen.at !== undefined && (seen.headSha ?? '').length !== 40
}

function accessWords(role: RepositoryRole): string {
  const access = role.permission === 'none' ? 'no access' : `${role.permission} access`
  return role.name && role.name !== role.permission
    ? `the role '${escapeMarkdown(role.name)}' (${access})`
    : access
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
 * why, the sticky comment keeps the record. A refused request by someone who may accept gets a
 * reply saying why; anyone without write access gets none (the log says why).
 */
export async function acceptMode(run: ModeRun): Promise<BenchmarkOutcome> {
  const { settings, context, reporter, forge } = run
  if (!forge?.canPublish)
    throw new LoadgateError('mode accept needs the repository and a github-token that can set statuses')
  const outcome = (headline: string) => outcomeWithoutVerdict('', headline)
  const request = forge.acceptanceRequest(settings.acceptLabel)
  if (!request) {
    reporter.info(
      `Nothing to accept: this ${context.eventName || 'event'} is neither a '/loadgate accept <reason>' comment ` +
        `on a pull request nor the '${settings.acceptLabel}' label added to one`,
    )
    return outcome('nothing to accept')
  }
  const role = await forge.permissionOf(request.login)
  const pull = await forge.pullRequestResults(request.pullNumber)
  const mayAccept = MAY_ACCEPT.includes(role.permission)
  // Read only for someone who may accept: anyone else's request costs no more than the refusal.
  const history =
    mayAccept && needsHistory(request.seen)
      ? await forge.acceptanceHistory(
          request.pullNumber,
          pull.headSha,
          pull.results.map((r) => r.benchmark),
        )
      : undefined
  const seen =
    mayAccept && request.via === 'label'
      ? {
          ...request.seen,
          labelledAt: await forge.labelledAt(request.pullNumber, settings.acceptLabel, request.login),
        }
      : request.seen
  const decision = decideAcceptance({ ...request, seen }, role, pull, context.repository, history)
  if ('refused' in decision) {
    // Only users who may accept get an answer: a reply to anyone who types the command would let
    // anyone make loadgate's token write on the pull request.
    if (!mayAccept) {
      reporter.info(
        `'/loadgate accept' by ${request.login} on #${request.pullNumber} ignored: ${role.permission} access, ` +
          'accepting needs write (no reply)',
      )
      return outcome('acceptance ignored')
    }
    return refuse(run, request, decision.refused)
  }
  return acceptResults(run, request, role, pull, decision.accept)
}

async function refuse(run: ModeRun, request: AcceptanceRequest, why: string): Promise<BenchmarkOutcome> {
  const url = await run.forge!.reply(request.pullNumber, why)
  run.reporter.warning(`Acceptance by ${request.login} refused on #${request.pullNumber}: ${url}`)
  return { ...outcomeWithoutVerdict('', 'acceptance refused'), commentUrl: url }
}

/**
 * Each blocked result turned to success, each checked again just before it is written: one that
 * changed since the decision (a new run, a push) is refused with a reply, nothing written for it.
 */
async function acceptResults(
  run: ModeRun,
  request: AcceptanceRequest,
  role: RepositoryRole,
  pull: PullRequestResults,
  accept: GateResult[],
): Promise<BenchmarkOutcome> {
  const at = new Date().toISOString()
  for (const result of accept) {
    const acceptance: Acceptance = {
      by: request.login,
      at,
      reason: request.reason,
      via: request.via,
      headSha: pull.headSha,
      accepted: result.description.slice(0, 300),
    }
    const changed = await run.forge!.markAccepted(request.pullNumber, result, acceptance)
    if (changed)
      return refuse(
        run,
        request,
        `@${escapeMarkdown(request.login)}: ${changed}: nothing ${accept.indexOf(result) > 0 ? 'more ' : ''}was ` +
          `accepted. Look at loadgate's comment again and accept naming the head: \`/loadgate accept ${pull.headSha} <reason>\`.`,
      )
    run.reporter.info(
      `${result.benchmark}: blocked result on ${pull.headSha.slice(0, 7)} accepted by ${request.login} (${role.name}): ${request.reason}`,
    )
  }
  return {
    ...outcomeWithoutVerdict('', `accepted by ${request.login}: ${request.reason}`),
    benchmark: accept.map((r) => r.benchmark).join(', '),
    commentUrl: accept[0]!.commentUrl,
  }
}
