import { describe, test, after, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readRunContext } from '../../src/forge/github/context'
import { createGitHubClient } from '../../src/forge/github/client'
import { runBenchmark } from '../../src/pipeline'
import type { Reporter } from '../../src/report/reporter'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { settingsFor } from '../../testkit/settings'

// Mode accept end to end against the API double: an acceptance is for the commit the maintainer
// saw. A push between what they saw and the run that accepts is refused in a reply, and no status
// changes.

const SEEN = 'a'.repeat(40)
const PUSHED = 'c'.repeat(40)
const PR = 3
let double: GitHubDouble | null = null
const dirs: string[] = []
const savedEnv = { ...process.env }

afterEach(async () => {
  await double?.close()
  double = null
  process.env = { ...savedEnv }
})
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

const quiet: Reporter = { info: () => {}, warning: () => {}, group: (_t, work) => work(), summary: () => {} }

/** A PR whose head is `head`, loadgate's sticky comment on it, and a blocking status on `head` set now. */
async function blockedPullRequest(
  head: string,
  forcePushes: string[] = [],
  commits: string[] = [head],
  /** When the maintainer added the accept label, as the timeline says (default: after the result). */
  labelledAt = '2099-01-01T00:00:00Z',
): Promise<GitHubDouble> {
  double = await startGitHubDouble({
    pulls: [{ number: PR, headSha: head }],
    forcePushes: { [PR]: forcePushes },
    labelled: { [PR]: [{ name: 'loadgate:accept', at: labelledAt, by: 'maintainer' }] },
    pullCommits: { [PR]: commits },
    permissions: { maintainer: 'maintain' },
    seededComments: {
      [PR]: [
        {
          user: 'github-actions[bot]',
          body: `<!-- loadgate:api digest=1 head=${head} -->\n### ❌ Blocked\n`,
        },
      ],
    },
  })
  await createGitHubClient('ghs_write', { baseUrl: double.url }).rest.repos.createCommitStatus({
    owner: 'acme',
    repo: 'shop',
    sha: head,
    state: 'failure',
    context: 'loadgate/api',
    description: 'Blocked — p50 of GET /items/:id +30%',
  })
  return double
}

async function acceptOn(d: GitHubDouble, eventName: string, payload: unknown) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-accept-seen-'))
  dirs.push(dir)
  const event = path.join(dir, 'event.json')
  await writeFile(event, JSON.stringify(payload))
  const env = { GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'acme/shop' }
  Object.assign(process.env, env, { GITHUB_API_URL: d.url })
  const context = readRunContext({ ...env, GITHUB_API_URL: d.url, GITHUB_RUN_ID: '77' })
  const settings = settingsFor(dir, { mode: 'accept', 'github-token': 'ghs_write' })
  return runBenchmark(settings, null, context, quiet)
}

const states = (d: GitHubDouble) => d.state.statuses.map((s) => [s.sha, s.state])
const replies = (d: GitHubDouble) =>
  (d.state.comments.get(PR) ?? []).filter((c) => !c.body.startsWith('<!-- loadgate:')).map((c) => c.body)

const labelled = (head: string) => ({
  action: 'labeled',
  label: { name: 'loadgate:accept' },
  pull_request: { number: PR, head: { sha: head } },
  sender: { login: 'maintainer' },
})
const commented = (createdAt: string, body = '/loadgate accept known cost') => ({
  action: 'created',
  issue: { number: PR, pull_request: { url: 'u' } },
  comment: { body, user: { login: 'maintainer' }, created_at: createdAt },
})

describe('an acceptance is for the commit the maintainer saw (API double)', () => {
  test('a label added on a head that has since moved is refused, naming both commits', async () => {
    const d = await blockedPullRequest(PUSHED)
    const outcome = await acceptOn(d, 'pull_request_target', labelled(SEEN))
    assert.equal(outcome.headline, 'acceptance refused')
    assert.deepEqual(replies(d), [
      `@maintainer: the label was added on ${SEEN}, but the head of this pull request is now ${PUSHED}: ` +
        `nothing was accepted. Look at loadgate's result for ${PUSHED} and accept again naming it: ` +
        `\`/loadgate accept ${PUSHED} <reason>\`.`,
    ])
    assert.deepEqual(states(d), [[PUSHED, 'failure']], 'no status changed')
    assert.deepEqual(d.violations, [])
  })

  test('a label on the current head accepts', async () => {
    const d = await blockedPullRequest(SEEN)
    const outcome = await acceptOn(d, 'pull_request_target', labelled(SEEN))
    assert.match(outcome.headline, /^accepted by maintainer/)
    assert.deepEqual(states(d), [
      [SEEN, 'failure'],
      [SEEN, 'success'],
    ])
    // The Checks tab agrees with the status (the blocked run here wrote none: a new one).
    assert.deepEqual(
      d.state.checkRuns.map((r) => [r.name, r.head_sha, r.conclusion, r.title]),
      [['loadgate · api', SEEN, 'success', 'Accepted by @maintainer: the loadgate:accept label']],
    )
    assert.deepEqual(d.violations, [])
  })

  test('a label added before the blocking result was set is refused: it was about an earlier result', async () => {
    const d = await blockedPullRequest(SEEN, [], [SEEN], '2026-01-01T00:00:00Z')
    const outcome = await acceptOn(d, 'pull_request_target', labelled(SEEN))
    assert.equal(outcome.headline, 'acceptance refused')
    assert.equal(replies(d).length, 1)
    assert.match(
      replies(d)[0]!,
      /^@maintainer: loadgate set its result for `api` on a{40} at .* UTC, after you added the label \(2026-01-01 00:00:00 UTC\): the label was about an earlier result, and nothing was accepted\./,
    )
    assert.deepEqual(states(d), [[SEEN, 'failure']], 'no status changed')
    assert.deepEqual(d.violations, [])
  })

  test('a comment written before the blocking result was set is refused; one written after accepts', async () => {
    const d = await blockedPullRequest(PUSHED)
    const setAt = Date.parse(d.state.statuses[0]!.created_at)
    const early = await acceptOn(d, 'issue_comment', commented(new Date(setAt - 60_000).toISOString()))
    assert.equal(early.headline, 'acceptance refused')
    assert.equal(replies(d).length, 1)
    assert.match(
      replies(d)[0]!,
      new RegExp(`^@maintainer: loadgate set its result for ${PUSHED}, .* after your comment`),
    )
    assert.deepEqual(states(d), [[PUSHED, 'failure']])

    const late = await acceptOn(d, 'issue_comment', commented(new Date(setAt + 60_000).toISOString()))
    assert.match(late.headline, /^accepted by maintainer: known cost/)
    assert.deepEqual(states(d).at(-1), [PUSHED, 'success'])
    assert.deepEqual(d.violations, [])
  })

  // Issue 44's scenario: B was blocked at 10:00, then A at 11:00; the maintainer comments about A
  // at 11:05, and the contributor force-pushes B back before the accept job reads the head. B's
  // failure predates the comment, so the time of the result alone would accept B.
  test('the head force-pushed back to an earlier blocked commit after the comment is refused; naming the commit decides', async () => {
    const B = 'b2'.repeat(20)
    const A = 'a1'.repeat(20)
    const blockedAt = Date.now()
    const comment = new Date(blockedAt + 65 * 60_000).toISOString()
    const pushedBack = new Date(blockedAt + 66 * 60_000).toISOString()
    const d = await blockedPullRequest(B, [new Date(blockedAt + 59 * 60_000).toISOString(), pushedBack])

    const plain = await acceptOn(d, 'issue_comment', commented(comment))
    assert.equal(plain.headline, 'acceptance refused')
    assert.deepEqual(replies(d), [
      `@maintainer: the head branch of this pull request was force-pushed at ${pushedBack.slice(0, 19).replace('T', ' ')} UTC, ` +
        `after your comment (${comment.slice(0, 19).replace('T', ' ')} UTC), and its head is now ${B}, which may be ` +
        `another commit than the one your comment was about: nothing was accepted. Look at loadgate's result for ` +
        `${B} and accept again naming it: \`/loadgate accept ${B} <reason>\`.`,
    ])
    assert.ok(d.requests.some((r) => r.path.startsWith(`/repos/acme/shop/issues/${PR}/timeline`)))

    const namedA = await acceptOn(
      d,
      'issue_comment',
      commented(comment, `/loadgate accept ${A.slice(0, 12)} known cost`),
    )
    assert.equal(namedA.headline, 'acceptance refused')
    assert.match(
      replies(d)[1]!,
      new RegExp(
        `^@maintainer: your comment names ${A.slice(0, 12)}, but the head of this pull request is now ${B}: nothing was accepted`,
      ),
    )
    assert.deepEqual(states(d), [[B, 'failure']], 'B is never accepted')

    const namedB = await acceptOn(d, 'issue_comment', commented(comment, `/loadgate accept ${B} known cost`))
    assert.match(namedB.headline, /^accepted by maintainer: known cost$/)
    assert.deepEqual(states(d).at(-1), [B, 'success'], 'a comment naming B accepts B, whatever was pushed')
    assert.deepEqual(d.violations, [])
  })
  // Review of issue 44 (M1), attack (a): B, a child of A, was blocked first; A was force-pushed
  // back and blocked later; the comment is about A; then B is pushed again, a fast-forward that
  // leaves no force-push. B's failure predates the comment, but A's result is the newer one.
  test('the head fast-forwarded back to an earlier blocked commit after the comment is refused', async () => {
    const A = 'a1'.repeat(20)
    const B = 'b2'.repeat(20)
    const d = await blockedPullRequest(B, [], [A, B])
    await createGitHubClient('ghs_write', { baseUrl: d.url }).rest.repos.createCommitStatus({
      owner: 'acme',
      repo: 'shop',
      sha: A,
      state: 'failure',
      context: 'loadgate/api',
      description: 'Blocked — p50 of GET /items/:id +3%',
    })
    const aBlockedAt = Date.parse(d.state.statuses.at(-1)!.created_at)
    const comment = new Date(aBlockedAt + 5 * 60_000).toISOString()
    const plain = await acceptOn(d, 'issue_comment', commented(comment, '/loadgate accept p95 +3% ok'))
    assert.equal(plain.headline, 'acceptance refused')
    assert.match(
      replies(d)[0]!,
      new RegExp(
        `^@maintainer: loadgate's newest result for \`api\` on this pull request is for ${A} .*, not for its head ${B}`,
      ),
    )
    assert.ok(d.requests.some((r) => r.path.startsWith(`/repos/acme/shop/pulls/${PR}/commits`)))
    const short = await acceptOn(
      d,
      'issue_comment',
      commented(comment, `/loadgate accept ${B.slice(0, 12)} ok`),
    )
    assert.equal(short.headline, 'acceptance refused', 'a short sha is checked the same way')
    assert.deepEqual(
      states(d).filter(([sha]) => sha === B),
      [[B, 'failure']],
      'B is never accepted',
    )
    const full = await acceptOn(d, 'issue_comment', commented(comment, `/loadgate accept ${B} looked at B`))
    assert.match(full.headline, /^accepted by maintainer: looked at B$/)
    assert.deepEqual(d.violations, [])
  })
})
