import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { assertMeasuringTheHead } from '../../src/measure/checkout'
import { Git } from '../../src/util/git'
import { ACTION_RUN_ID, runAction } from '../../testkit/action'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo, type ExampleRepo } from '../../testkit/example-repo'
import { git } from '../../testkit/git-repos'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'

let repo: ExampleRepo
let double: GitHubDouble
let dir: string
before(async () => {
  repo = await makeExampleRepo({ headEnv: 'LATENCY_PERCENT=30' })
  double = await startGitHubDouble({ pulls: [{ number: 5, headSha: repo.headSha }] })
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-head-check-'))
})
after(async () => {
  await double.close()
  await repo.cleanup()
  await rm(dir, { recursive: true, force: true })
})

const inputs = () => ({
  'github-token': 'ghs_write_token',
  'compose-file': 'compose/compose.yaml',
  service: 'api',
  port: '8080',
  'k6-script': 'compose/k6/api.js',
  'base-ref': repo.baseSha,
})

function pullRequestEvent(name: string) {
  return {
    name,
    payload: {
      pull_request: {
        number: 5,
        base: { ref: 'main', sha: repo.baseSha, repo: { full_name: 'acme/shop' } },
        head: { ref: 'feature', sha: repo.headSha, repo: { full_name: 'acme/shop' } },
      },
      repository: { full_name: 'acme/shop', default_branch: 'main' },
    },
  }
}

/** The action from source in `repo.dir` checked out at `sha`. */
async function runAt(sha: string, eventName: string) {
  git(repo.dir, 'checkout', '-q', '--detach', sha)
  const started = Date.now()
  const run = await runAction({
    dir,
    workspace: repo.dir,
    inputs: inputs(),
    event: pullRequestEvent(eventName),
    apiUrl: double.url,
    entry: 'src/action/index.ts',
  })
  return { ...run, seconds: (Date.now() - started) / 1000 }
}

/**
 * The run failed with one line, before any stack started; GitHub heard nothing, or (`status`) only
 * the gate's pending and then `error` with the same reason, so a required check does not wait.
 */
function assertRefused(run: Awaited<ReturnType<typeof runAt>>, pattern: RegExp, status = false): void {
  assert.equal(run.code, 1, run.stdout)
  const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error::'))
  assert.equal(errors.length, 1, run.stdout)
  assert.match(errors[0]!, pattern)
  assert.doesNotMatch(errors[0]!, /%0A/, 'one line')
  assert.doesNotMatch(run.stdout, /starting (base|head)/)
  if (status) {
    const states = double.state.statuses.map((s) => [s.sha, s.context, s.state])
    assert.deepEqual(states, [
      [repo.headSha, 'loadgate/api', 'pending'],
      [repo.headSha, 'loadgate/api', 'error'],
    ])
    assert.match(double.state.statuses[1]!.description, pattern)
    double.state.statuses.length = 0
    double.state.comments.clear()
  } else assert.deepEqual(double.requests, [])
  assert.equal(run.outputs.verdict, 'ERROR')
  assertNothingLeft(`loadgate-${ACTION_RUN_ID}-`)
}

describe('what is measured is the head that is reported', () => {
  test('attacker: pull_request_target (base checked out, head sha reported) is refused, saying what to use', async () => {
    const run = await runAt(repo.baseSha, 'pull_request_target')
    assertRefused(run, /does not measure on pull_request_target: .*run it on 'pull_request'/)
  })

  test('pull_request_target is refused even with the head checked out (the pwn-request pattern)', async () => {
    const run = await runAt(repo.headSha, 'pull_request_target')
    assertRefused(run, /pull_request_target/)
  })

  test('a checkout that is neither the head nor a merge of it is refused before measuring', async () => {
    const run = await runAt(repo.baseSha, 'pull_request')
    assertRefused(run, /checked-out tree \(\w{12}\) is neither the head being reported \(\w{12}\)/, true)
  })

  test('the head itself, or GitHub’s merge commit of it, even in a shallow clone, is accepted', async () => {
    const head = new Git(repo.dir)
    git(repo.dir, 'checkout', '-q', '--detach', repo.headSha)
    await assertMeasuringTheHead(head, { event: 'pull_request', headSha: repo.headSha })
    git(repo.dir, 'checkout', '-q', '--detach', repo.baseSha)
    git(repo.dir, 'commit', '-q', '--allow-empty', '-m', 'main moves on')
    git(repo.dir, 'merge', '-q', '--no-ff', '-m', 'Merge head into main', repo.headSha)
    git(repo.dir, 'update-ref', 'refs/pull/5/merge', 'HEAD')
    const shallow = path.join(dir, 'shallow')
    git(dir, 'clone', '-q', '--depth=1', '--no-local', '--branch', 'main', repo.dir, shallow)
    git(shallow, 'fetch', '-q', '--depth=1', 'origin', 'refs/pull/5/merge')
    git(shallow, 'checkout', '-q', '--detach', 'FETCH_HEAD')
    await assertMeasuringTheHead(new Git(shallow), { event: 'pull_request', headSha: repo.headSha })
    await assert.rejects(
      assertMeasuringTheHead(new Git(shallow), { event: 'pull_request', headSha: repo.baseSha }),
      /neither the head being reported/,
    )
  })
})
