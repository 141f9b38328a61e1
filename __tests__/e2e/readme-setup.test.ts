import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse, stringify } from 'yaml'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { logTail, packAction, runAct } from '../../testkit/act'
import { makeTestRepo, type TestRepo } from '../../testkit/test-repo'

// The README's setup path, read from the README itself: its workflow file and its loadgate.yml,
// put into a repository holding the bundled example, and a pull request run under act with real
// Docker, Compose, k6 and git against the local GitHub API double. The workflow is used as
// written; loadgate.yml gets CI-length trials (the one change, so the run fits in CI's time).

const TOKEN = 'ghs_readme_setup_token'
let repo: TestRepo
let double: GitHubDouble

/** The README's ```yaml blocks whose first line names the file they are, by that name. */
async function setupFiles(): Promise<Map<string, string>> {
  const readme = await readFile('README.md', 'utf8')
  const files = new Map<string, string>()
  for (const match of readme.matchAll(/^( *)```yaml\n([\s\S]*?)^\1```/gm)) {
    const indent = match[1]!.length
    const text = match[2]!
      .split('\n')
      .map((line) => line.slice(indent))
      .join('\n')
    const name = /^# (\S+)\n/.exec(text)?.[1]
    if (name) files.set(name, text)
  }
  return files
}

before(async () => {
  const files = await setupFiles()
  const workflow = files.get('.github/workflows/loadgate.yml')
  const config = files.get('loadgate.yml')
  assert.ok(workflow && config, `the README shows both files; it shows ${[...files.keys()].join(', ')}`)
  const short = {
    ...(parse(config) as Record<string, unknown>),
    'k6-env': { DURATION: '3s', RATE: '100' },
    warmup: '2s',
    'fresh-instances': 'run',
    'min-rounds': 3,
    'max-rounds': 3,
    'fail-on': 'INVALID', // three rounds can never block a regression: gate on INVALID only
  }
  repo = await makeTestRepo({ workflows: { 'loadgate.yml': workflow } })
  await repo.commitToMain('loadgate.yml, as the README shows it', { 'loadgate.yml': stringify(short) })
})

after(async () => {
  await double?.close()
  await repo?.cleanup()
})

test(
  "the README's one workflow and loadgate.yml gate a pull request: a status and a comment",
  { timeout: 480_000 },
  async () => {
    const pr = await repo.openPullRequest({ number: 31, branch: 'docs', files: { 'README.md': '# shop\n' } })
    double = await startGitHubDouble({
      pulls: [{ number: pr.number, headSha: pr.headSha, author: 'dev', headRef: pr.branch }],
    })
    const run = await runAct({
      cwd: repo.dir,
      workflow: '.github/workflows/loadgate.yml',
      event: 'pull_request',
      eventFile: await repo.pullRequestEvent(pr),
      actionDir: await packAction(path.join(repo.root, 'action')),
      repository: repo.repository,
      token: TOKEN,
      cacheDir: path.join(repo.root, 'act-cache'),
      env: { GITHUB_API_URL: double.url, LOADGATE_TEST_ORIGIN: repo.origin },
      timeoutMs: 420_000,
    })
    assert.equal(run.code, 0, logTail(run))
    const statuses = double.state.statuses.filter((s) => s.sha === pr.headSha && s.context === 'loadgate/api')
    assert.ok(statuses.length > 0, `a loadgate/api status on the head\n${logTail(run)}`)
    assert.equal(statuses.at(-1)!.state, 'success')
    const comments = (double.state.comments.get(pr.number) ?? []).filter((c) =>
      c.body.startsWith('<!-- loadgate:api '),
    )
    assert.equal(comments.length, 1, 'one sticky comment')
    assert.match(comments[0]!.body, /loadgate · api — /)
    assert.ok(!run.log.includes(TOKEN), 'the token never reaches the log')
    assert.deepEqual(double.violations, [])
  },
)
