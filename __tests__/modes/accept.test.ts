import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { MAX_COMMAND_LINE, readAcceptanceRequest } from '../../src/forge/github/acceptance'
import { readRunContext } from '../../src/forge/github/context'
import { createGitHubForge } from '../../src/forge/github/github-forge'
import { withAcceptance } from '../../src/report/acceptance'
import { startGitHubDouble } from '../../testkit/github-double'
import type {
  AcceptanceHistory,
  GateResult,
  Permission,
  PullRequestResults,
  RepositoryRole,
} from '../../src/forge'
import { decideAcceptance } from '../../src/modes/accept'

const SHA = 'b'.repeat(40)
const BLOCKED_AT = '2026-11-25T10:00:00Z'
const result = (benchmark: string, state: GateResult['state']): GateResult => ({
  benchmark,
  state,
  description: state === 'failure' ? 'Blocked — p50 of GET /search +30%' : '',
  setAt: state === 'none' ? '' : BLOCKED_AT,
  commentId: 7,
  commentUrl: 'https://github.com/acme/shop/pull/3#issuecomment-7',
  commentHead: SHA,
})
const pull = (...results: GateResult[]): PullRequestResults => ({ headSha: SHA, open: true, results })
const asking = {
  login: 'someone',
  via: 'comment' as const,
  reason: 'known cost',
  seen: { at: '2026-11-25T10:05:00Z' },
}
const builtIn = (permission: Permission): RepositoryRole => ({ permission, name: permission })

describe('who may accept what', () => {
  test('write, maintain and admin accept every blocked benchmark; nothing else is touched', () => {
    for (const role of ['write', 'maintain', 'admin'] as const) {
      const decision = decideAcceptance(
        asking,
        builtIn(role),
        pull(result('api', 'failure'), result('web', 'success')),
        'acme/shop',
      )
      assert.deepEqual(decision, { accept: [result('api', 'failure')] }, role)
    }
  })

  test('triage, read and no access are refused, naming the access GitHub gives', () => {
    for (const [role, words] of [
      ['triage', 'triage access'],
      ['read', 'read access'],
      ['none', 'no access'],
    ] as const) {
      const decision = decideAcceptance(asking, builtIn(role), pull(result('api', 'failure')), 'acme/shop')
      assert.ok('refused' in decision)
      assert.equal(
        decision.refused,
        `@someone cannot accept loadgate's result: accepting needs write access to acme/shop, and GitHub gives @someone ${words}.`,
      )
    }
  })

  test('a comment without a reason is refused; a label needs none', () => {
    const bare = { ...asking, reason: '' }
    const refused = decideAcceptance(bare, builtIn('admin'), pull(result('api', 'failure')), 'acme/shop')
    assert.ok('refused' in refused && refused.refused.includes('say why'))
    const label = decideAcceptance(
      {
        ...bare,
        via: 'label',
        reason: 'the loadgate:accept label',
        seen: { headSha: SHA, labelledAt: '2026-11-25T10:05:00Z' },
      },
      builtIn('admin'),
      pull(result('api', 'failure')),
      'acme/shop',
    )
    assert.ok('accept' in label)
  })

  test('nothing blocked: each result says why it cannot be accepted', () => {
    const decision = decideAcceptance(
      asking,
      builtIn('write'),
      pull(result('api', 'error'), result('fork', 'pending'), result('old', 'none'), result('ok', 'success')),
      'acme/shop',
    )
    assert.ok('refused' in decision)
    assert.match(decision.refused, /has not blocked bbbbbbb, the head of this pull request/)
    assert.match(decision.refused, /`api`: the run was INVALID/)
    assert.match(decision.refused, /`fork`: no trusted result yet/)
    assert.match(decision.refused, /`old`: no result for this commit yet/)
    assert.match(decision.refused, /`ok`: passes already/)
    const closed = decideAcceptance(
      asking,
      builtIn('write'),
      { ...pull(result('api', 'failure')), open: false },
      'acme/shop',
    )
    assert.ok('refused' in closed && closed.refused.includes('closed'))
  })

  test('a label added on an earlier head is refused, naming both commits', () => {
    const earlier = 'a'.repeat(40)
    const labelled = { ...asking, via: 'label' as const, reason: 'the loadgate:accept label' }
    const blocked = pull(result('api', 'failure'))
    const stale = decideAcceptance(
      { ...labelled, seen: { headSha: earlier } },
      builtIn('write'),
      blocked,
      'acme/shop',
    )
    assert.deepEqual(stale, {
      refused:
        `@someone: the label was added on ${earlier}, but the head of this pull request is now ${SHA}: ` +
        `nothing was accepted. Look at loadgate's result for ${SHA} and accept again naming it: ` +
        `\`/loadgate accept ${SHA} <reason>\`.`,
    })
    const current = decideAcceptance(
      { ...labelled, seen: { headSha: SHA, labelledAt: '2026-11-25T10:05:00Z' } },
      builtIn('write'),
      blocked,
      'acme/shop',
    )
    assert.deepEqual(current, { accept: [result('api', 'failure')] })
  })

  test('a comment accepts only a result set before it was written', () => {
    const blocked = pull(result('api', 'failure'))
    const before = decideAcceptance(
      { ...asking, seen: { at: '2026-11-25T09:59:59Z' } },
      builtIn('write'),
      blocked,
      'acme/shop',
    )
    assert.deepEqual(before, {
      refused:
        `@someone: loadgate set its result for ${SHA}, the head of this pull request, at 2026-11-25 10:00:00 UTC, ` +
        'after your comment (2026-11-25 09:59:59 UTC): your comment was about an earlier commit, and nothing ' +
        `was accepted. Look at loadgate's result for ${SHA} and accept again naming it: ` +
        `\`/loadgate accept ${SHA} <reason>\`.`,
    })
    for (const at of [BLOCKED_AT, '2026-11-25T10:00:01Z']) {
      const decision = decideAcceptance({ ...asking, seen: { at } }, builtIn('write'), blocked, 'acme/shop')
      assert.deepEqual(decision, { accept: [result('api', 'failure')] }, at)
    }
    const undated = decideAcceptance({ ...asking, seen: { at: '' } }, builtIn('write'), blocked, 'acme/shop')
    assert.ok('refused' in undated && undated.refused.includes('does not say when the comment was written'))
  })

  // Review of issue 44 (M1), attack (a): B (a child of A) blocked at 10:00, A force-pushed back
  // and blocked at 11:00, the comment about A at 11:05, then B pushed again: a fast-forward, no
  // force-push, and B's failure predates the comment. A's newer result refuses it.
  test('a comment naming no commit is refused when the head is not where loadgate last spoke (fast-forward back)', () => {
    const A = 'a'.repeat(40)
    const blocked = pull(result('api', 'failure'))
    const history = {
      forcePushes: ['2026-11-25T10:30:00Z'],
      commits: [A, SHA],
      elsewhere: [{ sha: A, benchmark: 'api', setAt: '2026-11-25T11:00:00Z' }],
    }
    const comment = { ...asking, seen: { at: '2026-11-25T11:05:00Z' } }
    assert.deepEqual(decideAcceptance(comment, builtIn('write'), blocked, 'acme/shop', history), {
      refused:
        `@someone: loadgate's newest result for \`api\` on this pull request is for ${A} (2026-11-25 11:00:00 UTC), ` +
        `not for its head ${SHA} (2026-11-25 10:00:00 UTC): your comment may have been about ${A}, and nothing ` +
        `was accepted. Look at loadgate's result for ${SHA} and accept again naming it: ` +
        `\`/loadgate accept ${SHA} <reason>\`.`,
    })
    // An older result elsewhere (the commits before the head) is what a normal history looks like.
    const normal = { ...history, elsewhere: [{ sha: A, benchmark: 'api', setAt: '2026-11-25T09:00:00Z' }] }
    assert.deepEqual(decideAcceptance(comment, builtIn('write'), blocked, 'acme/shop', normal), {
      accept: [result('api', 'failure')],
    })
    // Naming the head in full accepts it, whatever happened around it.
    const full = { ...comment, seen: { ...comment.seen, headSha: SHA } }
    assert.deepEqual(decideAcceptance(full, builtIn('write'), blocked, 'acme/shop', history), {
      accept: [result('api', 'failure')],
    })
    const tooMany = { ...normal, commits: null }
    const unknown = decideAcceptance(comment, builtIn('write'), blocked, 'acme/shop', tooMany)
    assert.ok('refused' in unknown && unknown.refused.includes('too many commits'), JSON.stringify(unknown))
  })

  // The sticky comment still shows A's result after the head went back to B, blocked earlier (a
  // fork's report never edits a trusted comment): what the maintainer read was A's.
  test("an acceptance that names no full sha is refused when loadgate's comment shows another commit", () => {
    const A = 'a'.repeat(40)
    const blocked = pull({ ...result('api', 'failure'), commentHead: A })
    const history: AcceptanceHistory = {
      forcePushes: ['2026-11-25T10:30:00Z'],
      commits: [SHA],
      elsewhere: [],
    }
    const comment = decideAcceptance(asking, builtIn('write'), blocked, 'acme/shop', history)
    assert.ok(
      'refused' in comment && comment.refused.includes(`shows the result for ${A}, not for the head ${SHA}`),
    )
    // The head's result is then shown only where a fork's own comment shows it: never sent there.
    assert.doesNotMatch(comment.refused, /Look at loadgate's result for/)
    assert.match(
      comment.refused,
      new RegExp(
        `A result for ${SHA} in another comment is a fork's own, unverified: run loadgate on it again \\(for a ` +
          `fork, its trusted run\\) so that loadgate's comment shows its result, then accept naming it: ` +
          `\`/loadgate accept ${SHA} <reason>\`\\.$`,
      ),
    )
    const label = decideAcceptance(
      {
        ...asking,
        via: 'label',
        reason: 'the loadgate:accept label',
        seen: { headSha: SHA, labelledAt: '2026-11-25T10:05:00Z' },
      },
      builtIn('write'),
      blocked,
      'acme/shop',
    )
    assert.ok('refused' in label, JSON.stringify(label))
    const unnamed = pull({ ...result('api', 'failure'), commentHead: null })
    const old = decideAcceptance(asking, builtIn('write'), unnamed, 'acme/shop', history)
    assert.ok('refused' in old && old.refused.includes('without naming its commit'), JSON.stringify(old))
    const full = { ...asking, seen: { ...asking.seen, headSha: SHA } }
    assert.ok('accept' in decideAcceptance(full, builtIn('write'), blocked, 'acme/shop', history))
  })

  // Attack (b): B ground so that its sha shares A's first 7 hex digits; the comment names those 7
  // about A, and B is force-pushed before the accept job reads the head.
  test('a short sha is refused under 12 digits, when another commit shares it, and after a force-push', () => {
    const B = `${SHA.slice(0, 12)}${'c'.repeat(28)}`
    const onB = { ...result('api', 'failure'), commentHead: B }
    const blocked = { ...pull(onB), headSha: B }
    const at = '2026-11-25T11:05:00Z'
    const history: AcceptanceHistory = { forcePushes: [], commits: [B], elsewhere: [] }
    const naming = (headSha: string, h = history) =>
      decideAcceptance({ ...asking, seen: { at, headSha } }, builtIn('write'), blocked, 'acme/shop', h)
    const seven = naming(B.slice(0, 7))
    assert.ok('refused' in seven && seven.refused.includes('fewer than 12 hex digits'), JSON.stringify(seven))
    assert.deepEqual(naming(B.slice(0, 12)), { accept: [onB] })
    const shared = naming(B.slice(0, 12), { ...history, commits: [SHA, B] })
    assert.ok(
      'refused' in shared && shared.refused.includes(`which starts both ${SHA}`),
      JSON.stringify(shared),
    )
    const pushed = naming(B.slice(0, 12), { ...history, forcePushes: ['2026-11-25T11:06:00Z'] })
    assert.ok('refused' in pushed && pushed.refused.includes('force-pushed at 2026-11-25 11:06:00 UTC'))
    assert.deepEqual(naming(B), { accept: [onB] }, 'the full sha decides alone')
  })

  test('a custom role is named in the refusal with the access it gives', () => {
    const decision = decideAcceptance(
      asking,
      { permission: 'read', name: 'perf_watch*' },
      pull(result('api', 'failure')),
      'acme/shop',
    )
    assert.ok('refused' in decision)
    assert.ok(
      decision.refused.endsWith(String.raw`GitHub gives @someone the role 'perf\_watch\*' (read access).`),
    )
  })
})

describe('the request in the event', () => {
  async function requestFrom(event: string, payload: unknown, label = 'loadgate:accept') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-accept-'))
    try {
      const file = path.join(dir, 'event.json')
      await writeFile(file, JSON.stringify(payload))
      return readAcceptanceRequest(label, { GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: file })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
  const comment = (body: string, login = 'maintainer', pullRequest: unknown = { url: 'u' }) => ({
    action: 'created',
    issue: { number: 3, pull_request: pullRequest },
    comment: { body, user: { login }, created_at: '2026-11-25T10:05:00Z' },
  })

  test('a pull request comment: the first line is the command, the rest of it the reason', async () => {
    assert.deepEqual(
      await requestFrom('issue_comment', comment('/loadgate accept  known   cost\nsecond line')),
      {
        pullNumber: 3,
        login: 'maintainer',
        via: 'comment',
        reason: 'known cost',
        seen: { at: '2026-11-25T10:05:00Z' },
      },
    )
    assert.equal((await requestFrom('issue_comment', comment('/loadgate accept')))?.reason, '')
  })

  test('a comment may name the head it accepts: 7 to 40 hex digits first, with a digit unless all 40', async () => {
    const seen = async (body: string) => {
      const request = await requestFrom('issue_comment', comment(body))
      return [request?.seen.headSha, request?.reason]
    }
    assert.deepEqual(await seen('/loadgate accept 1f3a9c2 known cost'), ['1f3a9c2', 'known cost'])
    assert.deepEqual(await seen(`/loadgate accept ${'B'.repeat(40)} known cost`), [
      'b'.repeat(40),
      'known cost',
    ])
    assert.deepEqual(await seen('/loadgate accept 1f3a9c2'), ['1f3a9c2', ''])
    // Words that look like hex are the reason, not a commit.
    assert.deepEqual(await seen('/loadgate accept acceded to by the team'), [
      undefined,
      'acceded to by the team',
    ])
    assert.deepEqual(await seen('/loadgate accept 1f3a9c known cost'), [undefined, '1f3a9c known cost'])
    assert.deepEqual(await seen('/loadgate accept 1f3a9c2x known cost'), [undefined, '1f3a9c2x known cost'])
  })

  test('anything else is no request', async () => {
    assert.equal(await requestFrom('issue_comment', comment('please /loadgate accept this')), null)
    assert.equal(await requestFrom('issue_comment', comment('/loadgate accepted')), null)
    assert.equal(
      await requestFrom('issue_comment', comment('/loadgate accept x', 'maintainer', null)),
      null,
      'an issue, not a PR',
    )
    assert.equal(
      await requestFrom('issue_comment', comment('/loadgate accept x', 'evil\n::error::')),
      null,
      'a login that is no login',
    )
    assert.equal(
      await requestFrom('issue_comment', { ...comment('/loadgate accept x'), action: 'edited' }),
      null,
    )
    const labelled = (name: string) => ({
      action: 'labeled',
      label: { name },
      pull_request: { number: 4, head: { sha: SHA } },
      sender: { login: 'lead' },
    })
    assert.equal(await requestFrom('pull_request_target', labelled('bug')), null)
    assert.deepEqual(await requestFrom('pull_request_target', labelled('perf-ok'), 'perf-ok'), {
      pullNumber: 4,
      login: 'lead',
      via: 'label',
      reason: 'the perf-ok label',
      seen: { headSha: SHA },
    })
  })

  test('a first line of 65,536 spaces is parsed in bounded time: only its first characters are read', async () => {
    // The old pattern `[ \t]*(.*)$` backtracked over every space for each one when a lone \r (which
    // `.` does not match) ended the line: about 8 s for this body.
    const body = `/loadgate accept${' '.repeat(65_536)}\rthe reason, too far out\nsecond line`
    const started = performance.now()
    const parsed = await requestFrom('issue_comment', comment(body))
    const elapsed = performance.now() - started
    assert.equal(parsed?.reason, '', 'the reason lies beyond the first MAX_COMMAND_LINE characters')
    assert.ok(elapsed < 200, `parsed in ${elapsed.toFixed(0)} ms`)
    const long = `/loadgate accept ${'why '.repeat(MAX_COMMAND_LINE)}`
    assert.equal((await requestFrom('issue_comment', comment(long)))?.reason, 'why '.repeat(75))
    for (const end of ['\r', '\u2028', '\u2029', '\r\n'])
      assert.equal(
        (await requestFrom('issue_comment', comment(`/loadgate accept ok${end}more`)))?.reason,
        'ok',
      )
  })
})

describe('the role GitHub gives (API double checked against the OpenAPI description)', () => {
  test('a custom role is read by the access it is built on, and its name is kept', async () => {
    const double = await startGitHubDouble({
      permissions: { dev: 'write', helper: 'triage' },
      customRoles: {
        lead: { name: 'perf-lead', builtOn: 'write' },
        watcher: { name: 'perf-watch', builtOn: 'triage' },
      },
    })
    try {
      const context = readRunContext({
        GITHUB_REPOSITORY: 'acme/shop',
        GITHUB_API_URL: double.url,
        GITHUB_EVENT_PATH: '',
      })
      const forge = createGitHubForge(context, 'ghs_test')
      assert.deepEqual(await forge.permissionOf('lead'), { permission: 'write', name: 'perf-lead' })
      assert.deepEqual(await forge.permissionOf('watcher'), { permission: 'read', name: 'perf-watch' })
      assert.deepEqual(await forge.permissionOf('dev'), { permission: 'write', name: 'write' })
      assert.deepEqual(await forge.permissionOf('helper'), { permission: 'triage', name: 'triage' })
      assert.deepEqual(await forge.permissionOf('stranger'), { permission: 'none', name: '' })
      const blocked = pull(result('api', 'failure'))
      const lead = decideAcceptance(
        { ...asking, login: 'lead' },
        await forge.permissionOf('lead'),
        blocked,
        'acme/shop',
      )
      assert.deepEqual(lead, { accept: [result('api', 'failure')] })
      const watcher = decideAcceptance(
        { ...asking, login: 'watcher' },
        await forge.permissionOf('watcher'),
        blocked,
        'acme/shop',
      )
      assert.ok('refused' in watcher)
      assert.ok(
        watcher.refused.endsWith(String.raw`GitHub gives @watcher the role 'perf\-watch' (read access).`),
      )
      assert.deepEqual(double.violations, [])
    } finally {
      await double.close()
    }
  })
})

describe('the pull request behind a recorded commit (API double checked against the OpenAPI description)', () => {
  test("its number, loadgate's own sticky comment there and the acceptance that comment records", async () => {
    const merged = 'c'.repeat(40)
    const acceptance = {
      by: 'maintainer',
      at: '2026-11-25T04:00:00.000Z',
      reason: 'known cost',
      via: 'comment' as const,
      headSha: SHA,
      accepted: 'Blocked — p50 +30%',
    }
    const sticky = withAcceptance('<!-- loadgate:api digest=1 -->\n### ❌ Blocked\n', acceptance)
    const double = await startGitHubDouble({
      pulls: [{ number: 7, headSha: merged, state: 'closed' }],
      seededComments: {
        7: [
          { user: 'mallory', body: withAcceptance('<!-- loadgate:web digest=1 -->\nforged\n', acceptance) },
          { user: 'github-actions[bot]', body: sticky },
        ],
      },
    })
    try {
      const context = readRunContext({
        GITHUB_REPOSITORY: 'acme/shop',
        GITHUB_API_URL: double.url,
        GITHUB_EVENT_PATH: '',
      })
      const forge = createGitHubForge(context, 'ghs_test')
      assert.deepEqual(await forge.mergedThrough(merged, 'api'), {
        pullRequest: 7,
        commentUrl: 'https://github.com/acme/shop/pull/7#issuecomment-1001',
        accepted: { by: 'maintainer', at: acceptance.at, reason: 'known cost' },
      })
      assert.deepEqual(
        await forge.mergedThrough(merged, 'web'),
        { pullRequest: 7 },
        "another user's comment is not loadgate's",
      )
      assert.equal(await forge.mergedThrough('d'.repeat(40), 'api'), null)
      assert.deepEqual(double.violations, [])
    } finally {
      await double.close()
    }
  })
})
