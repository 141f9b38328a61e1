import type { AcceptanceRequest, GateResult, Permission, PullRequestResults, RepositoryRole } from '../forge'
import type { Acceptance } from '../model/acceptance'
import { escapeMarkdown } from '../report/escape'
import { LoadgateError } from '../util/errors'
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
  /** When the head branch was force-pushed (ISO 8601): read for a comment that names no commit. */
  forcePushes: readonly string[] = [],
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
  const unseen = blocked.length > 0 ? notWhatWasSeen(request.seen, pull.headSha, blocked, forcePushes) : null
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

function accessWords(role: RepositoryRole): string {
  const access = role.permission === 'none' ? 'no access' : `${role.permission} access`
  return role.name && role.name !== role.permission
    ? `the role '${escapeMarkdown(role.name)}' (${access})`
    : access
}

/**
 * Why the blocked results of `head` are not what the requester saw, or null when they are. A label
 * event names the head it was added on, and a comment may name it (`/loadgate accept <sha> …`):
 * only that head is accepted. A comment that names none is checked on GitHub's clock: every
 * status accepted must have been set before the comment was written (a push after it brings a
 * result set after it, or none yet), and the head branch must not have been force-pushed since
 * (which can bring back an earlier commit whose blocked result predates the comment).
 */
function notWhatWasSeen(
  seen: AcceptanceRequest['seen'],
  head: string,
  blocked: GateResult[],
  forcePushes: readonly string[],
): string | null {
  const again =
    `nothing was accepted. Look at loadgate's result for ${head} and accept again naming it: ` +
    `\`/loadgate accept ${head.slice(0, 12)} <reason>\`.`
  if (seen.headSha !== undefined) {
    if (seen.headSha.length >= 7 && head.startsWith(seen.headSha)) return null
    const where = seen.at === undefined ? 'the label was added on' : 'your comment names'
    return `${where} ${seen.headSha || 'an unnamed commit'}, but the head of this pull request is now ${head}: ${again}`
  }
  const at = seen.at ?? ''
  const written = Date.parse(at)
  if (Number.isNaN(written))
    return `GitHub's event does not say when the comment was written, so which result it accepts is unknown: ${again}`
  const later = blocked.find((r) => !(Date.parse(r.setAt) <= written))
  if (later)
    return (
      `loadgate set its result for ${head}, the head of this pull request, at ${utc(later.setAt)}, after your ` +
      `comment (${utc(at)}): your comment was about an earlier commit, and ${again}`
    )
  const pushed = forcePushes.find((time) => !(Date.parse(time) < written))
  if (!pushed) return null
  return (
    `the head branch of this pull request was force-pushed at ${utc(pushed)}, after your comment ` +
    `(${utc(at)}), and its head is now ${head}, which may be another commit than the one your comment ` +
    `was about: ${again}`
  )
}

const utc = (iso: string) =>
  Number.isNaN(Date.parse(iso))
    ? 'an unknown time'
    : `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`

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
  const forcePushes =
    request.seen.headSha === undefined ? await forge.headForcePushes(request.pullNumber) : []
  const decision = decideAcceptance(request, role, pull, context.repository, forcePushes)
  if ('refused' in decision) {
    // Only users who may accept get an answer: a reply to anyone who types the command would let
    // anyone make loadgate's token write on the pull request.
    if (!MAY_ACCEPT.includes(role.permission)) {
      reporter.info(
        `'/loadgate accept' by ${request.login} on #${request.pullNumber} ignored: ${role.permission} access, ` +
          'accepting needs write (no reply)',
      )
      return outcome('acceptance ignored')
    }
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
      `${result.benchmark}: blocked result on ${pull.headSha.slice(0, 7)} accepted by ${request.login} (${role.name}): ${request.reason}`,
    )
  }
  return {
    ...outcome(`accepted by ${request.login}: ${request.reason}`),
    benchmark: decision.accept.map((r) => r.benchmark).join(', '),
    commentUrl: decision.accept[0]!.commentUrl,
  }
}
