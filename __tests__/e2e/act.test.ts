import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { cloneOrigin, git } from '../helpers/git-repos'
import { startGitHubDouble, type GitHubDouble } from '../helpers/github-double'
import { packAction, runAct, shortenedWorkflow, writeEvent } from '../helpers/act'
import { assertNothingLeft } from '../helpers/docker'
import { screenshotComment } from '../helpers/screenshot'

// The example workflows, run by act (a local GitHub Actions runner) against a throwaway
// repository with a bare origin and the local GitHub API double. Docker, k6 and git are real.

let root: string
let origin: string
let repo: string
let actionDir: string
let double: GitHubDouble
const artifacts = () => path.join(root, 'artifacts')
const pulls: Array<{ number: number; headSha: string; author: string }> = []

function commit(message: string): string {
  git(repo, 'add', '-A')
  git(repo, 'commit', '-q', '--allow-empty', '-m', message)
  return git(repo, 'rev-parse', 'HEAD')
}

/** A PR branch off main with one commit that writes `files`; pushed to origin. */
async function pullRequest(number: number, branch: string, files: Record<string, string>) {
  git(repo, 'checkout', '-q', '-B', branch, 'main')
  for (const [file, content] of Object.entries(files)) await writeFile(path.join(repo, file), content)
  const sha = commit(`${branch}: change`)
  git(repo, 'push', '-q', '-f', 'origin', branch)
  git(repo, 'checkout', '-q', 'main')
  pulls.push({ number, headSha: sha, author: 'dev' })
  return sha
}

async function runPullRequest(number: number, branch: string, sha: string) {
  const baseSha = git(repo, 'rev-parse', 'main')
  const eventFile = await writeEvent(path.join(root, `pr-${number}.json`), {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      head: { ref: branch, sha, repo: { full_name: 'acme/shop' } },
      base: { ref: 'main', sha: baseSha, repo: { full_name: 'acme/shop' } },
    },
    repository: { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' }, default_branch: 'main' },
  })
  return act('.github/workflows/pull-request.yml', 'pull_request', eventFile)
}

function act(workflow: string, event: string, eventFile: string) {
  return runAct({
    repoDir: repo,
    workflow,
    event,
    eventFile,
    actionDir,
    token: 'ghs_e2e_token',
    env: {
      GITHUB_API_URL: double.url,
      GITHUB_REPOSITORY: 'acme/shop',
      LOADGATE_TEST_ORIGIN: origin,
      LOADGATE_TEST_ARTIFACTS: artifacts(),
    },
  })
}

function comments(number: number) {
  return (double.state.comments.get(number) ?? []).filter((c) => c.body.startsWith('<!-- loadgate:api '))
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-act-'))
  origin = path.join(root, 'origin.git')
  repo = path.join(root, 'repo')
  actionDir = await packAction(path.join(root, 'action'))
  git(root, 'init', '-q', '--bare', '-b', 'main', origin)
  git(root, 'init', '-q', '-b', 'main', repo)
  const { cp } = await import('node:fs/promises')
  await cp('compose', path.join(repo, 'compose'), {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}bin`) && !src.endsWith('.env'),
  })
  await mkdir(path.join(repo, '.github/workflows'), { recursive: true })
  // Ten rounds, and one extension to twenty when a gated metric is still inconclusive.
  const quick = { 'min-rounds': '10', 'max-rounds': '20', warmup: '2s' }
  await writeFile(
    path.join(repo, '.github/workflows/pull-request.yml'),
    await shortenedWorkflow('pull-request.yml', quick),
  )
  await writeFile(
    path.join(repo, '.github/workflows/record.yml'),
    await shortenedWorkflow('record.yml', { 'min-rounds': '3', 'max-rounds': '3', warmup: '1s' }),
  )
  git(repo, 'remote', 'add', 'origin', origin)
  commit('The service')
  git(repo, 'push', '-q', 'origin', 'main')
  double = await startGitHubDouble({ pulls })
})

after(async () => {
  await double?.close()
  await rm(root, { recursive: true, force: true })
})

describe('example workflows under act', { timeout: 1_800_000 }, () => {
  test('record on the default branch: a run file and the dashboard land on gh-pages', async () => {
    const sha = git(repo, 'rev-parse', 'main')
    const eventFile = await writeEvent(path.join(root, 'push.json'), {
      ref: 'refs/heads/main',
      after: sha,
      repository: { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' }, default_branch: 'main' },
    })
    const result = await act('.github/workflows/record.yml', 'push', eventFile)
    assert.equal(result.code, 0, result.log.slice(-4000))
    assert.match(result.log, /Dashboard - https:\/\/acme\.github\.io\/shop\/loadgate\/#bench=api/)
    const pages = await cloneOrigin(root, origin, 'pages-check')
    git(pages, 'checkout', '-q', 'gh-pages')
    const runs = git(pages, 'ls-files', 'loadgate/data/api/runs')
      .split('\n')
      .filter((f) => /-[0-9a-f]{7}-[^/]+\.json$/.test(f) && !f.includes('benchmark-action'))
    assert.equal(runs.length, 1)
    const record = JSON.parse(await readFile(path.join(pages, runs[0]!), 'utf8'))
    assert.equal(record.meta.head.sha, sha)
    assert.ok(record.series.some((s: { key: string }) => s.key === 'api GET /items/:id'))
    assert.ok((await readdir(path.join(pages, 'loadgate'))).includes('index.html'))
    assert.deepEqual(double.violations, [])
    assertNothingLeft()
  })

  test('a PR that makes every endpoint 25% slower is blocked: one comment, failing status, failed job', async () => {
    const sha = await pullRequest(11, 'slower', { 'compose/.env': 'LATENCY_PERCENT=25\n' })
    const result = await runPullRequest(11, 'slower', sha)
    assert.notEqual(result.code, 0, `the job fails\n${result.log.slice(-6000)}`)
    assert.equal(comments(11).length, 1)
    assert.match(comments(11)[0]!.body, /### ❌ loadgate · api — Blocked — p(50|95) of /)
    assert.deepEqual(
      double.state.statuses.filter((s) => s.sha === sha).map((s) => [s.context, s.state]),
      [['loadgate/api', 'failure']],
    )
    await screenshotComment(comments(11)[0]!.body, 'test-output/pr-comment.png')
    const uploaded = await readdir(path.join(artifacts(), 'loadgate-results'), { recursive: true })
    assert.ok(
      uploaded.some((f) => f.endsWith('comparison.json')),
      'the results were uploaded',
    )
    assert.deepEqual(double.violations, [])
    assertNothingLeft()
  })

  test('a PR with an unrelated change is approved', async () => {
    const sha = await pullRequest(12, 'docs', { 'README.md': '# shop\n' })
    const result = await runPullRequest(12, 'docs', sha)
    assert.equal(result.code, 0, result.log.slice(-3000))
    assert.match(comments(12)[0]?.body ?? '', /### ✅ loadgate · api — Approved — no change/)
    assert.deepEqual(
      double.state.statuses.filter((s) => s.sha === sha).map((s) => s.state),
      ['success'],
    )
    assert.deepEqual(double.violations, [])
  })

  test('a PR whose head returns 5% errors is invalid', async () => {
    const sha = await pullRequest(13, 'flaky', { 'compose/.env': 'ERROR_RATE=0.05\n' })
    const result = await runPullRequest(13, 'flaky', sha)
    assert.notEqual(result.code, 0)
    assert.match(
      comments(13)[0]?.body ?? '',
      /### ⛔ loadgate · api — Invalid run — head returned \d\\\.\d% errors \\\(HTTP 500 ×\d+\\\)/,
    )
    assert.deepEqual(
      double.state.statuses.filter((s) => s.sha === sha).map((s) => s.state),
      ['error'],
    )
    assert.deepEqual(double.violations, [])
  })

  test('the same PR run again: still one comment, updated', async () => {
    const before = { id: comments(11)[0]!.id, updated: comments(11)[0]!.updated_at }
    const patches = double.requests.filter((r) => r.method === 'PATCH').length
    const sha = pulls.find((p) => p.number === 11)!.headSha
    await runPullRequest(11, 'slower', sha)
    assert.equal(comments(11).length, 1)
    assert.equal(comments(11)[0]!.id, before.id, 'the same comment')
    assert.notEqual(comments(11)[0]!.updated_at, before.updated)
    assert.equal(double.requests.filter((r) => r.method === 'PATCH').length, patches + 1, 'edited in place')
    assert.deepEqual(double.violations, [])
    assertNothingLeft()
  })
})
