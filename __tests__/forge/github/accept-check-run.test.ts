import { describe, test, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import type { Forge, PublishRequest } from '../../../src/forge'
import { readRunContext } from '../../../src/forge/github/context'
import { createGitHubForge } from '../../../src/forge/github/github-forge'
import type { Acceptance } from '../../../src/model/acceptance'
import type { Comparison } from '../../../src/model/types'
import { acceptanceIn } from '../../../src/report/acceptance'
import { comparisons } from '../../../testkit/comparisons'
import { startGitHubDouble, type DoubleOptions, type GitHubDouble } from '../../../testkit/github-double'

// An acceptance turns the blocked status to success: the check run beside it must say the same,
// or the Checks tab keeps a red cross over an accepted pull request. A token without
// `checks: write` still accepts, through the status alone. Checked against the API double.

const HEAD = 'b'.repeat(40)
const PR = 7
let double: GitHubDouble | null = null
afterEach(async () => {
  await double?.close()
  double = null
})

async function onDouble(options: DoubleOptions = {}): Promise<GitHubDouble> {
  double = await startGitHubDouble({ pulls: [{ number: PR, headSha: HEAD, author: 'dev' }], ...options })
  return double
}

/** The forge of one workflow run (its run id tells its check run from another run's). */
function forgeOf(d: GitHubDouble, token: string, runId: string): Forge {
  const context = readRunContext({
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_API_URL: d.url,
    GITHUB_EVENT_PATH: '',
    GITHUB_RUN_ID: runId,
  })
  return createGitHubForge(context, token)
}

function request(comparison: Comparison): PublishRequest {
  const onHead = { ...comparison, meta: { ...comparison.meta, head: { ...comparison.meta.head, sha: HEAD } } }
  return {
    comparison: onHead,
    pullNumber: PR,
    headSha: HEAD,
    links: {},
    comment: 'on',
    status: true,
    review: 'off',
  }
}

const acceptance = (accepted: string, reason = 'known cost of the audit log'): Acceptance => ({
  by: 'maintainer',
  at: '2026-11-25T04:00:00.000Z',
  reason,
  via: 'comment',
  headSha: HEAD,
  accepted,
})

async function accept(forge: Forge, reason?: string): Promise<string | null> {
  const blocked = (await forge.pullRequestResults(PR)).results.find((r) => r.benchmark === 'api')!
  assert.equal(blocked.state, 'failure')
  return forge.markAccepted(PR, blocked, acceptance(blocked.description, reason))
}

const runs = (d: GitHubDouble) => d.state.checkRuns.map((r) => [r.external_id, r.status, r.conclusion])
const newestStatus = (d: GitHubDouble) => d.state.statuses.at(-1)?.state
const sticky = (d: GitHubDouble) => d.state.comments.get(PR)![0]!.body

describe('an acceptance in the Checks tab (API double checked against the OpenAPI description)', () => {
  test("the blocked run's check run turns success, titled with who and why, the accepted comment as its summary", async () => {
    const d = await onDouble()
    // An earlier run on the same head, then the one that blocked.
    await forgeOf(d, 'ghs_write', '30').publish(request(comparisons.inconclusive()))
    await forgeOf(d, 'ghs_write', '31').publish(request(comparisons.regression()))
    assert.deepEqual(runs(d), [
      ['30', 'completed', 'neutral'],
      ['31', 'completed', 'failure'],
    ])
    assert.equal(await accept(forgeOf(d, 'ghs_write', '40')), null)
    assert.deepEqual(
      runs(d),
      [
        ['30', 'completed', 'neutral'],
        ['31', 'completed', 'success'],
      ],
      'the blocked check run itself, no new one',
    )
    const run = d.state.checkRuns[1]!
    assert.equal(run.title, 'Accepted by @maintainer: known cost of the audit log')
    const comment = sticky(d)
    assert.ok(acceptanceIn(comment))
    assert.equal(
      run.summary,
      comment.slice(comment.indexOf('\n') + 1),
      'the accepted comment, no marker line',
    )
    assert.match(run.summary ?? '', /\*\*Accepted\*\* by comment by @maintainer/)
    assert.equal(newestStatus(d), 'success')
    assert.deepEqual(d.violations, [])
  })

  test('a reason with markup and control characters: one plain title line, an escaped summary', async () => {
    const d = await onDouble()
    await forgeOf(d, 'ghs_write', '31').publish(request(comparisons.regression()))
    assert.equal(
      await accept(forgeOf(d, 'ghs_write', '40'), 'ok \u001b[31m<img src=x onerror=alert(1)>'),
      null,
    )
    const run = d.state.checkRuns[0]!
    assert.equal(run.conclusion, 'success')
    assert.equal(run.title, 'Accepted by @maintainer: ok ?[31m<img src=x onerror=alert(1)>')
    assert.equal(run.summary!.includes('<img'), false, run.summary!)
    assert.deepEqual(d.violations, [])
  })

  test('a blocked run that wrote no check run: the acceptance writes one, linking the comment', async () => {
    const d = await onDouble({ tokensWithout: { ghs_statuses_only: ['checks'] } })
    await forgeOf(d, 'ghs_statuses_only', '31').publish(request(comparisons.regression()))
    assert.deepEqual(runs(d), [])
    assert.equal(await accept(forgeOf(d, 'ghs_write', '40')), null)
    assert.deepEqual(runs(d), [[null, 'completed', 'success']])
    const run = d.state.checkRuns[0]!
    assert.equal(run.name, 'loadgate · api')
    assert.equal(run.head_sha, HEAD)
    assert.equal(run.details_url, d.state.statuses.at(-1)!.target_url, 'where the accepted status links')
    assert.deepEqual(d.violations, [])
  })

  test('a token without checks: write accepts through the status alone, without a word', async () => {
    const d = await onDouble({ tokensWithout: { ghs_statuses_only: ['checks'] } })
    await forgeOf(d, 'ghs_write', '31').publish(request(comparisons.regression()))
    assert.equal(await accept(forgeOf(d, 'ghs_statuses_only', '40')), null)
    assert.equal(newestStatus(d), 'success')
    assert.ok(acceptanceIn(sticky(d)))
    assert.deepEqual(runs(d), [['31', 'completed', 'failure']], 'the check run stays as it was')
    const refused = d.requests.filter((r) => r.path.includes('/check-runs') && r.status === 403)
    assert.equal(refused.length, 1, 'the write was tried, and refused')
    assert.deepEqual(d.violations, [])
  })
})
