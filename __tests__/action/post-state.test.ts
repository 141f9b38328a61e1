import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startGitHubDouble } from '../../testkit/github-double'
import { runAction, runPostStep } from '../../testkit/action'
import { makeResults, wobble } from '../../testkit/results-factory'

test('attacker: a `##[save-state]` planted in the log cannot choose what the post step runs', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-post-state-'))
  const headSha = 'b'.repeat(40)
  const double = await startGitHubDouble({ pulls: [{ number: 12, headSha, author: 'dev' }] })
  t.after(() => Promise.all([double.close(), rm(dir, { recursive: true, force: true })]))
  const results = makeResults({
    rounds: 10,
    base: (r) => ({ p50: 10 * (1 + wobble(r, 0.04, 1)) }),
    head: (r) => ({ p50: 10 * (1 + wobble(r, 0.04, 2)) }),
  })
  await writeFile(path.join(dir, 'results.json'), JSON.stringify(results))
  const inputs = {
    mode: 'report',
    'report-file': 'results.json',
    'github-token': 'ghs_x',
    'k6-script': 'api.js',
  }
  const main = await runAction({
    dir,
    workspace: dir,
    entry: 'src/action/index.ts',
    inputs,
    event: {
      name: 'workflow_run',
      payload: { workflow_run: { head_sha: headSha }, repository: { full_name: 'acme/shop' } },
    },
    apiUrl: double.url,
  })
  assert.equal(main.code, 0, main.stdout)

  // A teardown "left behind", as a log line `##[save-state name=loadgate-resources;]…` would set it
  // during the step; the runner then applies the step's state file over it.
  const marker = path.join(dir, 'ran')
  const planted = {
    'loadgate-resources': JSON.stringify([{ kind: 'deployment', id: 'base x', path: `touch ${marker}` }]),
  }
  const post = await runPostStep({ inputs, state: { ...planted, ...main.state }, apiUrl: double.url })
  assert.equal(post.code, 0, post.stdout)
  assert.equal(existsSync(marker), false, post.stdout)
  assert.equal(main.state['loadgate-gates'], '[]', 'no planted pending status to settle either')
})
