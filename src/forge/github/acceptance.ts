import { LOGIN, type Acceptance, type MergedThrough } from '../../model/acceptance'
import { BENCHMARK_NAME } from '../../model/names'
import { acceptanceIn, acceptedDescription, withAcceptance } from '../../report/acceptance'
import { commentMarker } from '../../report/markdown'
import type { AcceptanceRequest, GateResult, Permission, PullRequestResults, RepositoryRole } from '../forge'
import { LoadgateError } from '../../util/errors'
import { escapeMarkdown } from '../../report/escape'
import { markCheckRunAccepted } from './checks'
import { statusOf, type Octokit } from './client'
import { readPayload } from './context'
import { tokenLogin, writtenBy } from './identity'
import { COMMIT_SHA } from './trusted-run'
import { isLabelledUnverified } from './provenance'
import { gatingContext } from './status'

type Repo = { owner: string; repo: string }

/** The longest first line read: the command and its reason (kept to 300 characters) fit with room to spare. */
export const MAX_COMMAND_LINE = 1000
// Every line terminator `.` stops at, so that `(.*)$` on one line never backtracks.
const LINE_END = /\r\n|[\n\r\u2028\u2029]/
const COMMAND = /^\/loadgate\s+accept\b(.*)$/

/**
 * The words after `/loadgate accept` on the first line of a comment, or null when it is no such
 * command. Only the first MAX_COMMAND_LINE characters are read (of a longer line, the rest is
 * ignored), and no step backtracks over more than that: the time is linear in the line, bounded.
 */
export function acceptCommand(body: string): string | null {
  const firstLine = body.slice(0, MAX_COMMAND_LINE).split(LINE_END, 1)[0]!.trim()
  return COMMAND.exec(firstLine)?.[1] ?? null
}

/**
 * What a maintainer asked for in this run's event: a `/loadgate accept <reason>` comment on a
 * pull request (issue_comment), or the accept label added to one (pull_request_target, labeled).
 * Anything else is no request. The text is untrusted: the login is checked, the reason bounded.
 */
export function readAcceptanceRequest(
  label: string,
  env: NodeJS.ProcessEnv = process.env,
): AcceptanceRequest | null {
  const payload = readPayload(env.GITHUB_EVENT_PATH)
  if (env.GITHUB_EVENT_NAME === 'issue_comment') {
    if (payload.action !== 'created' || !payload.issue?.pull_request) return null
    const words = acceptCommand(String(payload.comment?.body ?? ''))
    if (words === null) return null
    const { headSha, reason } = namedHead(words)
    const at = String(payload.comment?.created_at ?? '')
    return request(payload.issue.number, payload.comment?.user?.login, 'comment', reason, {
      at,
      ...(headSha ? { headSha } : {}),
    })
  }
  if (env.GITHUB_EVENT_NAME === 'pull_request_target' || env.GITHUB_EVENT_NAME === 'pull_request') {
    if (payload.action !== 'labeled' || payload.label?.name !== label) return null
    const head = String(payload.pull_request?.head?.sha ?? '')
    return request(payload.pull_request?.number, payload.sender?.login, 'label', `the ${label} label`, {
      headSha: COMMIT_SHA.test(head) ? head : '',
    })
  }
  return null
}

// A commit as people paste it: 7 to 40 hex digits (fewer than 12 are read, to be refused, rather
// than taken for the reason's first word). Fewer than 40 need a digit, so a reason that starts
// with a word such as "acceded" or "defaced" is not taken for a commit.
const NAMED_HEAD = /^([0-9a-f]{40}|(?=[a-f]*\d)[0-9a-f]{7,39})(?:\s+|$)/i

/** `/loadgate accept <sha> <reason>`: the head the maintainer looked at, when the words start with one. */
export function namedHead(words: string): { headSha: string; reason: string } {
  const trimmed = words.trim()
  const match = NAMED_HEAD.exec(trimmed)
  if (!match) return { headSha: '', reason: trimmed }
  return { headSha: match[1]!.toLowerCase(), reason: trimmed.slice(match[0].length) }
}

function request(
  number: unknown,
  login: unknown,
  via: 'comment' | 'label',
  reason: string,
  seen: AcceptanceRequest['seen'],
): AcceptanceRequest | null {
  const pullNumber = Number(number)
  const by = String(login ?? '')
  if (!Number.isInteger(pullNumber) || pullNumber < 1 || !LOGIN.test(by)) return null
  return { pullNumber, login: by, via, reason: reason.replace(/\s+/g, ' ').trim().slice(0, 300), seen }
}

const ROLES: readonly Permission[] = ['admin', 'maintain', 'write', 'triage', 'read']

/**
 * The user's access to the repository and the role it comes from. A custom role has its own
 * `role_name`: its access is then the `permission` GitHub derives from the role it is built on
 * (admin, write or read). No collaborator: `none`.
 */
export async function permissionOf(octokit: Octokit, repo: Repo, login: string): Promise<RepositoryRole> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login })
    const known = (value: string | undefined) => ROLES.find((r) => r === value)
    return {
      permission: known(data.role_name) ?? known(data.permission) ?? 'none',
      name: data.role_name || data.permission,
    }
  } catch (error) {
    if (statusOf(error) === 404) return { permission: 'none', name: '' }
    throw error
  }
}

const MARKER = /^<!-- loadgate:(\S+) /
const MARKED_HEAD = /^<!-- loadgate:\S+ [^\n]*\bhead=([0-9a-f]{40}) -->/

/**
 * The pull request's current head and, for every benchmark loadgate commented on, the newest
 * gating status loadgate itself set on that head (statuses by anyone else do not count).
 */
export async function pullRequestResults(
  octokit: Octokit,
  repo: Repo,
  pullNumber: number,
): Promise<PullRequestResults> {
  const login = await tokenLogin(octokit)
  const { data: pull } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber })
  const headSha = pull.head.sha
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: pullNumber,
    per_page: 100,
  })
  const statuses = await octokit.paginate(octokit.rest.repos.listCommitStatusesForRef, {
    ...repo,
    ref: headSha,
    per_page: 100,
  })
  const results: GateResult[] = []
  for (const comment of comments) {
    const benchmark = MARKER.exec(comment.body ?? '')?.[1]
    if (!benchmark || !BENCHMARK_NAME.test(benchmark) || !writtenBy(comment.user, login)) continue
    if (results.some((r) => r.benchmark === benchmark)) continue
    const newest = statuses.find((s) => s.context === gatingContext(benchmark) && writtenBy(s.creator, login))
    results.push({
      benchmark,
      state: (newest?.state as GateResult['state'] | undefined) ?? 'none',
      description: newest?.description ?? '',
      setAt: newest?.created_at ?? '',
      commentId: comment.id,
      commentUrl: comment.html_url,
      commentHead: shownHead(comment.body ?? ''),
    })
  }
  return { headSha, open: pull.state === 'open', results }
}

/**
 * The commit a sticky comment shows a trusted result for, from its marker; null where it names none
 * or where the result is a fork's own (labelled unverified and holding no acceptance).
 */
function shownHead(body: string): string | null {
  if (isLabelledUnverified(body) && !acceptanceIn(body)) return null
  return MARKED_HEAD.exec(body)?.[1] ?? null
}

/**
 * Why what was decided on no longer holds, read again just before writing, or null: the pull
 * request's head, loadgate's newest gating status on it (still the blocked one decided on), and the
 * commit its comment shows. The decision read them many requests earlier (the history of a comment
 * naming no sha takes one per commit); GitHub offers no compare-and-set, so what is left is the one
 * round trip between this read and the write.
 */
async function changedSinceDecided(
  octokit: Octokit,
  repo: Repo,
  pullNumber: number,
  result: GateResult,
  acceptance: Acceptance,
  commentBody: string,
): Promise<string | null> {
  const { data: pull } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber })
  if (pull.head.sha !== acceptance.headSha)
    return `the head of this pull request moved to ${pull.head.sha} while the acceptance was checked`
  const login = await tokenLogin(octokit)
  const { data: statuses } = await octokit.rest.repos.listCommitStatusesForRef({
    ...repo,
    ref: acceptance.headSha,
    per_page: 100,
  })
  const newest = statuses.find(
    (s) => s.context === gatingContext(result.benchmark) && writtenBy(s.creator, login),
  )
  if (newest?.state !== 'failure' || newest.created_at !== result.setAt)
    return `loadgate's result for \`${escapeMarkdown(result.benchmark)}\` on ${acceptance.headSha} changed while the acceptance was checked`
  if (shownHead(commentBody) !== result.commentHead)
    return `loadgate's comment for \`${escapeMarkdown(result.benchmark)}\` changed while the acceptance was checked`
  return null
}

/**
 * The gating status turned to success with who and why, the comment says so, and so does the check
 * run where the token can write one; first checked again (see changedSinceDecided): null when
 * accepted, otherwise why nothing was written.
 */
export async function markAccepted(
  octokit: Octokit,
  repo: Repo,
  pullNumber: number,
  result: GateResult,
  acceptance: Acceptance,
): Promise<string | null> {
  try {
    const { data: comment } = await octokit.rest.issues.getComment({ ...repo, comment_id: result.commentId })
    const changed = await changedSinceDecided(
      octokit,
      repo,
      pullNumber,
      result,
      acceptance,
      comment.body ?? '',
    )
    if (changed) return changed
    await octokit.rest.repos.createCommitStatus({
      ...repo,
      sha: acceptance.headSha,
      state: 'success',
      context: gatingContext(result.benchmark),
      description: acceptedDescription(acceptance),
      target_url: result.commentUrl,
    })
    const accepted = withAcceptance(comment.body ?? '', acceptance)
    await octokit.rest.issues.updateComment({ ...repo, comment_id: result.commentId, body: accepted })
    await markCheckRunAccepted(
      octokit,
      repo,
      { headSha: acceptance.headSha, benchmark: result.benchmark, commentUrl: result.commentUrl },
      { title: acceptedDescription(acceptance), summary: accepted.slice(accepted.indexOf('\n') + 1) },
    )
    return null
  } catch (error) {
    const status = statusOf(error)
    if (status !== 403 && status !== 404) throw error
    throw new LoadgateError(
      `GitHub refused to record the acceptance of ${result.benchmark} (HTTP ${status}): the workflow needs ` +
        '`permissions: statuses: write` and `pull-requests: write`',
    )
  }
}

/**
 * The pull request a commit of the default branch came through (the first GitHub associates with
 * it, a merged one first), loadgate's own sticky comment for `benchmark` there, and the acceptance
 * that comment records. Only loadgate's own comment counts.
 */
export async function mergedThrough(
  octokit: Octokit,
  repo: Repo,
  commitSha: string,
  benchmark: string,
): Promise<MergedThrough | null> {
  const { data: pulls } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
    ...repo,
    commit_sha: commitSha,
  })
  const pull = pulls.find((p) => p.merged_at) ?? pulls[0]
  if (!pull) return null
  const login = await tokenLogin(octokit)
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: pull.number,
    per_page: 100,
  })
  const own = comments.find((c) => c.body?.startsWith(commentMarker(benchmark)) && writtenBy(c.user, login))
  const acceptance = own?.body ? acceptanceIn(own.body) : null
  return {
    pullRequest: pull.number,
    ...(own ? { commentUrl: own.html_url } : {}),
    ...(acceptance ? { accepted: { by: acceptance.by, at: acceptance.at, reason: acceptance.reason } } : {}),
  }
}

/** A reply on the pull request (why an acceptance was refused). */
export async function replyOn(
  octokit: Octokit,
  repo: Repo,
  pullNumber: number,
  body: string,
): Promise<string> {
  const { data } = await octokit.rest.issues.createComment({ ...repo, issue_number: pullNumber, body })
  return data.html_url
}
