import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createForge } from '../../../src/forge'
import { readRunContext } from '../../../src/forge/github/context'
import { startGitHubDouble, type GitHubDouble } from '../../../testkit/github-double'

const sha = 'b'.repeat(40)
let dir: string
let double: GitHubDouble
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-pulls-'))
  // Mallory forked the branch of PR #8 and opened #7 with the very same head commit.
  double = await startGitHubDouble({
    pulls: [
      { number: 7, headSha: sha, headRef: 'feature', headRepository: 'mallory/shop' },
      { number: 6, headSha: sha, headRef: 'copy', headRepository: 'acme/shop' },
      { number: 8, headSha: sha, headRef: 'feature', headRepository: 'acme/shop' },
    ],
  })
})
after(async () => {
  await double.close()
  await rm(dir, { recursive: true, force: true })
})

/** The forge of a workflow_run for `sha` pushed to `branch` of `headRepository`. */
async function forgeOf(workflowRun: Record<string, unknown>) {
  const eventPath = path.join(dir, `event-${Math.random().toString(36).slice(2)}.json`)
  await writeFile(
    eventPath,
    JSON.stringify({ workflow_run: workflowRun, repository: { full_name: 'acme/shop' } }),
  )
  const context = readRunContext({
    GITHUB_EVENT_NAME: 'workflow_run',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_API_URL: double.url,
  })
  return { context, forge: createForge(context, 'ghs_token')! }
}

describe('the pull request of a workflow_run', () => {
  test('attacker: another PR with the same head commit is not taken for it; repository and branch must match', async () => {
    const own = await forgeOf({
      head_sha: sha,
      head_branch: 'feature',
      head_repository: { full_name: 'acme/shop' },
    })
    assert.equal(own.context.headRepository, 'acme/shop')
    assert.equal(await own.forge.findPullRequest(sha), 8)
    const fork = await forgeOf({
      head_sha: sha,
      head_branch: 'feature',
      head_repository: { full_name: 'mallory/shop' },
    })
    assert.equal(await fork.forge.findPullRequest(sha), 7)
    const none = await forgeOf({
      head_sha: sha,
      head_branch: 'main',
      head_repository: { full_name: 'acme/shop' },
    })
    assert.equal(
      await none.forge.findPullRequest(sha),
      null,
      'no PR has this head: none, not the first with the sha',
    )
    assert.deepEqual(double.violations, [])
  })
})

describe('the head of a trusted run', () => {
  test("workflow_dispatch measures the commit the maintainer named, not the default branch's tip", async () => {
    const eventPath = path.join(dir, 'dispatch.json')
    const env = {
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: 'a'.repeat(40),
    }
    await writeFile(
      eventPath,
      JSON.stringify({ inputs: { 'pull-request': '7', 'head-sha': sha.toUpperCase() } }),
    )
    assert.equal(readRunContext(env).headSha, sha)
    await writeFile(eventPath, JSON.stringify({ inputs: { 'pull-request': '7', 'head-sha': 'main' } }))
    assert.throws(
      () => readRunContext(env),
      /^LoadgateError: Workflow input 'head-sha' is 'main': expected the PR head's full 40-character commit sha$/,
      'anything but a full sha is refused before anything runs',
    )
  })
})
