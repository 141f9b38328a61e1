import { describe, test, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import type { Forge, PublishRequest } from '../../src/forge'
import { readRunContext } from '../../src/forge/github/context'
import { createGitHubForge } from '../../src/forge/github/github-forge'
import type { Comparison } from '../../src/model/types'
import { acceptanceIn } from '../../src/report/acceptance'
import { comparisons } from '../../testkit/comparisons'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'

// A fork can start its own pull_request run again (reopen, an `edited` trigger in its PR) after a
// maintainer's trusted run or acceptance; fork-report.yml then posts with a write token. Its
// unverified result must never rewrite the trusted comment or drop the acceptance record that
// record mode reads back. Checked against the API double.

const HEAD = 'b'.repeat(40)
const PR = 7
let double: GitHubDouble | null = null
afterEach(async () => {
  await double?.close()
  double = null
})

async function forgeOnDouble(): Promise<{ d: GitHubDouble; forge: Forge }> {
  double = await startGitHubDouble({ pulls: [{ number: PR, headSha: HEAD, author: 'contributor' }] })
  const context = readRunContext({
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_API_URL: double.url,
    GITHUB_EVENT_PATH: '',
  })
  return { d: double, forge: createGitHubForge(context, 'ghs_write') }
}

function onHead(comparison: Comparison, sha = HEAD): Comparison {
  return { ...comparison, meta: { ...comparison.meta, head: { ...comparison.meta.head, sha } } }
}

function request(comparison: Comparison, unverified: boolean): PublishRequest {
  return {
    comparison,
    pullNumber: PR,
    headSha: comparison.meta.head.sha,
    links: {},
    comment: 'on',
    status: true,
    review: 'off',
    unverified,
  }
}

const sticky = (d: GitHubDouble) =>
  (d.state.comments.get(PR) ?? []).filter((c) => c.body.startsWith('<!-- loadgate:api '))
const forkReports = (d: GitHubDouble) =>
  (d.state.comments.get(PR) ?? []).filter((c) => c.body.startsWith('<!-- loadgate-fork-report:api '))
const newestStatus = (d: GitHubDouble, sha = HEAD) =>
  d.state.statuses.filter((s) => s.sha === sha && s.context === 'loadgate/api').at(-1)?.state

async function trustedBlockThenAccept(d: GitHubDouble, forge: Forge): Promise<void> {
  await forge.publish(request(onHead(comparisons.regression()), false))
  const pull = await forge.pullRequestResults(PR)
  const blocked = pull.results.find((r) => r.benchmark === 'api')!
  assert.equal(blocked.state, 'failure')
  await forge.markAccepted(PR, blocked, {
    by: 'maintainer',
    at: '2026-11-25T04:00:00.000Z',
    reason: 'known cost of the audit log',
    via: 'comment',
    headSha: HEAD,
    accepted: blocked.description,
  })
  assert.equal(newestStatus(d), 'success')
}

describe("a fork's report beside a trusted result", () => {
  test('the trusted comment and its acceptance survive; the fork’s result goes in its own comment, and the log says so', async () => {
    const { d, forge } = await forgeOnDouble()
    await trustedBlockThenAccept(d, forge)
    const trustedBody = sticky(d)[0]!.body
    assert.ok(acceptanceIn(trustedBody))

    const published = await forge.publish(request(onHead(comparisons.improvement()), true))
    assert.equal(sticky(d).length, 1)
    assert.equal(sticky(d)[0]!.body, trustedBody, 'the trusted comment is byte for byte unchanged')
    assert.equal(newestStatus(d), 'success', 'the accepted status stands')
    assert.deepEqual(await forge.mergedThrough(HEAD, 'api'), {
      pullRequest: PR,
      commentUrl: published.notes[0]!.match(/\((https:[^)]+)\)/)![1],
      accepted: { by: 'maintainer', at: '2026-11-25T04:00:00.000Z', reason: 'known cost of the audit log' },
    })
    assert.equal(forkReports(d).length, 1)
    assert.match(forkReports(d)[0]!.body, /Reported by the fork's own run, unverified/)
    assert.match(forkReports(d)[0]!.body, /a fork's report never edits it/)
    assert.match(forkReports(d)[0]!.body, /improved −20%/)
    assert.equal(published.commentUrl?.endsWith(`#issuecomment-${forkReports(d)[0]!.id}`), true)
    assert.match(
      published.notes.join('\n'),
      /holds a trusted result or an acceptance, which a fork's report never edits/,
    )
    assert.match(published.notes.join('\n'), /status a trusted run or an acceptance set on this commit stays/)

    // Again: the fork's own comment is edited in place, the trusted one still untouched.
    await forge.publish(request(onHead(comparisons.noChange()), true))
    assert.equal(forkReports(d).length, 1)
    assert.equal(sticky(d)[0]!.body, trustedBody)
    assert.deepEqual(d.violations, [])
  })

  test('a trusted comment for an older commit is not rewritten either (a re-run of an old fork run)', async () => {
    const { d, forge } = await forgeOnDouble()
    await forge.publish(request(onHead(comparisons.noChange(), 'a'.repeat(40)), false))
    const trustedBody = sticky(d)[0]!.body
    await forge.publish(request(onHead(comparisons.regression()), true))
    assert.equal(sticky(d)[0]!.body, trustedBody)
    assert.equal(forkReports(d).length, 1)
    assert.equal(newestStatus(d), 'pending', 'this commit has no trusted result: pending')
    assert.deepEqual(d.violations, [])
  })

  // A fork's service chooses its function names, and the trusted comment's profile table shows
  // them: loadgate's unverified tag among them is the result's content, not its provenance.
  test("the unverified tag inside a trusted comment's content does not hand it to the fork's report", async () => {
    const { d, forge } = await forgeOnDouble()
    await forge.publish(request(onHead(comparisons.regression()), false))
    const stored = sticky(d)[0]!
    stored.body += '\n| `<!-- loadgate-unverified -->` | 1.0 ms | +1.0 ms |\n'
    const trustedBody = stored.body
    await forge.publish(request(onHead(comparisons.noChange()), true))
    assert.equal(sticky(d)[0]!.body, trustedBody, 'the trusted comment is unchanged')
    assert.equal(forkReports(d).length, 1)
    assert.equal(newestStatus(d), 'failure')
    assert.deepEqual(d.violations, [])
  })

  // Statuses belong to commits: another pull request may have the same head. A fork's report sets
  // one only on the head of its own pull request.
  test("a fork's report sets no status on a commit that is not its own pull request's head", async () => {
    const { d, forge } = await forgeOnDouble()
    const other = 'e'.repeat(40)
    const moved = await forge.publish(request(onHead(comparisons.invalid(), other), true))
    assert.equal(moved.statusSet, false)
    assert.match(
      moved.notes.join('\n'),
      new RegExp(`no status set on ${other.slice(0, 12)}: it is no longer the head of #${PR}`),
    )
    const orphan = await forge.publish({
      ...request(onHead(comparisons.invalid(), other), true),
      pullNumber: null,
    })
    assert.equal(orphan.statusSet, false)
    assert.match(orphan.notes.join('\n'), /belongs to no open pull request/)
    assert.deepEqual(d.state.statuses, [])
    const own = await forge.publish(request(onHead(comparisons.invalid()), true))
    assert.equal(own.statusSet, true)
    assert.equal(newestStatus(d), 'error')
    assert.deepEqual(d.violations, [])
  })

  test('where no trusted result exists the fork’s result still shows, in the sticky comment a trusted run later takes over', async () => {
    const { d, forge } = await forgeOnDouble()
    const first = await forge.publish(request(onHead(comparisons.improvement()), true))
    assert.deepEqual(first.notes, [])
    assert.equal(sticky(d).length, 1)
    assert.match(sticky(d)[0]!.body, /Reported by the fork's own run, unverified/)
    assert.equal(newestStatus(d), 'pending')
    await forge.publish(request(onHead(comparisons.noChange()), true))
    assert.equal(sticky(d).length, 1, "the fork's own earlier report is edited in place")
    assert.equal(forkReports(d).length, 0)

    const unverifiedRegression = await forge.publish(request(onHead(comparisons.regression()), true))
    assert.ok(unverifiedRegression.commentUrl)
    assert.doesNotMatch(sticky(d)[0]!.body, /\/loadgate accept/, "a fork's own result cannot be accepted")
    await forge.publish(request(onHead(comparisons.regression()), false))
    assert.equal(sticky(d).length, 1, 'the trusted run takes over the same comment')
    assert.doesNotMatch(sticky(d)[0]!.body, /unverified/)
    // The blocked comment gives the command that accepts this very commit, its sha in full.
    assert.ok(sticky(d)[0]!.body.includes(`\n\`\`\`\n/loadgate accept ${HEAD} <reason>\n\`\`\`\n`))
    assert.equal(newestStatus(d), 'failure')
    assert.deepEqual(d.violations, [])
  })
})

describe('an acceptance writes only what it checked, read again just before writing', () => {
  const acceptance = (accepted: string) => ({
    by: 'maintainer',
    at: '2026-11-25T04:00:00.000Z',
    reason: 'known cost of the audit log',
    via: 'comment' as const,
    headSha: HEAD,
    accepted,
  })

  test('a result set on the head after the decision read it: nothing is written, and it says why', async () => {
    const { d, forge } = await forgeOnDouble()
    await forge.publish(request(onHead(comparisons.regression()), false))
    const blocked = (await forge.pullRequestResults(PR)).results.find((r) => r.benchmark === 'api')!
    // A trusted run starts on the same head while the acceptance is being checked.
    await forge.announcePending({ benchmark: 'api', headSha: HEAD, runUrl: '' }, 'measuring base and head…')
    const before = d.state.statuses.length
    const changed = await forge.markAccepted(PR, blocked, acceptance(blocked.description))
    assert.equal(changed, `loadgate's result for \`api\` on ${HEAD} changed while the acceptance was checked`)
    assert.equal(d.state.statuses.length, before, 'no status written')
    assert.equal(newestStatus(d), 'pending')
    assert.equal(acceptanceIn(sticky(d)[0]!.body), null, 'the comment records no acceptance')
    assert.deepEqual(d.violations, [])
  })

  test('unchanged, it is written', async () => {
    const { d, forge } = await forgeOnDouble()
    await forge.publish(request(onHead(comparisons.regression()), false))
    const blocked = (await forge.pullRequestResults(PR)).results.find((r) => r.benchmark === 'api')!
    assert.equal(await forge.markAccepted(PR, blocked, acceptance(blocked.description)), null)
    assert.equal(newestStatus(d), 'success')
    assert.ok(acceptanceIn(sticky(d)[0]!.body))
  })
})
