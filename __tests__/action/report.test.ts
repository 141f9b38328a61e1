import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { runAction } from '../../testkit/action'
import { makeResults, wobble } from '../../testkit/results-factory'

let dir: string
let double: GitHubDouble
const headSha = 'b'.repeat(40)

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-action-'))
  double = await startGitHubDouble({ pulls: [{ number: 12, headSha, author: 'dev' }] })
  const results = makeResults({
    rounds: 12,
    base: (r) => ({ p50: 10 * (1 + wobble(r, 0.04, 1)) }),
    head: (r) => ({ p50: 12 * (1 + wobble(r, 0.04, 2)) }),
  })
  await writeFile(path.join(dir, 'results.json'), JSON.stringify(results))
})
after(async () => {
  await double.close()
  await rm(dir, { recursive: true, force: true })
})

const event = {
  name: 'workflow_run',
  payload: {
    workflow_run: { head_sha: headSha, head_branch: 'feature' },
    repository: { full_name: 'acme/shop', default_branch: 'main' },
  },
}
const inputs = {
  mode: 'report',
  'report-file': path.join('results.json'),
  'github-token': 'ghs_report_token_123',
  // The benchmark as the report workflow configures it: the artifact may not name another.
  'k6-script': 'compose/k6/api.js',
}

describe('node dist/index.js as the runner runs it (report mode, API double)', () => {
  test('posts one comment, updates it on a second run, sets the status, fails exactly as fail-on says', async () => {
    const first = await runAction({ dir, workspace: dir, inputs, event, apiUrl: double.url })
    assert.equal(first.code, 1, first.stdout)
    assert.equal(first.outputs.verdict, 'REGRESSION')
    assert.match(first.outputs['comment-url'] ?? '', /\/pull\/12#issuecomment-\d+/)
    assert.match(
      first.outputs['dashboard-url'] ?? '',
      /^https:\/\/acme\.github\.io\/shop\/loadgate\/#bench=api/,
    )
    assert.match(first.summary, /Blocked — p50 of api GET \/items\/:id/)
    assert.match(first.stdout, /::error::api: Blocked — /)
    assert.doesNotMatch(first.stdout.replace(/^::add-mask::.*$/m, ''), /ghs_report_token_123/)

    const second = await runAction({ dir, workspace: dir, inputs, event, apiUrl: double.url })
    assert.equal(second.code, 1)
    assert.equal(double.state.comments.get(12)?.length, 1, 'still one comment')
    assert.equal(second.outputs['comment-url'], first.outputs['comment-url'])

    const tolerant = await runAction({
      dir,
      workspace: dir,
      inputs: { ...inputs, 'fail-on': 'INVALID' },
      event,
      apiUrl: double.url,
    })
    assert.equal(tolerant.code, 0, tolerant.stdout)
    assert.equal(tolerant.outputs.verdict, 'REGRESSION')
    // A workflow_run report is the fork's own result: pending whatever it says.
    assert.deepEqual(
      double.state.statuses.map((s) => [s.sha, s.context, s.state]),
      [
        [headSha, 'loadgate/api', 'pending'],
        [headSha, 'loadgate/api', 'pending'],
        [headSha, 'loadgate/api', 'pending'],
      ],
    )
    assert.deepEqual(double.violations, [])
  })

  test('an artifact about another commit is refused', async () => {
    const other = { ...event, payload: { ...event.payload, workflow_run: { head_sha: 'c'.repeat(40) } } }
    const run = await runAction({ dir, workspace: dir, inputs, event: other, apiUrl: double.url })
    assert.equal(run.code, 1)
    assert.match(
      run.stdout,
      /::error::api: Input 'report-file' describes commit bbbbbbbbbbbb, but this workflow_run is for cccccccccccc/,
    )
  })

  test('a tampered artifact is rejected with the bad field named', async () => {
    await writeFile(
      path.join(dir, 'bad.json'),
      JSON.stringify({ schemaVersion: 1, benchmark: '<img src=x>', verdict: 'APPROVED' }),
    )
    const run = await runAction({
      dir,
      workspace: dir,
      inputs: { ...inputs, 'report-file': 'bad.json' },
      event,
      apiUrl: double.url,
    })
    assert.equal(run.code, 1)
    assert.match(
      run.stdout,
      /::error::api: Input 'report-file' is '.*bad\.json': not a valid loadgate comparison \(benchmark: /,
    )
  })
})
