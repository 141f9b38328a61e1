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

const NO_HISTORY: AcceptanceHistory = { forcePushes: [], commits: [], elsewhere: [] }

/** The fewest hex digits of a commit a comment may name (48 bits: not found by grinding). */
export const MIN_NAMED_DIGITS = 12

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

/**
 * Why the blocked results of `head` are not what the requester saw, or null when they are. A label
 * event names the head it was added on, and a comment may name it in full (`/loadgate accept
 * <40-hex sha> …`, as loadgate's blocked comment shows it): only that head is accepted. A shorter
 * name (at least MIN_NAMED_DIGITS, a prefix of the head and of no other commit of the pull request)
 * only narrows a comment that names none, which is checked against what happened since:
 * - every status accepted was set before the comment (a push after it brings a result set after
 *   it, or none yet);
 * - the head branch was not force-pushed since (that can bring back an earlier blocked commit);
 * - the head's blocked result is loadgate's newest on the pull request: a fast-forward back to a
 *   commit blocked earlier leaves no force-push, but the result the maintainer saw is newer.
 */
function notWhatWasSeen(
  seen: AcceptanceRequest['seen'],
  head: string,
  blocked: GateResult[],
  history: AcceptanceHistory,
): string | null {
  const again =
    `nothing was accepted. Look at loadgate's result for ${head} and accept again naming it: ` +
    `\`/loadgate accept ${head} <reason>\`.`
  const named = seen.headSha
  if (named !== undefined && (seen.at === undefined || named.length === 40)) {
    const where = seen.at === undefined ? 'the label was added on' : 'your comment names'
    if (named !== head)
      return `${where} ${named || 'an unnamed commit'}, but the head of this pull request is now ${head}: ${again}`
    // A full sha is what the requester named; a label names only the head it landed on.
    return named.length === 40 && seen.at !== undefined ? null : shownElsewhere(head, blocked, again)
  }
  if (named !== undefined) {
    if (named.length < MIN_NAMED_DIGITS)
      return `your comment names ${named}, fewer than ${MIN_NAMED_DIGITS} hex digits, which do not name one commit safely: ${again}`
    if (!head.startsWith(named))
      return `your comment names ${named}, but the head of this pull request is now ${head}: ${again}`
    const other = history.commits?.find((c) => c !== head && c.startsWith(named))
    if (other) return `your comment names ${named}, which starts both ${other} and the head ${head}: ${again}`
  }
  return (
    shownElsewhere(head, blocked, again) ?? changedSinceComment(seen.at ?? '', head, blocked, history, again)
  )
}

/**
 * Why the sticky comment a requester read may show another commit's result than the head's, or
 * null: a fork's report never edits a trusted comment, so after the head moves back to a commit
 * blocked earlier, the comment still shows the result of the commit in between.
 */
function shownElsewhere(head: string, blocked: GateResult[], again: string): string | null {
  const other = blocked.find((r) => r.commentHead !== head)
  if (!other) return null
  const shows = other.commentHead
    ? `the result for ${other.commentHead}`
    : 'a result without naming its commit'
  return (
    `loadgate's comment for \`${escapeMarkdown(other.benchmark)}\` shows ${shows}, not for the head ${head}, ` +
    `so what you looked at may be another commit's result: ${again}`
  )
}

/** Why what a comment written at `at` saw may not be the head's blocked result, or null. */
function changedSinceComment(
  at: string,
  head: string,
  blocked: GateResult[],
  history: AcceptanceHistory,
  again: string,
): string | null {
  const written = Date.parse(at)
  if (Number.isNaN(written))
    return `GitHub's event does not say when the comment was written, so which result it accepts is unknown: ${again}`
  const later = blocked.find((r) => !(Date.parse(r.setAt) <= written))
  if (later)
    return (
      `loadgate set its result for ${head}, the head of this pull request, at ${utc(later.setAt)}, after your ` +
      `comment (${utc(at)}): your comment was about an earlier commit, and ${again}`
    )
  const pushed = history.forcePushes.find((time) => !(Date.parse(time) < written))
  if (pushed)
    return (
      `the head branch of this pull request was force-pushed at ${utc(pushed)}, after your comment ` +
      `(${utc(at)}), and its head is now ${head}, which may be another commit than the one your comment ` +
      `was about: ${again}`
    )
  if (history.commits === null)
    return `this pull request has too many commits for loadgate to tell which result your comment was about: ${again}`
  for (const result of blocked) {
    const newer = history.elsewhere.find(
      (o) => o.benchmark === result.benchmark && !(Date.parse(o.setAt) <= Date.parse(result.setAt)),
    )
    if (newer)
      return (
        `loadgate's newest result for \`${escapeMarkdown(result.benchmark)}\` on this pull request is for ` +
        `${newer.sha} (${utc(newer.setAt)}), not for its head ${head} (${utc(result.setAt)}): your comment ` +
        `may have been about ${newer.sha}, and ${again}`
      )
  }
  return null
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
  const history =
    MAY_ACCEPT.includes(role.permission) && needsHistory(request.seen)
      ? await forge.acceptanceHistory(
          request.pullNumber,
          pull.headSha,
          pull.results.map((r) => r.benchmark),
        )
      : undefined
  const decision = decideAcceptance(request, role, pull, context.repository, history)
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
