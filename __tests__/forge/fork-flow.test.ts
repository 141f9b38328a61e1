import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startGitHubDouble } from '../../testkit/github-double'
import { ACTION_RUN_ID, runAction } from '../../testkit/action'
import { makeExampleRepo } from '../../testkit/example-repo'
import { git } from '../../testkit/git-repos'
import { assertNothingLeft } from '../../testkit/docker'

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

describe('fork pull requests', () => {
  test(
    'compare with a read-only token → artifact → report mode → unverified comment and pending status on the right PR',
    { timeout: 400_000 },
    async () => {
      const repo = await makeExampleRepo({ headEnv: 'LATENCY_PERCENT=5' })
      cleanups.push(repo.cleanup)
      // origin holds main (the base); the workspace is the fork's head, as actions/checkout leaves it.
      const origin = path.join(repo.root, 'origin.git')
      git(repo.root, 'init', '-q', '--bare', '-b', 'main', origin)
      git(repo.dir, 'remote', 'add', 'origin', origin)
      git(repo.dir, 'push', '-q', 'origin', `${repo.baseSha}:refs/heads/main`)
      git(repo.dir, 'checkout', '-q', '-b', 'feature')

      const double = await startGitHubDouble({
        pulls: [{ number: 5, headSha: repo.headSha, author: 'contributor' }],
      })
      cleanups.push(() => double.close())
      const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-fork-'))
      cleanups.push(() => rm(dir, { recursive: true, force: true }))
      const pullRequest = {
        number: 5,
        base: { ref: 'main', sha: repo.baseSha, repo: { full_name: 'acme/shop' } },
        head: { ref: 'feature', sha: repo.headSha, repo: { full_name: 'contributor/shop' } },
      }
      const compare = await runAction({
        dir,
        workspace: repo.dir,
        apiUrl: double.url,
        event: {
          name: 'pull_request',
          payload: {
            pull_request: pullRequest,
            repository: { full_name: 'acme/shop', default_branch: 'main' },
          },
        },
        inputs: {
          'github-token': 'ghs_readonly',
          'compose-file': 'compose/compose.yaml',
          service: 'api',
          port: '8080',
          'k6-script': 'compose/k6/api.js',
          prepare: 'bash compose/prepare.sh',
          'k6-env': 'DURATION=2s\nRATE=60',
          'min-rounds': '3',
          'max-rounds': '3',
          'fail-on': 'INVALID',
          warmup: '1s',
        },
      })
      assert.match(compare.stdout, /::warning::This pull request comes from a fork/, compare.stdout)
      assert.deepEqual(double.requests, [], 'a read-only token is never used to write')
      const comparisonFile = path.join(path.dirname(compare.outputs['results-file']!), 'comparison.json')
      assert.ok((await stat(comparisonFile)).size > 0)
      assert.match(compare.summary, /loadgate · api/)
      assertNothingLeft(`loadgate-${ACTION_RUN_ID}-`)

      const report = await runAction({
        dir,
        workspace: dir,
        apiUrl: double.url,
        event: {
          name: 'workflow_run',
          payload: {
            workflow_run: { head_sha: repo.headSha, head_branch: 'feature' },
            repository: { full_name: 'acme/shop' },
          },
        },
        inputs: {
          'report-file': comparisonFile,
          'github-token': 'ghs_write',
          'k6-script': 'compose/k6/api.js',
        },
      })
      assert.equal(report.outputs.verdict, compare.outputs.verdict)
      const comments = double.state.comments.get(5) ?? []
      assert.equal(comments.length, 1, report.stdout)
      assert.match(comments[0]!.body, /^<!-- loadgate:api /)
      assert.match(comments[0]!.body, /Reported by the fork's own run, unverified/)
      // The fork's own result never satisfies the required status.
      assert.deepEqual(
        double.state.statuses.map((s) => [s.sha, s.context, s.state]),
        [[repo.headSha, 'loadgate/api', 'pending']],
      )
      assert.deepEqual(double.violations, [])
    },
  )
})
