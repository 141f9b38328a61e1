import type { AcceptanceHistory, AcceptanceRequest, GateResult } from '../forge'
import { escapeMarkdown } from '../report/escape'

// Whether what a maintainer asked to accept is what they saw: the head they named or labelled,
// the result loadgate's own comment shows, and nothing set or pushed after they asked.

/** The fewest hex digits of a commit a comment may name (48 bits: not found by grinding). */
export const MIN_NAMED_DIGITS = 12

/**
 * Why the blocked results of `head` are not what the requester saw, or null when they are. A label
 * event names the head it was added on, and a comment may name it in full (`/loadgate accept
 * <40-hex sha> …`, as loadgate's blocked comment shows it): only that head is accepted, and a
 * label only results set before it was added (the timeline's time). A shorter
 * name (at least MIN_NAMED_DIGITS, a prefix of the head and of no other commit of the pull request)
 * only narrows a comment that names none, which is checked against what happened since:
 * - every status accepted was set before the comment (a push after it brings a result set after
 *   it, or none yet);
 * - the head branch was not force-pushed since (that can bring back an earlier blocked commit);
 * - the head's blocked result is loadgate's newest on the pull request: a fast-forward back to a
 *   commit blocked earlier leaves no force-push, but the result the maintainer saw is newer.
 */
export function notWhatWasSeen(
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
    // A full sha is what the requester named; a label names only the head it landed on, and when.
    if (named.length === 40 && seen.at !== undefined) return null
    return shownElsewhere(head, blocked) ?? labelledAfter(seen.labelledAt ?? '', head, blocked, again)
  }
  if (named !== undefined) {
    if (named.length < MIN_NAMED_DIGITS)
      return `your comment names ${named}, fewer than ${MIN_NAMED_DIGITS} hex digits, which do not name one commit safely: ${again}`
    if (!head.startsWith(named))
      return `your comment names ${named}, but the head of this pull request is now ${head}: ${again}`
    const other = history.commits?.find((c) => c !== head && c.startsWith(named))
    if (other) return `your comment names ${named}, which starts both ${other} and the head ${head}: ${again}`
  }
  return shownElsewhere(head, blocked) ?? changedSinceComment(seen.at ?? '', head, blocked, history, again)
}

/**
 * Why the sticky comment a requester read may show another commit's result than the head's, or
 * null: a fork's report never edits a trusted comment, so after the head moves back to a commit
 * blocked earlier, the comment still shows the result of the commit in between. The head's result
 * is then shown nowhere loadgate vouches for (a fork's own comment is unverified): the reply asks
 * for a run that shows it, never to accept what another comment shows.
 */
function shownElsewhere(head: string, blocked: GateResult[]): string | null {
  const other = blocked.find((r) => r.commentHead !== head)
  if (!other) return null
  const shows = other.commentHead
    ? `the result for ${other.commentHead}`
    : 'a result without naming its commit'
  return (
    `loadgate's comment for \`${escapeMarkdown(other.benchmark)}\` shows ${shows}, not for the head ${head}, ` +
    `so what you looked at may be another commit's result: nothing was accepted. A result for ${head} in ` +
    "another comment is a fork's own, unverified: run loadgate on it again (for a fork, its trusted run) so " +
    `that loadgate's comment shows its result, then accept naming it: \`/loadgate accept ${head} <reason>\`.`
  )
}

/**
 * Why a label may be about another result than the head's, or null: every result it accepts was
 * set before the requester added it (the timeline's time, GitHub's clock). A run that finished
 * after the label, on the same head, set a result nobody looked at when labelling.
 */
function labelledAfter(
  labelledAt: string,
  head: string,
  blocked: GateResult[],
  again: string,
): string | null {
  const added = Date.parse(labelledAt)
  if (Number.isNaN(added))
    return `the pull request's timeline does not say when you added the label, so which result it accepts is unknown: ${again}`
  const later = blocked.find((r) => !(Date.parse(r.setAt) <= added))
  if (!later) return null
  return (
    `loadgate set its result for \`${escapeMarkdown(later.benchmark)}\` on ${head} at ${utc(later.setAt)}, after ` +
    `you added the label (${utc(labelledAt)}): the label was about an earlier result, and ${again}`
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
