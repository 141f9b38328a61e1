import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { marked } from 'marked'
import { parseDocument, type YAMLSeq } from 'yaml'
import { acceptanceIn } from '../../src/report/acceptance'
import { startGitHubDouble, type DoubleOptions, type GitHubDouble } from '../../testkit/github-double'
import { logTail, packAction, runAct, workflowForTest, type ActRun } from '../../testkit/act'
import { loadgateLeftovers } from '../../testkit/docker'
import { git } from '../../testkit/git-repos'
import { screenshotComment } from '../../testkit/screenshot'
import { makeTestRepo, type PullRequestRef, type TestRepo } from '../../testkit/test-repo'

// The example workflows (workflows/*.yml) run by act, a local GitHub Actions runner, against a
// throwaway repository with a bare origin and the local GitHub API double. Docker, Compose, k6 and
// git are real; only GitHub's own actions (checkout, upload/download-artifact) are local stand-ins.
// CI settings: 2-second trials at 200 requests/s and a 2-second warm-up; the blocked PR keeps the
// example's rounds (looks at 10, 15 and 20) so that its verdict is the one a user's run would
// reach, the approved one runs six. Scenarios that need no significance run 3 rounds
// (repository variables LOADGATE_MIN_ROUNDS / LOADGATE_MAX_ROUNDS; empty means the default).

const TOKEN = 'ghs_e2e_write_token'
/** A workflow token without `checks: write`: its runs fall back to the commit status alone. */
const STATUSES_ONLY_TOKEN = 'ghs_e2e_statuses_only'
const OUTPUT = 'test-output/act'
// Three rounds can never show a significant regression, and such a gate is refused: these runs gate on INVALID only.
// They keep one instance per arm, the quickest: e2e/fresh-instances covers recreation.
const quick = {
  LOADGATE_MIN_ROUNDS: '3',
  LOADGATE_MAX_ROUNDS: '3',
  LOADGATE_FAIL_ON: 'INVALID',
  LOADGATE_FRESH_INSTANCES: 'run',
}

let repo: TestRepo
let actionDir: string
let double: GitHubDouble
/** The options the double was started with: it reads them at each request (a label added later). */
let doubleOptions: DoubleOptions = {}
const prs: Record<
  'slower' | 'slowerToo' | 'docs' | 'flaky' | 'fork' | 'adopt' | 'regress' | 'unlabelled' | 'adoptNewService',
  PullRequestRef
> = {} as never
/** What the pull request that adopts loadgate adds to a repository holding only its service's code. */
const HARNESS = [
  'loadgate.yml',
  '.github',
  'compose/compose.yaml',
  'compose/api/Dockerfile',
  'compose/store/Dockerfile',
  'compose/prepare.sh',
  'compose/k6',
]
// A gated target lets three rounds block (no significance is needed to miss it): POST /orders takes
// about 8 ms, five times as long at LATENCY_PERCENT=400 on that route (the other routes unchanged,
// so k6 keeps its rate).
const adoption = {
  LOADGATE_MIN_ROUNDS: '3',
  LOADGATE_MAX_ROUNDS: '3',
  LOADGATE_THRESHOLDS: 'p50 +10%; p90 +10% inform; api POST /orders: p50 +10% < 20ms',
}
const timings: Array<{ scenario: string; workflow: string; seconds: number; code: number }> = []

async function act(
  scenario: string,
  workflow: string,
  event: string,
  eventFile: string,
  vars: Record<string, string> = {},
  token = TOKEN,
): Promise<ActRun> {
  const run = await runAct({
    cwd: repo.dir,
    workflow: `.github/workflows/${workflow}`,
    event,
    eventFile,
    actionDir,
    repository: repo.repository,
    token,
    vars,
    cacheDir: path.join(repo.root, 'act-cache'),
    env: {
      GITHUB_API_URL: double.url,
      LOADGATE_TEST_ORIGIN: repo.origin,
      LOADGATE_TEST_ARTIFACTS: artifacts(),
    },
    timeoutMs: 480_000,
  })
  timings.push({ scenario, workflow, seconds: Math.round(run.seconds), code: run.code })
  await writeFile(path.join(OUTPUT, `${scenario}.log`), run.log)
  // Only this run's Compose projects: other tests may share the Docker engine.
  const left = loadgateLeftovers().filter((name) => name.startsWith(`loadgate-${run.runId}-`))
  assert.deepEqual(left, [], `the run left Docker resources behind\n${logTail(run)}`)
  return run
}

const artifacts = () => path.join(repo.root, 'artifacts')

function runPullRequest(
  scenario: string,
  pr: PullRequestRef,
  vars: Record<string, string> = {},
  token = TOKEN,
) {
  return repo
    .pullRequestEvent(pr)
    .then((file) => act(scenario, 'pull-request.yml', 'pull_request', file, vars, token))
}

/** The outputs of the gate's step as a later step of the job read them (see withOutputsStep). */
async function laterStepOutputs(
  run: ActRun,
): Promise<{ verdicts: string; markdown: string; comparison: string; report: string }> {
  const dir = path.join(artifacts(), 'outputs', run.runId)
  const read = (name: string) => readFile(path.join(dir, name), 'utf8')
  return {
    verdicts: await read('verdicts.json'),
    markdown: await read('comment.md'),
    comparison: await read('comparison.json'),
    report: await read('report.html'),
  }
}

/**
 * pull-request.yml with one more step, as a team would add one: it reads the gate's new outputs
 * and copies what they name out of the job (act removes a passing job's folder).
 */
function withOutputsStep(workflow: string): string {
  const doc = parseDocument(workflow)
  const steps = doc.getIn(['jobs', 'performance', 'steps']) as YAMLSeq
  steps.add(
    doc.createNode({
      if: 'always()',
      env: {
        VERDICTS: '${{ steps.loadgate.outputs.verdicts-json }}',
        MARKDOWN: '${{ steps.loadgate.outputs.comment-markdown }}',
        COMPARISON: '${{ steps.loadgate.outputs.comparison-file }}',
        REPORT: '${{ steps.loadgate.outputs.report-html-file }}',
      },
      run: [
        'out="$LOADGATE_TEST_ARTIFACTS/outputs/$GITHUB_RUN_ID" && mkdir -p "$out"',
        'printf %s "$VERDICTS" > "$out/verdicts.json"',
        'printf %s "$MARKDOWN" > "$out/comment.md"',
        'cp "$COMPARISON" "$out/comparison.json"',
        'cp "$REPORT" "$out/report.html"',
      ].join('\n'),
    }),
  )
  return doc.toString()
}

function checkRuns(pr: PullRequestRef) {
  return double.state.checkRuns.filter((r) => r.head_sha === pr.headSha)
}

/** accept.yml for one comment or label event. */
async function acceptRun(scenario: string, event: string, eventFile: Promise<string>): Promise<ActRun> {
  return act(scenario, 'accept.yml', event, await eventFile)
}

function stickyComments(pr: PullRequestRef) {
  return (double.state.comments.get(pr.number) ?? []).filter((c) => c.body.startsWith('<!-- loadgate:api '))
}

/**
 * The one loadgate comment on the PR, saved to test-output/act/; GitHub's rendering of it must show
 * escaped text as written (an entity shown as text means it was escaped twice).
 */
async function theComment(pr: PullRequestRef, scenario: string) {
  const comments = stickyComments(pr)
  assert.equal(comments.length, 1, `one loadgate comment on PR ${pr.number}`)
  const comment = comments[0]!
  await writeFile(path.join(OUTPUT, `${scenario}-comment.md`), comment.body)
  const html = marked.parse(comment.body, { async: false })
  const shown = /&amp;(#\d+|lt|gt|quot|amp|apos);/.exec(html)
  assert.equal(shown, null, `the comment shows '${shown?.[0]}' as text:\n${comment.body.slice(0, 400)}`)
  return comment
}

function statuses(pr: PullRequestRef) {
  return double.state.statuses.filter((s) => s.sha === pr.headSha).map((s) => [s.context, s.state])
}

/** What a step set with `::set-output::`, as act logs it. */
function output(run: ActRun, name: string): string | undefined {
  return new RegExp(`::set-output:: ${name}=(.*)`).exec(run.log)?.[1]?.trim()
}

before(async () => {
  await mkdir(OUTPUT, { recursive: true })
  const inputs = {
    warmup: '2s',
    // Empty (the default, fresh instances every round) where a run must decide: one instance per arm
    // decides no gated metric.
    'fresh-instances': '${{ vars.LOADGATE_FRESH_INSTANCES }}',
    'min-rounds': '${{ vars.LOADGATE_MIN_ROUNDS }}',
    'max-rounds': '${{ vars.LOADGATE_MAX_ROUNDS }}',
    'fail-on': '${{ vars.LOADGATE_FAIL_ON }}',
    thresholds: '${{ vars.LOADGATE_THRESHOLDS }}',
  }
  const k6Env = { DURATION: '2s', RATE: '200' }
  repo = await makeTestRepo({
    workflows: {
      'pull-request.yml': withOutputsStep(await workflowForTest('pull-request.yml', { inputs, k6Env })),
      'record.yml': await workflowForTest('record.yml', { inputs, k6Env }),
      'fork-report.yml': await workflowForTest('fork-report.yml', {}),
      'accept.yml': await workflowForTest('accept.yml', {}),
    },
  })
  actionDir = await packAction(path.join(repo.root, 'action'))
  prs.slower = await repo.openPullRequest({
    number: 11,
    branch: 'slower',
    files: { 'compose/.env': 'LATENCY_PERCENT=25\n' },
  })
  prs.slowerToo = await repo.openPullRequest({
    number: 15,
    branch: 'slower-too',
    files: { 'compose/.env': 'LATENCY_PERCENT=25\n' },
  })
  prs.docs = await repo.openPullRequest({ number: 12, branch: 'docs', files: { 'README.md': '# shop\n' } })
  prs.flaky = await repo.openPullRequest({
    number: 13,
    branch: 'flaky',
    files: { 'compose/.env': 'ERROR_RATE=0.05\n' },
  })
  prs.fork = await repo.openPullRequest({
    number: 14,
    branch: 'typo',
    fork: 'contributor/shop',
    files: { 'README.md': '# shop (typo fixed)\n' },
  })
  // A repository with its service's code only, whose first pull request adds loadgate; once merged,
  // the next pull request makes POST /orders five times slower.
  const harness = git(repo.dir, 'ls-tree', '-r', '--name-only', 'main', '--', ...HARNESS).split('\n')
  await repo.commitToBranch('service-only', 'main', 'The service', { remove: HARNESS })
  prs.adopt = await repo.openPullRequest({
    number: 16,
    branch: 'adopt-loadgate',
    base: 'service-only',
    files: Object.fromEntries(harness.map((file) => [file, `${git(repo.dir, 'show', `main:${file}`)}\n`])),
  })
  // The same, where the harness needs a service the base lacks: the base cannot run it.
  const withStore = git(repo.dir, 'ls-tree', '-r', '--name-only', 'main', '--', 'compose/store', ...HARNESS)
  await repo.commitToBranch('service-without-store', 'service-only', 'Without the store', {
    remove: ['compose/store'],
  })
  prs.adoptNewService = await repo.openPullRequest({
    number: 19,
    branch: 'adopt-with-store',
    base: 'service-without-store',
    files: Object.fromEntries(
      withStore.split('\n').map((file) => [file, `${git(repo.dir, 'show', `main:${file}`)}\n`]),
    ),
  })
  await repo.commitToBranch('service-only', prs.adopt.headSha, 'Merge #16', {})
  prs.regress = await repo.openPullRequest({
    number: 17,
    branch: 'slower-after-adoption',
    base: 'service-only',
    files: { 'compose/.env': 'LATENCY_PERCENT=400\nLATENCY_ROUTE=POST /orders\n' },
  })
  prs.unlabelled = await repo.openPullRequest({
    number: 18,
    branch: 'no-label',
    files: { 'README.md': '# shop, unlabelled\n' },
  })
  double = await startGitHubDouble(
    (doubleOptions = {
      pulls: Object.values(prs).map((pr) => ({
        number: pr.number,
        headSha: pr.headSha,
        author: 'dev',
        headRef: pr.branch,
        headRepository: pr.headRepository,
      })),
      permissions: { maintainer: 'maintain', reader: 'read' },
      tokensWithout: { [STATUSES_ONLY_TOKEN]: ['checks'] },
    }),
  )
})

after(async () => {
  await double?.close()
  await writeFile(path.join(OUTPUT, 'timings.json'), JSON.stringify(timings, null, 2))
  console.log(timings.map((t) => `${t.scenario}: ${t.seconds} s (exit ${t.code})`).join('\n'))
  if (process.env.LOADGATE_E2E_KEEP) console.log(`kept ${repo?.root}`)
  else await repo?.cleanup()
})

describe('example workflows under act', () => {
  test(
    'record on the default branch: a run file and the dashboard land on gh-pages',
    { timeout: 300_000 },
    async () => {
      const sha = git(repo.dir, 'rev-parse', 'main')
      const run = await act('record', 'record.yml', 'push', await repo.pushEvent(), quick)
      assert.equal(run.code, 0, logTail(run))
      assert.match(run.log, /Dashboard - https:\/\/acme\.github\.io\/shop\/loadgate\/#bench=api/)

      const pages = await repo.ghPages()
      const runFile = new RegExp(
        `^loadgate/data/api/runs/\\d{4}/\\d{2}/[^/]+-${sha.slice(0, 7)}-${run.runId}\\.json$`,
      )
      const runFiles = pages.files.filter((f) => runFile.test(f))
      assert.equal(runFiles.length, 1, `one run file for this run in:\n${pages.files.join('\n')}`)
      const record = JSON.parse(await pages.read(runFiles[0]!))
      assert.equal(record.meta.head.sha, sha)
      assert.equal(record.branch, 'main')
      assert.equal(record.verdict, null, 'a valid run')
      assert.deepEqual(record.series.map((s: { key: string }) => s.key).sort(), [
        'all requests',
        'api GET /inventory/:id',
        'api GET /items/:id',
        'api POST /orders',
      ])
      assert.equal(record.trials['api GET /items/:id'].p50.length, 3, 'three measured trials')
      assert.ok(record.trials['api GET /items/:id'].p50.every((v: number) => v > 0))

      for (const file of ['loadgate/index.html', 'loadgate/data/index.json', 'loadgate/data/api/runs.json'])
        assert.ok(pages.files.includes(file), `${file} on gh-pages`)
      const index = JSON.parse(await pages.read('loadgate/data/index.json'))
      assert.deepEqual(
        index.benchmarks.map((b: { name: string; runs: number }) => [b.name, b.runs]),
        [['api', 1]],
      )
      const runs = JSON.parse(await pages.read('loadgate/data/api/runs.json'))
      assert.deepEqual(
        [runs.runs.id, runs.runs.sha, runs.runs.branch.map((i: number) => runs.values.branch[i])],
        [[run.runId], [sha.slice(0, 12)], ['main']],
      )
      const items = runs.series.find((s: { key: string }) => s.key === 'api GET /items/:id')
      const chart = JSON.parse(await pages.read(`loadgate/data/api/series/${items.file}`))
      assert.equal(chart.metrics.p50.median.length, 1)
      assert.ok(
        double.requests.every((r) => r.method === 'GET'),
        'recording writes nothing to the GitHub API',
      )
      assert.deepEqual(double.violations, [])
    },
  )

  test(
    "adoption: a repository with only its service's code, the PR that adds loadgate passes (its base measured with the head's harness), the next PR that regresses is blocked",
    { timeout: 480_000 },
    async () => {
      const first = await runPullRequest('adopt', prs.adopt, adoption)
      assert.equal(first.code, 0, `the adoption PR passes\n${logTail(first)}`)
      const comment = await theComment(prs.adopt, 'adopt')
      assert.match(
        comment.body,
        /\nℹ️ The base commit has no benchmark harness: it was measured with this pull request's .*: borrowed `compose\/api\/Dockerfile`, `compose\/compose\.yaml`, `compose\/prepare\.sh`, `compose\/store\/Dockerfile`\. /,
      )
      assert.match(comment.body, /Base and head measured in this job, 3 interleaved rounds/)
      // 3 trials cannot show the target met beyond doubt: the line says so rather than ✅.
      assert.match(comment.body, /❔ p50 of api POST \/orders &lt; 20ms: head/)
      assert.deepEqual(statuses(prs.adopt), [
        ['loadgate/api', 'pending'],
        ['loadgate/api', 'success'],
      ])

      // Six rounds: the fewest whose trials can show a 5x slower p50 (and its missed target) beyond doubt.
      const sixRounds = { ...adoption, LOADGATE_MIN_ROUNDS: '6', LOADGATE_MAX_ROUNDS: '6' }
      const second = await runPullRequest('adopted-then-slower', prs.regress, sixRounds)
      assert.notEqual(second.code, 0, `the job fails\n${logTail(second)}`)
      assert.match(output(second, 'verdict') ?? '', /^(REGRESSION|TARGET_MISSED)$/, logTail(second))
      const blocked = await theComment(prs.regress, 'adopted-then-slower')
      assert.match(blocked.body, /### ❌ loadgate · api — Blocked — p50 of api POST \/orders /)
      assert.match(blocked.body, /❌ p50 of api POST \/orders &lt; 20ms: head/)
      assert.doesNotMatch(blocked.body, /no benchmark harness/, 'the base has its own harness now')
      assert.deepEqual(statuses(prs.regress).at(-1), ['loadgate/api', 'failure'])
      assert.deepEqual(double.violations, [])
    },
  )

  test(
    'adoption where the base cannot run the harness (it adds a service too): the head measured alone, success, no comparison claimed',
    { timeout: 300_000 },
    async () => {
      const run = await runPullRequest('adopt-no-base', prs.adoptNewService, adoption)
      assert.equal(run.code, 0, `a first contact passes\n${logTail(run)}`)
      assert.equal(output(run, 'verdict'), 'NO_BASE', logTail(run))
      assert.match(
        run.log,
        /the base commit cannot be measured with the head's harness .*; measuring the head alone/,
      )
      const comment = await theComment(prs.adoptNewService, 'adopt-no-base')
      assert.match(
        comment.body,
        /### ℹ️ loadgate · api — Not compared — no base to compare with: the head was measured alone \\\(3 rounds\\\)/,
      )
      assert.match(comment.body, /\nHead measured alone in this job, 3 rounds · head `[0-9a-f]{7}`/)
      assert.match(comment.body, /Input 'prepare' failed in the base tree/)
      // 3 trials cannot show a target met (or missed) beyond doubt: the mark says so.
      assert.match(comment.body, /\| api POST \/orders \| p50 \| [\d.\\]+ ms \| ❔ &lt; 20ms \|/)
      assert.doesNotMatch(comment.body, /Approved|Blocked|no change/)
      const final = double.state.statuses.filter((s) => s.sha === prs.adoptNewService.headSha).at(-1)!
      assert.deepEqual([final.context, final.state], ['loadgate/api', 'success'])
      assert.match(final.description, /^Not compared — no base to compare with/)
      assert.deepEqual(double.violations, [])
    },
  )

  test(
    'a PR that makes every endpoint 25% slower is blocked: one comment, failing status, failed job',
    { timeout: 480_000 },
    async () => {
      const run = await runPullRequest('blocked', prs.slower)
      assert.notEqual(run.code, 0, `the job fails\n${logTail(run)}`)
      assert.equal(output(run, 'verdict'), 'REGRESSION', logTail(run))
      const comment = await theComment(prs.slower, 'blocked')
      assert.match(comment.body, /### ❌ loadgate · api — Blocked — p(50|95) of /)
      // The profiling pair ran after the verdict: where the CPU went, or in one line why not.
      assert.match(comment.body, /\*\*Where the CPU went\*\* — |_No CPU profile: perf unavailable/)
      // Pending from the start of the run (with its link), then the verdict.
      assert.deepEqual(statuses(prs.slower), [
        ['loadgate/api', 'pending'],
        ['loadgate/api', 'failure'],
      ])
      // Beside it, the check run this run started: failure, the headline as title, the comment as summary.
      const [check, ...others] = checkRuns(prs.slower)
      assert.deepEqual(others, [], 'one check run, started in progress and completed')
      assert.deepEqual(
        [check?.name, check?.status, check?.conclusion],
        ['loadgate · api', 'completed', 'failure'],
      )
      assert.equal(check!.external_id, run.runId)
      assert.match(check!.title ?? '', /^Blocked — p(50|95) of /)
      assert.equal(check!.summary, comment.body.slice(comment.body.indexOf('\n') + 1))
      assert.ok(check!.updated.length >= 2, 'created in progress, then completed')
      // An error annotation on the run's page, titled with the benchmark.
      assert.match(run.log, /::error title=loadgate · api::Blocked — p(50|95) of /)
      // A later step reads the new outputs.
      const outputs = await laterStepOutputs(run)
      const [verdict] = JSON.parse(outputs.verdicts)
      assert.deepEqual([verdict.benchmark, verdict.verdict, verdict.blocking], ['api', 'REGRESSION', true])
      assert.equal(verdict.headline, check!.title)
      assert.ok(
        verdict.gated.some((g: { verdict: string }) => g.verdict === 'REGRESSION'),
        outputs.verdicts,
      )
      assert.equal(outputs.markdown.trimEnd(), comment.body.trimEnd())
      assert.equal(JSON.parse(outputs.comparison).verdict, 'REGRESSION')
      assert.match(outputs.report, /^<!doctype html>/i)
      assert.match(run.log, /Summary - [^\n]*\n*[^\n]*Blocked/, 'the job summary has the verdict')
      await screenshotComment(comment.body, 'test-output/pr-comment.png')
      // The artifact is laid out as actions/upload-artifact lays it out: the work directory's contents.
      const uploaded = await readdir(path.join(artifacts(), run.runId, 'loadgate-results', 'api'))
      assert.ok(uploaded.includes('comparison.json') && uploaded.includes('results.json'), uploaded.join(' '))
      assert.deepEqual(double.violations, [])
    },
  )

  test(
    "accepting a blocked PR: a reader's comment is ignored without a reply; a maintainer's accepts with a reason",
    { timeout: 180_000 },
    async () => {
      const before = statuses(prs.slower)
      const refused = await acceptRun(
        'accept-refused',
        'issue_comment',
        repo.commentEvent(prs.slower, 'reader', '/loadgate accept looks fine to me'),
      )
      assert.equal(refused.code, 0, logTail(refused))
      assert.deepEqual(
        (double.state.comments.get(prs.slower.number) ?? []).filter((c) => c.body.startsWith('@reader')),
        [],
        'no reply to a user who may not accept',
      )
      assert.match(
        refused.log,
        /'\/loadgate accept' by reader on #\d+ ignored: read access/,
        logTail(refused),
      )
      assert.deepEqual(statuses(prs.slower), before, 'a refused acceptance changes no status')
      assert.equal(acceptanceIn((await theComment(prs.slower, 'accept-refused')).body), null)

      const reason = 'the audit log costs 25% on purpose (#42)'
      const accepted = await acceptRun(
        'accept-comment',
        'issue_comment',
        repo.commentEvent(prs.slower, 'maintainer', `/loadgate accept ${reason}\nmore words`),
      )
      assert.equal(accepted.code, 0, logTail(accepted))
      const status = double.state.statuses.filter((s) => s.sha === prs.slower.headSha).at(-1)!
      assert.deepEqual([status.context, status.state], ['loadgate/api', 'success'])
      assert.equal(status.description, `Accepted by @maintainer: ${reason}`)
      const comment = await theComment(prs.slower, 'accept-comment')
      assert.match(
        comment.body,
        /^<!-- loadgate:api digest=\w+ head=[0-9a-f]{40} -->\n<!-- loadgate-accepted /,
      )
      assert.match(comment.body, /\*\*Accepted\*\* by comment by @maintainer on .* UTC for [0-9a-f]{7}: /)
      assert.match(comment.body, /— Blocked —/, 'the blocked result stays below the note')
      const record = acceptanceIn(comment.body)
      assert.deepEqual(
        { by: record?.by, via: record?.via, reason: record?.reason, sha: record?.headSha },
        { by: 'maintainer', via: 'comment', reason, sha: prs.slower.headSha },
      )
      assert.match(record?.accepted ?? '', /^Blocked — /, 'what was accepted: the blocked status')
      assert.deepEqual(double.violations, [])
    },
  )

  test("a maintainer's label accepts a blocked PR", { timeout: 480_000 }, async () => {
    // Three rounds can never be significant, so the verdict is INCONCLUSIVE, and fail-on makes that block:
    // the same block a maintainer accepts, at a third of the REGRESSION run's time.
    const run = await runPullRequest('blocked-too', prs.slowerToo, {
      ...quick,
      LOADGATE_FAIL_ON: 'INCONCLUSIVE',
    })
    assert.notEqual(run.code, 0, `the job fails\n${logTail(run)}`)
    assert.equal(output(run, 'verdict'), 'INCONCLUSIVE', logTail(run))
    assert.deepEqual(statuses(prs.slowerToo).at(-1), ['loadgate/api', 'failure'])
    // The pull request's timeline says when the label was added: after the blocking result.
    doubleOptions.labelled = {
      [prs.slowerToo.number]: [{ name: 'loadgate:accept', at: new Date().toISOString(), by: 'maintainer' }],
    }
    const labelled = await acceptRun(
      'accept-label',
      'pull_request_target',
      repo.labelEvent(prs.slowerToo, 'maintainer', 'loadgate:accept'),
    )
    assert.equal(labelled.code, 0, logTail(labelled))
    assert.doesNotMatch(labelled.log, /actions\/checkout/, 'accepting never checks out code')
    assert.deepEqual(statuses(prs.slowerToo).at(-1), ['loadgate/api', 'success'])
    const comment = await theComment(prs.slowerToo, 'accept-label')
    assert.match(comment.body, /\*\*Accepted\*\* by label by @maintainer .*: the loadgate:accept label/)
    assert.equal(acceptanceIn(comment.body)?.via, 'label')
    assert.deepEqual(double.violations, [])
  })

  test('a PR with an unrelated change is approved', { timeout: 600_000 }, async () => {
    // This test is about the approval reaching the PR, not about the default δ (bench/ measures
    // that on a quiet machine). Six rounds are the fewest whose interval can exclude a change: there
    // it spans the rounds' own range, and a median's rounds beside act, Docker and k6 on two shared
    // cores stay within ±25%. A tail rests on 40–80 requests in a 2-second trial (±30–50% a trial),
    // so the tails inform. No error in some 400 requests of an endpoint bounds its rate at about
    // +0.7 pp, hence +2 pp.
    const run = await runPullRequest('approved', prs.docs, {
      LOADGATE_MIN_ROUNDS: '6',
      LOADGATE_MAX_ROUNDS: '6',
      LOADGATE_THRESHOLDS: 'p50 +25%; p90 +25% inform; error_rate +2pp',
    })
    assert.equal(run.code, 0, logTail(run))
    assert.equal(output(run, 'verdict'), 'NO_CHANGE', logTail(run))
    const comment = await theComment(prs.docs, 'approved')
    assert.match(comment.body, /### ✅ loadgate · api — Approved — no (change|regression) ≥/)
    assert.deepEqual(statuses(prs.docs), [
      ['loadgate/api', 'pending'],
      ['loadgate/api', 'success'],
    ])
    assert.deepEqual(double.violations, [])
  })

  test('a PR whose head returns 5% errors is invalid', { timeout: 300_000 }, async () => {
    // A token without checks: write (the workflow gives statuses only): the status alone says it.
    const run = await runPullRequest('invalid', prs.flaky, quick, STATUSES_ONLY_TOKEN)
    assert.notEqual(run.code, 0, `the job fails\n${logTail(run)}`)
    assert.equal(output(run, 'verdict'), 'INVALID', logTail(run))
    const comment = await theComment(prs.flaky, 'invalid')
    assert.match(
      comment.body,
      /### ⛔ loadgate · api — Invalid run — head returned \d\\?\.\d% errors \\?\(HTTP 500 ×\d+\\?\)/,
    )
    // INVALID is a failing verdict reported as `error`: the measurement, not the code, failed.
    assert.deepEqual(statuses(prs.flaky), [
      ['loadgate/api', 'pending'],
      ['loadgate/api', 'error'],
    ])
    assert.deepEqual(checkRuns(prs.flaky), [], 'no check run without checks: write')
    assert.match(run.log, /api: no check run \(HTTP 403\): the token cannot write check runs/)
    assert.doesNotMatch(run.log, /::warning::[^\n]*check run/, 'a note, not a warning')
    assert.deepEqual(double.violations, [])
  })

  test('the same PR run again: still one comment, edited in place', { timeout: 300_000 }, async () => {
    const first = stickyComments(prs.slower)[0]!
    const before = { id: first.id, updated: first.updated_at }
    const posts = double.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments')).length
    // Three rounds this time: too few to be significant, so the verdict — and the comment — change.
    const run = await runPullRequest('rerun', prs.slower, quick)
    assert.equal(run.code, 0, logTail(run))
    const comment = await theComment(prs.slower, 'rerun')
    assert.equal(comment.id, before.id, 'the same comment')
    assert.notEqual(comment.updated_at, before.updated)
    assert.match(comment.body, /— Inconclusive —/)
    assert.equal(acceptanceIn(comment.body), null, 'a new run judges afresh: the acceptance is not carried')
    assert.ok(comment.body.includes(`/actions/runs/${run.runId}`), 'links the new run')
    assert.equal(
      double.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments')).length,
      posts,
      'no new comment was created',
    )
    assert.deepEqual(statuses(prs.slower).at(-1), ['loadgate/api', 'success'])
    // Undecided: it passes under fail-on, yet neither the status nor the check run reads as approval.
    const status = double.state.statuses.filter((s) => s.sha === prs.slower.headSha).at(-1)!
    assert.match(status.description, /^Undecided — /)
    const check = checkRuns(prs.slower).at(-1)!
    assert.deepEqual([check.external_id, check.conclusion], [run.runId, 'neutral'])
    assert.match(check.title ?? '', /^Inconclusive/)
    assert.doesNotMatch(run.log, /::error title=/, 'nothing blocked, no annotation')
    assert.deepEqual(double.violations, [])
  })

  test(
    'a PR from a fork: measured with no write, then reported by fork-report.yml',
    { timeout: 300_000 },
    async () => {
      const requestsBefore = double.requests.length
      const run = await runPullRequest('fork-compare', prs.fork, quick)
      assert.equal(run.code, 0, logTail(run))
      assert.match(run.log, /This pull request comes from a fork/)
      assert.deepEqual(double.requests.slice(requestsBefore), [], 'the read-only token is never used')
      const artifact = path.join(artifacts(), run.runId, 'loadgate-results', 'api', 'comparison.json')
      const comparison = JSON.parse(await readFile(artifact, 'utf8'))
      assert.equal(comparison.meta.head.sha, prs.fork.headSha)

      const conclusion = run.code === 0 ? 'success' : 'failure'
      const event = await repo.workflowRunEvent(prs.fork, { id: run.runId, workflow: 'loadgate', conclusion })
      const report = await act('fork-report', 'fork-report.yml', 'workflow_run', event)
      assert.equal(report.code, 0, logTail(report))
      // It reads one file of the default branch, never the fork's commit.
      const mainSha = git(repo.dir, 'rev-parse', 'main')
      const checkouts = [...report.log.matchAll(/checked out ([0-9a-f]{40}) \(([^)]*)\)/g)]
      assert.deepEqual(
        checkouts.map((m) => [m[1], m[2]!.endsWith(', only: loadgate.yml')]),
        [[mainSha, true]],
        'the fork report checks out loadgate.yml of main, nothing else',
      )
      const comment = await theComment(prs.fork, 'fork')
      const word = { NO_CHANGE: 'Approved', INCONCLUSIVE: 'Inconclusive' }[comparison.verdict as string]
      assert.ok(word && comment.body.includes(`— ${word} —`), `the artifact's verdict ${comparison.verdict}`)
      // The fork's own result is unverified: pending until a maintainer's trusted run (fork-trust.test.ts).
      assert.deepEqual(statuses(prs.fork), [['loadgate/api', 'pending']])
      assert.deepEqual(double.violations, [])
    },
  )

  test(
    'opt-in label: without it the gate does not run and the required status is success "Not run"; another label starts nothing',
    { timeout: 120_000 },
    async () => {
      const vars = { LOADGATE_LABEL: 'performance' }
      const skipped = await act(
        'not-run',
        'pull-request.yml',
        'pull_request',
        await repo.pullRequestEvent(prs.unlabelled, 'opened'),
        vars,
      )
      assert.equal(skipped.code, 0, logTail(skipped))
      assert.doesNotMatch(skipped.log, /measure base and head/, 'nothing is measured')
      const status = double.state.statuses.filter((s) => s.sha === prs.unlabelled.headSha)
      assert.deepEqual(
        status.map((s) => [s.context, s.state, s.description]),
        [['loadgate/api', 'success', "Not run: no 'performance' label"]],
      )
      assert.deepEqual(stickyComments(prs.unlabelled), [])
      // Without the variable, a label added (not the opt-in one) starts neither job.
      const other = await act(
        'other-label',
        'pull-request.yml',
        'pull_request',
        await repo.pullRequestEvent(prs.unlabelled, 'labeled', { labels: ['bug'], added: 'bug' }),
      )
      assert.equal(other.code, 0, logTail(other))
      assert.doesNotMatch(other.log, /loadgate\/loadgate@v1/, 'no loadgate step ran')
      assert.equal(double.state.statuses.filter((s) => s.sha === prs.unlabelled.headSha).length, 1)
      assert.deepEqual(double.violations, [])
    },
  )
})
