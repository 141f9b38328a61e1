import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, readdir, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { defaultWorkDir } from '../../src/cli/work-dir'
import type { Comparison } from '../../src/model/types'
import { comparisonSchema } from '../../src/model/comparison'
import { assertNothingLeft } from '../../testkit/docker'
import { git, makeWorkRepo, removeDefaultWorkDir, writeFiles, type WorkRepo } from '../../testkit/git-repos'

// The CLI as a newcomer runs it, on a repository made only for this test: a tiny Go service with
// its own compose file, k6 script and a loadgate.yml with two benchmarks, and a bare origin.

const CLI = path.resolve('src/cli/index.ts')
// Resolved here: the CLI runs inside the test repository, which has no node_modules.
const TSX = import.meta.resolve('tsx')
/** The fewest rounds whose interval can exclude a change (a plan check refuses fewer); one-second trials. */
const ROUNDS = '6'
const WORKING_TREE = 'working tree (uncommitted changes)'

const SERVICE = {
  '.gitignore': 'web/bin/\n',
  'web/go.mod': 'module example.com/web\n\ngo 1.21\n',
  'web/main.go': `package main

import (
	"net/http"
	"os"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-health" {
		response, err := http.Get("http://127.0.0.1:8080/")
		if err != nil || response.StatusCode != http.StatusOK {
			os.Exit(1)
		}
		return
	}
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })
	if err := http.ListenAndServe(":8080", nil); err != nil {
		os.Exit(1)
	}
}
`,
  'web/Dockerfile': 'FROM scratch\nCOPY bin/web /web\nENTRYPOINT ["/web"]\n',
  'compose.yaml': `services:
  web:
    build: ./web
    ports: ['8080']
    healthcheck:
      test: ['CMD', '/web', '-health']
      interval: 1s
      timeout: 2s
      retries: 30
  # A newcomer's second service, still without a healthcheck: loadgate says so.
  worker:
    build: ./web
`,
  'k6/home.js': `import http from 'k6/http'
export const options = {
  scenarios: {
    home: { executor: 'constant-arrival-rate', rate: 50, timeUnit: '1s', duration: __ENV.DURATION || '1s', preAllocatedVUs: 5, maxVUs: 20 },
  },
}
export default function () {
  http.get(\`\${__ENV.BASE_URL}/\`, { tags: { name: 'GET /' } })
}
`,
  'loadgate.yml': `service: web
port: 8080
prepare: cd web && CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-trimpath PATH="$PATH:/usr/local/go/bin" go build -o bin/web .
k6-env: { DURATION: 1s }
warmup: 0
fresh-instances: run
min-rounds: ${ROUNDS}
max-rounds: ${ROUNDS}
seed: 7
benchmarks:
  - { name: home, k6-script: k6/home.js }
  - { name: again, k6-script: k6/home.js }
`,
  'README.md': '# a service\n',
}

let repo: WorkRepo
let runs = 0

/** The files of the work folder and of its earlier runs, with their sizes and times. */
async function snapshot(workDir: string): Promise<string[]> {
  const entries: string[] = []
  for (const dir of [workDir, `${workDir}-earlier`]) {
    if (!existsSync(dir)) continue
    for (const name of await readdir(dir, { recursive: true })) {
      const info = await stat(path.join(dir, name))
      entries.push(`${dir}/${name} ${info.size} ${info.mtimeMs}`)
    }
  }
  return entries.sort()
}

function runId(): string {
  return `newcomer${process.pid}x${++runs}`
}

function loadgate(id: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd: repo.dir,
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, NO_COLOR: '1', GITHUB_RUN_ID: id },
  })
}

before(async () => {
  repo = await makeWorkRepo({
    prefix: 'loadgate-newcomer-e2e-',
    fill: (dir) => writeFiles(dir, SERVICE),
    message: 'A tiny service',
  })
})
after(async () => {
  await removeDefaultWorkDir(repo.dir)
  await repo.cleanup()
})

describe('the CLI on a newcomer repository', () => {
  test('record refuses a dirty tree in one line, before anything starts', async () => {
    await writeFile(path.join(repo.dir, 'README.md'), '# a service, edited\n')
    try {
      const id = runId()
      const run = loadgate(id, 'record', '--config', 'loadgate.yml')
      assert.equal(run.status, 2, run.stderr)
      assert.equal(run.stderr.trimEnd().split('\n').length, 1, run.stderr)
      assert.match(
        run.stderr,
        /^loadgate: record stores the run under commit [0-9a-f]{12}, but the working tree/,
      )
      assert.match(run.stderr, /README\.md/)
      assertNothingLeft(`loadgate-${id}-`)
      assert.equal(git(repo.origin, 'branch', '--list', 'gh-pages'), '', 'nothing was recorded')
    } finally {
      git(repo.dir, 'checkout', '--', 'README.md')
    }
  })

  test('compare on a dirty tree with two benchmarks and --json: one document, the head named as the working tree', async () => {
    await writeFile(path.join(repo.dir, 'README.md'), '# a service, edited\n')
    // The head gives 'worker' a frequent health check of its own: named from the head's stack.
    await writeFile(
      path.join(repo.dir, 'compose.yaml'),
      SERVICE['compose.yaml'].replace(
        '  worker:\n    build: ./web\n',
        "  worker:\n    build: ./web\n    healthcheck: { test: ['CMD', '/web', '-health'], interval: 2s, timeout: 2s, retries: 30 }\n",
      ),
    )
    try {
      const id = runId()
      // No --config: the repository root's loadgate.yml is read, and named.
      const run = loadgate(id, 'compare', '--base', 'HEAD', '--json')
      assert.ok(run.status === 0 || run.status === 1, `exit ${run.status}:\n${run.stderr}`)
      assert.match(run.stderr, /^settings: \S+\/loadgate\.yml \(the repository root's loadgate\.yml/m)
      // The documented shape (docs/cli.md): an array of comparisons, one per benchmark.
      const document = comparisonSchema.array().parse(JSON.parse(run.stdout))
      assert.deepEqual(
        document.map((c) => c.benchmark),
        ['home', 'again'],
      )
      for (const comparison of document) assert.equal(comparison.meta.head.ref, WORKING_TREE)
      assert.match(run.stderr, /head: the working tree \(uncommitted changes\) on top of [0-9a-f]{12}/)
      assert.ok(!run.stderr.includes('job summary'), 'no job summary outside GitHub Actions')
      assert.match(
        run.stderr,
        /warning: service 'worker' \(compose\.yaml\) has no healthcheck: the load starts once it runs/,
      )
      assert.equal(run.stderr.match(/has no healthcheck/g)?.length, 2, 'once per benchmark run, not per arm')
      // Read from the running containers: 'web' checks every second in both arms, 'worker' every
      // two seconds in the head only; each is named once per benchmark run, whichever arm starts first.
      const checkNotes = run.stderr.split('\n').filter((line) => line.includes('during the trials too'))
      assert.equal(checkNotes.filter((l) => l.includes("'web' (every 1 s)")).length, 2, run.stderr)
      assert.equal(checkNotes.filter((l) => l.includes("'worker' (every 2 s)")).length, 2, run.stderr)

      const results = path.join(defaultWorkDir(repo.dir), 'home')
      const stored = JSON.parse(await readFile(path.join(results, 'results.json'), 'utf8')) as Comparison
      assert.equal(stored.meta.head.ref, WORKING_TREE)
      assert.ok((await readFile(path.join(results, 'report.html'), 'utf8')).includes(WORKING_TREE))
      const table = loadgate(id, 'report', path.join(results, 'comparison.json'))
      assert.match(table.stdout, /→ head working tree \(uncommitted changes\) on top of [0-9a-f]{12}/)

      assert.equal(
        git(repo.dir, 'status', '--porcelain'),
        'M README.md\n M compose.yaml',
        'the run adds nothing to the tree',
      )
      assertNothingLeft(`loadgate-${id}-`)
    } finally {
      git(repo.dir, 'checkout', '--', 'README.md', 'compose.yaml')
    }
  })

  test('a closed output (| head -3) tears down stacks, images and both worktrees and exits 3', async () => {
    const id = runId()
    const sha = git(repo.dir, 'rev-parse', 'HEAD')
    const run = spawnSync(
      'bash',
      [
        '-c',
        `"$NODE" --import "$TSX" "$CLI" compare --base HEAD --head HEAD --config loadgate.yml | head -3; echo "exit=\${PIPESTATUS[0]}" >&2`,
      ],
      {
        cwd: repo.dir,
        encoding: 'utf8',
        timeout: 600_000,
        env: { ...process.env, NODE: process.execPath, TSX, CLI, GITHUB_RUN_ID: id },
      },
    )
    assert.equal(run.stdout.trimEnd().split('\n').length, 3, run.stdout)
    assert.match(run.stderr, /exit=3\n/, run.stderr)
    assert.match(run.stderr, /cannot write the output/)
    assertNothingLeft(`loadgate-${id}-`)
    assert.equal(git(repo.dir, 'worktree', 'list').split('\n').length, 1, git(repo.dir, 'worktree', 'list'))
    const heads = (await readdir(os.tmpdir())).filter((f) =>
      f.startsWith(`loadgate-head-${sha.slice(0, 12)}-`),
    )
    assert.deepEqual(heads, [], 'the --head worktree folder is removed')
    assert.ok(!existsSync(path.join(repo.dir, '.loadgate')))
  })

  test('record without an origin fails in one line before anything is measured or moved', async () => {
    const workDir = defaultWorkDir(repo.dir)
    const before = await snapshot(workDir)
    assert.ok(before.length > 0, 'the compare run above left its files')
    git(repo.dir, 'remote', 'rename', 'origin', 'upstream')
    try {
      const id = runId()
      const run = loadgate(id, 'record', '--config', 'loadgate.yml')
      assert.equal(run.status, 2, run.stderr)
      assert.match(
        run.stderr.trimEnd(),
        /^loadgate: Recording pushes the run to the 'gh-pages' branch of the remote 'origin'[^\n]*$/,
      )
      assert.deepEqual(await snapshot(workDir), before, "the previous run's files are where they were")
      assertNothingLeft(`loadgate-${id}-`)
    } finally {
      git(repo.dir, 'remote', 'rename', 'upstream', 'origin')
    }
  })

  test('a stored baseline on a no-op change is not significant, says it is cross-run and names its run', async () => {
    const recorded = git(repo.dir, 'rev-parse', 'HEAD')
    // record decides nothing, so it runs min-rounds whatever max-rounds says, and announces that.
    const record = loadgate(runId(), 'record', '--config', 'loadgate.yml', '--max-rounds', '20', '--json')
    assert.equal(record.status, 0, record.stderr)
    assert.match(record.stderr, new RegExp(`this run takes ${ROUNDS} rounds[,;]`))
    assert.doesNotMatch(record.stderr, new RegExp(`${ROUNDS}–20 rounds`))
    // The documented shape (docs/cli.md): one outcome per benchmark, each naming its results file.
    const outcomes = JSON.parse(record.stdout) as Array<Record<string, unknown>>
    assert.deepEqual(
      outcomes.map((o) => [o.benchmark, o.verdict, o.blocking]),
      [
        ['home', null, false],
        ['again', null, false],
      ],
    )
    for (const outcome of outcomes)
      assert.ok(existsSync(String(outcome.resultsFile)), String(outcome.resultsFile))
    await writeFile(path.join(repo.dir, 'README.md'), '# a service\n\n<!-- a comment only -->\n')
    git(repo.dir, 'commit', '-qam', 'A comment')
    try {
      const id = runId()
      const run = loadgate(
        id,
        'compare',
        '--baseline',
        'stored',
        '--base',
        recorded,
        '--config',
        'loadgate.yml',
        '--json',
      )
      assert.equal(run.status, 0, run.stderr)
      assert.match(run.stderr, new RegExp(`baseline: the stored run of ${recorded.slice(0, 7)} measured `))
      for (const comparison of JSON.parse(run.stdout) as Comparison[]) {
        assert.equal(comparison.meta.base?.sha, recorded)
        assert.ok(!['REGRESSION', 'IMPROVEMENT'].includes(comparison.verdict), comparison.headline)
        assert.match(
          comparison.headline,
          new RegExp(`cross-run against the stored run of ${recorded.slice(0, 7)}`),
        )
      }
      assertNothingLeft(`loadgate-${id}-`)
    } finally {
      git(repo.dir, 'reset', '-q', '--hard', recorded)
    }
  })
})
