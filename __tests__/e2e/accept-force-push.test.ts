import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createGitHubClient } from '../../src/forge/github/client'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { logTail, packAction, runWorkflowOf, workflowForTest, type ActRun } from '../../testkit/act'
import { makeTestRepo, type PullRequestRef, type TestRepo } from '../../testkit/test-repo'

// accept.yml under act (it checks out and measures nothing, so this takes seconds), issue 44's
// scenario: commit B was blocked, then A; a maintainer comments `/loadgate accept` about A, and the
// contributor brings B back before the accept job reads the head. B's failure predates the
// comment, so the time of the result alone accepted B. A force-push after the comment (the PR's
// timeline) refuses it; so does a fast-forward back to B (B a child of A: no force-push), because
// A's result is then loadgate's newest on the PR. The reply gives the command with B's full sha,
// and a comment naming B in full accepts B.

const TOKEN = 'ghs_e2e_accept_force_push_token'
const PR = 41

let repo: TestRepo
let actionDir: string
let double: GitHubDouble
let pr: PullRequestRef
/** The timeline's force-pushes, read by the double at each request. */
const forcePushes: Record<number, string[]> = { [PR]: [] }
/** The PR's commits, read by the double at each request. */
const pullCommits: Record<number, string[]> = {}
let build: string | undefined

async function accept(scenario: string, body: string): Promise<ActRun> {
  return runWorkflowOf(repo, {
    scenario,
    workflow: 'accept.yml',
    event: 'issue_comment',
    eventFile: await repo.commentEvent(pr, 'maintainer', body),
    actionDir,
    apiUrl: double.url,
    token: TOKEN,
    timeoutMs: 120_000,
  })
}

const states = () => double.state.statuses.filter((s) => s.sha === pr.headSha).map((s) => s.state)
const replies = () =>
  (double.state.comments.get(PR) ?? []).filter((c) => !c.body.startsWith('<!-- loadgate:')).map((c) => c.body)

before(async () => {
  await mkdir('test-output/act', { recursive: true })
  repo = await makeTestRepo({ workflows: { 'accept.yml': await workflowForTest('accept.yml', {}) } })
  build = await mkdtemp(path.join(os.tmpdir(), 'loadgate-build-'))
  execFileSync('node', ['scripts/build.mjs', path.join(build, 'dist')], { stdio: 'inherit' })
  for (const file of ['action.yml', 'package.json']) await copyFile(file, path.join(build, file))
  actionDir = await packAction(path.join(repo.root, 'action'), build)
  // B: the commit pushed back, whose blocked result is the older one.
  pr = await repo.openPullRequest({
    number: PR,
    branch: 'cache',
    files: { 'compose/.env': 'LATENCY_PERCENT=100\n' },
  })
  double = await startGitHubDouble({
    pulls: [{ number: PR, headSha: pr.headSha }],
    permissions: { maintainer: 'maintain' },
    forcePushes,
    pullCommits,
    seededComments: {
      [PR]: [
        {
          user: 'github-actions[bot]',
          body: `<!-- loadgate:api digest=1 head=${pr.headSha} -->\n### ❌ loadgate · api — Blocked\n`,
        },
      ],
    },
  })
  pullCommits[PR] = [pr.headSha]
  await createGitHubClient(TOKEN, { baseUrl: double.url }).rest.repos.createCommitStatus({
    owner: 'acme',
    repo: 'shop',
    sha: pr.headSha,
    state: 'failure',
    context: 'loadgate/api',
    description: 'Blocked — p50 of api GET /items/:id +100%',
  })
})

after(async () => {
  await double?.close()
  if (process.env.LOADGATE_E2E_KEEP) console.log(`kept ${repo?.root}`)
  else await repo?.cleanup()
  if (build) await rm(build, { recursive: true, force: true })
})

describe('accepting after the head was force-pushed back to an earlier blocked commit (act)', () => {
  test(
    'a comment naming no commit is refused after a force-push or a fast-forward back; one naming the head accepts it',
    { timeout: 300_000 },
    async () => {
      const B = pr.headSha
      const eventFile = await repo.commentEvent(pr, 'maintainer', '/loadgate accept the cache is worth it')
      // The force-push lands after the comment was written, before the accept job reads the head.
      forcePushes[PR]!.push(new Date(Date.now() + 1000).toISOString())
      const refused = await runWorkflowOf(repo, {
        scenario: 'accept-force-pushed',
        workflow: 'accept.yml',
        event: 'issue_comment',
        eventFile,
        actionDir,
        apiUrl: double.url,
        token: TOKEN,
        timeoutMs: 120_000,
      })
      assert.equal(refused.code, 0, logTail(refused))
      assert.deepEqual(states(), ['failure'], `B is not accepted\n${logTail(refused)}`)
      assert.equal(replies().length, 1, logTail(refused))
      assert.match(
        replies()[0]!,
        new RegExp(
          `^@maintainer: the head branch of this pull request was force-pushed at .* UTC, after your comment ` +
            `\\(.* UTC\\), and its head is now ${B}, .* \`/loadgate accept ${B} <reason>\`\\.$`,
        ),
      )

      // The fast-forward: no force-push, but A (B's parent) was blocked after B.
      forcePushes[PR]!.length = 0
      const A = 'a1'.repeat(20)
      pullCommits[PR] = [A, B]
      await createGitHubClient(TOKEN, { baseUrl: double.url }).rest.repos.createCommitStatus({
        owner: 'acme',
        repo: 'shop',
        sha: A,
        state: 'failure',
        context: 'loadgate/api',
        description: 'Blocked — p95 of api GET /items/:id +3%',
      })
      const fastForward = await accept('accept-fast-forwarded', '/loadgate accept p95 +3% is fine')
      assert.equal(fastForward.code, 0, logTail(fastForward))
      assert.deepEqual(states(), ['failure'], `B is not accepted\n${logTail(fastForward)}`)
      assert.match(
        replies()[1]!,
        new RegExp(`^@maintainer: loadgate's newest result for \`api\` on this pull request is for ${A} `),
      )

      const named = await accept('accept-named-head', `/loadgate accept ${B} the cache is worth it`)
      assert.equal(named.code, 0, logTail(named))
      assert.deepEqual(states(), ['failure', 'success'], logTail(named))
      assert.equal(
        double.state.statuses.at(-1)!.description,
        'Accepted by @maintainer: the cache is worth it',
      )
      assert.deepEqual(double.violations, [])
    },
  )
})
