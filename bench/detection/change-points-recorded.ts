// Change points on a history recorded end to end: record mode runs on the bundled example, one
// commit after another on main (real Compose stacks, real k6, a real gh-pages branch on a bare
// origin), with `change-points: issue` against the local GitHub API double. Run 21's commit makes
// POST /orders 15% slower; run 41's reverts it. Prints the shift issues after run 40 and at the end.
// Short trials (3 rounds of 3 s): about 25 s a run, 20 minutes for 48 runs on 2 cores.
//   node --import tsx bench/detection/change-points-recorded.ts [runs=40] [after-revert=8]
// SAVE_DIR=DIR writes the recorded run records there as one JSON array (the CI fixture
// __tests__/__fixtures__/recorded-shift.json is one such recording).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createGitHubForge } from '../../src/forge/github/github-forge'
import { readRunContext } from '../../src/forge/github/context'
import { recordMode } from '../../src/modes/record'
import type { RunRecord } from '../../src/model/types'
import type { Reporter } from '../../src/report/reporter'
import { copyExample } from '../../testkit/example-repo'
import { commitAll, git, makeWorkRepo, writeFiles } from '../../testkit/git-repos'
import { startGitHubDouble } from '../../testkit/github-double'
import { exampleBenchmark, settingsFor } from '../../testkit/settings'

const [runs = 40, afterRevert = 8] = process.argv.slice(2).map(Number)
const SLOWER_AT = Math.floor(runs / 2) + 1
const SLOWER = 'LATENCY_PERCENT=15\nLATENCY_ROUTE=POST /orders\n'

const repo = await makeWorkRepo({
  prefix: 'loadgate-recorded-',
  fill: copyExample,
  message: 'Example service',
})
const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-recorded-work-'))
const double = await startGitHubDouble()
const log: string[] = []
const reporter: Reporter = {
  info: (m) => (/shift|#\d|change points/.test(m) ? log.push(m) : undefined),
  warning: (m) => log.push(`warning: ${m}`),
  group: (_title, work) => work(),
  summary: () => {},
}
const bench = exampleBenchmark({ k6Env: { DURATION: '3s', RATE: '100' } })
const issues = () =>
  double.state.issues.map((i) => `  #${i.number} [${i.state}] ${i.title}`).join('\n') || '  (none)'
const report: string[] = []

try {
  for (let run = 1; run <= runs + afterRevert; run++) {
    const files =
      run === SLOWER_AT
        ? { 'compose/.env': SLOWER }
        : run === runs + 1
          ? { 'compose/.env': '' }
          : { [`docs/change-${run}.md`]: `change ${run}\n` }
    const message =
      run === SLOWER_AT
        ? 'Orders: validate stock twice'
        : run === runs + 1
          ? 'Revert "Orders: validate stock twice"'
          : `Change ${run}`
    await writeFiles(repo.dir, files)
    const sha = commitAll(repo.dir, message)
    git(repo.dir, 'push', '-q', 'origin', 'main')
    const context = readRunContext({
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_API_URL: double.url,
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: '',
      GITHUB_REF_NAME: 'main',
      GITHUB_SHA: sha,
      GITHUB_RUN_ID: String(5000 + run),
      GITHUB_WORKSPACE: repo.dir,
    })
    const settings = settingsFor(repo.dir, {
      mode: 'record',
      'work-dir': path.join(work, String(run)),
      'min-rounds': '3',
      'max-rounds': '3',
      warmup: '1s',
      'change-points': 'issue',
    })
    const started = Date.now()
    const outcome = await recordMode(
      { settings, context, reporter, forge: createGitHubForge(context, 'ghs_bench') },
      bench,
    )
    process.stderr.write(
      `run ${run} ${sha.slice(0, 7)} ${message}: ${outcome.headline} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
    )
    if (run === runs)
      report.push(
        `After ${runs} runs (run ${SLOWER_AT}'s commit makes POST /orders 15% slower):`,
        issues(),
        '',
      )
  }
  report.push(`After the revert (run ${runs + 1}) and ${afterRevert - 1} more runs:`, issues(), '')
  for (const issue of double.state.issues)
    report.push(
      `#${issue.number} body:`,
      issue.body ?? '',
      ...(double.state.comments.get(issue.number) ?? []).map((c) => `comment: ${c.body}`),
      '',
    )
  report.push('Log:', ...log.map((l) => `  ${l}`), '', `API double violations: ${double.violations.length}`)
  process.stdout.write(`${report.join('\n')}\n`)

  if (process.env.SAVE_DIR) {
    const pages = path.join(work, 'pages')
    git(work, 'clone', '-q', '--branch', 'gh-pages', repo.origin, pages)
    const files = git(pages, 'ls-files')
      .split('\n')
      .filter((f) => /\/runs\/.*\.json$/.test(f))
      .sort()
    const documents = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(pages, f), 'utf8')) as unknown),
    )
    // The run folder also holds each run in benchmark-action's format (arrays): only run records.
    const records = documents.filter((d) => !Array.isArray(d) && (d as RunRecord).meta !== undefined)
    const file = path.join(process.env.SAVE_DIR, 'recorded-shift.json')
    await writeFile(file, `${JSON.stringify(records)}\n`)
    process.stderr.write(`${records.length} run records written to ${file}\n`)
  }
} finally {
  await double.close()
  await rm(work, { recursive: true, force: true })
  await repo.cleanup()
}
