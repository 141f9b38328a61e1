import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { defaultWorkDir } from '../../src/cli/work-dir'
import type { ResultsFile } from '../../src/model/types'
import { makeResults } from '../../testkit/results-factory'
import {
  commitAll,
  git,
  makeWorkRepo,
  removeDefaultWorkDir,
  writeFiles,
  type WorkRepo,
} from '../../testkit/git-repos'

// What a first-time user of the CLI runs into, none of it needing Docker.

const CLI = path.resolve('src/cli/index.ts')
// Resolved here: the CLI also runs from folders without node_modules.
const TSX = import.meta.resolve('tsx')
function cliIn(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  })
}
const cli = (...args: string[]) => cliIn(process.cwd(), ...args)

function assertOneLine(stderr: string, ...fragments: Array<string | RegExp>): void {
  assert.equal(stderr.trimEnd().split('\n').length, 1, `one line expected:\n${stderr}`)
  assert.ok(!stderr.startsWith('loadgate: loadgate'), `doubled prefix: ${stderr}`)
  for (const fragment of fragments) {
    if (typeof fragment === 'string') assert.ok(stderr.includes(fragment), `'${stderr}' lacks '${fragment}'`)
    else assert.match(stderr, fragment)
  }
}

const BENCH_FILES = {
  'k6/api.js': 'export default function () {}\n',
  'service/compose.yaml': 'services:\n  api:\n    image: busybox\n    ports: ["8080"]\n',
  'loadgate.yml': [
    'compose-file: service/compose.yaml',
    'service: api',
    'port: 8080',
    'benchmarks:',
    '  - k6-script: k6/api.js',
    '    port: 8080',
    '    thresholds:',
    '      - { metric: p95, delta: 10% }',
    '',
  ].join('\n'),
}

let dir: string
let repo: WorkRepo

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-newcomer-'))
  repo = await makeWorkRepo({
    prefix: 'loadgate-newcomer-repo-',
    fill: async (tree) => writeFiles(tree, { ...BENCH_FILES, 'docs/README.md': 'docs\n' }),
    origin: 'none',
  })
})
after(async () => {
  await rm(dir, { recursive: true, force: true })
  await repo.cleanup()
})

describe('loadgate report', () => {
  test('a missing file and invalid content are the same usage error, naming only the file passed', async () => {
    const missing = path.join(dir, 'missing.json')
    const notJson = path.join(dir, 'not-json.json')
    const notComparison = path.join(dir, 'other.json')
    await writeFile(notJson, '{ nope')
    await writeFile(notComparison, JSON.stringify({ verdict: 'NO_CHANGE' }))
    for (const file of [missing, notJson, notComparison]) {
      const run = cli('report', file)
      assert.equal(run.status, 2, `${file}: ${run.stderr}`)
      assertOneLine(run.stderr, /^loadgate: '/, `'${file}'`, 'expected a comparison.json')
    }
  })

  test("a record run's results.json is refused without naming a file the user did not pass", async () => {
    const recordDir = path.join(dir, 'record')
    await mkdir(recordDir)
    const results = makeResults({ rounds: 3, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    const recorded = { ...results, mode: 'record', meta: { ...results.meta, base: null } }
    recorded.trials = recorded.trials.filter((t) => t.arm === 'head')
    const file = path.join(recordDir, 'results.json')
    await writeFile(file, JSON.stringify(recorded))
    const run = cli('report', file)
    assert.equal(run.status, 2, run.stderr)
    assertOneLine(run.stderr, `'${file}'`, 'nothing to compare')
    assert.ok(!run.stderr.includes(path.join(recordDir, 'comparison.json')), run.stderr)
  })

  test("a compare run's results.json is compared and printed", async () => {
    const compareDir = path.join(dir, 'compare')
    await mkdir(compareDir)
    const file = path.join(compareDir, 'results.json')
    const results = makeResults({ rounds: 10, base: () => ({ p50: 10 }), head: (r) => ({ p50: 20 + r }) })
    await writeFile(file, JSON.stringify(results))
    const run = cli('report', file)
    assert.equal(run.status, 1, run.stderr)
    assert.match(run.stdout, /^REGRESSION: /)
  })

  test('unknown flags and missing values in the house one-line form', () => {
    const unknown = cli('report', 'x.json', '--colour')
    assert.equal(unknown.status, 2)
    assert.equal(
      unknown.stderr,
      "loadgate: Unknown flag '--colour' for 'loadgate report': see 'loadgate report --help'\n",
    )
    const compare = cli('compare', '--base', 'HEAD', '--rounds', '3')
    assert.equal(compare.status, 2)
    assertOneLine(compare.stderr, "Unknown flag '--rounds' for 'loadgate compare'")
    const noValue = cli('dashboard', 'x', '--port')
    assert.equal(noValue.status, 2)
    assertOneLine(noValue.stderr, "Flag '--port' is missing its value")
  })
})

describe('loadgate dashboard', () => {
  test('a folder without data is one line and no address', async () => {
    const empty = path.join(dir, 'empty-pages')
    await mkdir(empty)
    const run = cli('dashboard', empty)
    assert.equal(run.status, 2)
    assert.equal(run.stdout, '', 'no URL that would 404')
    assertOneLine(run.stderr, `'${empty}' has no loadgate dashboard`)
  })

  test('a port in use is one line, not a stack trace', async () => {
    const pages = path.join(dir, 'pages')
    await mkdir(path.join(pages, 'loadgate', 'data'), { recursive: true })
    await writeFile(path.join(pages, 'loadgate', 'index.html'), '<!doctype html>')
    await writeFile(path.join(pages, 'loadgate', 'data', 'index.json'), '{}')
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      const child = spawn(
        process.execPath,
        ['--import', TSX, CLI, 'dashboard', pages, '--port', String(port)],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      let stderr = ''
      child.stderr.on('data', (d) => (stderr += d))
      const status = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill()
          resolve(null)
        }, 20_000)
        child.on('exit', (code) => {
          clearTimeout(timer)
          resolve(code)
        })
      })
      assert.equal(status, 2, stderr)
      assertOneLine(stderr, `Flag '--port' is '${port}'`, 'in use')
    } finally {
      blocker.close()
    }
  })
})

describe('loadgate compare and record settings', () => {
  test('--config is relative to the current directory first', () => {
    const sub = path.join(repo.dir, 'docs')
    const run = cliIn(sub, 'compare', '--base', 'HEAD', '--config', '../loadgate.yml', '--min-rounds', 'few')
    assert.equal(run.status, 2, run.stderr)
    assert.ok(!run.stderr.includes('does not exist'), run.stderr)
    assertOneLine(run.stderr, "Flag '--min-rounds' is 'few'")
  })

  test("without --config, the repository root's loadgate.yml is read and named, from any subfolder", async () => {
    const scratch = await makeWorkRepo({
      prefix: 'loadgate-newcomer-found-',
      fill: async (tree) =>
        writeFiles(tree, {
          ...BENCH_FILES,
          'loadgate.yml': `${BENCH_FILES['loadgate.yml']}min-rounds: few\n`,
          'docs/README.md': 'docs\n',
        }),
      origin: 'none',
    })
    try {
      const run = cliIn(path.join(scratch.dir, 'docs'), 'compare', '--base', 'HEAD')
      assert.equal(run.status, 2, run.stderr)
      // The value came from the file, so the error names the file's key, not a flag.
      assertOneLine(run.stderr, "../loadgate.yml min-rounds (line 9)' is 'few'")
      const root = git(scratch.dir, 'rev-parse', '--show-toplevel')
      assert.equal(
        run.stdout,
        `settings: ${path.join(root, 'loadgate.yml')} (the repository root's loadgate.yml; --config FILE reads another)\n`,
      )
      await rm(path.join(scratch.dir, 'loadgate.yml'))
      const none = cliIn(scratch.dir, 'compare', '--base', 'HEAD')
      assert.equal(none.status, 2, none.stderr)
      assertOneLine(
        none.stderr,
        "Flag '--k6-script' is missing",
        `${path.join(root, 'loadgate.yml')} does not exist`,
      )
    } finally {
      await scratch.cleanup()
    }
  })

  test('a bad --thresholds flag is blamed on the flag, and flags win over benchmarks[] entries', () => {
    const run = cliIn(
      repo.dir,
      'compare',
      '--base',
      'HEAD',
      '--config',
      'loadgate.yml',
      '--thresholds',
      'p95 banana',
    )
    assert.equal(run.status, 2, run.stderr)
    assertOneLine(run.stderr, "Flag '--thresholds'")
    assert.ok(!run.stderr.includes('benchmarks[0]'), run.stderr)
    // --seed is read after the benchmarks: a port that lost to the entry would leave only its error.
    const port = cliIn(
      repo.dir,
      'compare',
      '--base',
      'HEAD',
      '--config',
      'loadgate.yml',
      '--port',
      '99999',
      '--seed',
      'x',
    )
    assert.equal(port.status, 2, port.stderr)
    assertOneLine(port.stderr, "Flag '--port' is '99999'")
  })

  test("a port the service does not publish is blamed on '--port' before anything is built", () => {
    const run = cliIn(repo.dir, 'compare', '--base', 'HEAD', '--port', '9090', '--prepare', 'touch prepared')
    assert.equal(run.status, 2, run.stderr)
    assertOneLine(
      run.stderr,
      "Flag '--port' is 9090, but service 'api' in service/compose.yaml publishes container port 8080",
    )
    assert.ok(!existsSync(path.join(repo.dir, 'prepared')), 'prepare did not run')
  })

  test('the default work folder is outside the repository and starts clean', async () => {
    // prepare fails in both trees (the base borrows the head's harness): nothing is built or started.
    const scratch = await makeWorkRepo({
      prefix: 'loadgate-newcomer-workdir-',
      fill: async (tree) => writeFiles(tree, { 'k6/api.js': 'export default function () {}\n' }),
      origin: 'none',
    })
    try {
      await writeFiles(scratch.dir, BENCH_FILES)
      commitAll(scratch.dir, 'Add the service')
      const workDir = defaultWorkDir(git(scratch.dir, 'rev-parse', '--show-toplevel'))
      await mkdir(path.join(workDir, 'api'), { recursive: true })
      await writeFile(path.join(workDir, 'api', 'stale-trial.json'), '{}')
      const run = cliIn(
        scratch.dir,
        'compare',
        '--base',
        'HEAD~1',
        '--config',
        'loadgate.yml',
        '--prepare',
        'false',
      )
      assert.equal(run.status, 3, run.stderr)
      assert.match(run.stderr, /prepare/)
      assert.equal(git(scratch.dir, 'status', '--porcelain', '--untracked-files=all'), '')
      assert.ok(!existsSync(path.join(scratch.dir, '.loadgate')))
      assert.deepEqual(await readdir(path.join(workDir, 'api')), ['results.json'])
      assert.equal(git(scratch.dir, 'worktree', 'list').split('\n').length, 1, 'the base worktree is removed')
    } finally {
      await removeDefaultWorkDir(scratch.dir)
      await scratch.cleanup()
    }
  })

  test('record without an origin is a usage error that leaves the previous run where it was', async () => {
    const scratch = await makeWorkRepo({
      prefix: 'loadgate-newcomer-no-origin-',
      fill: async (tree) => writeFiles(tree, BENCH_FILES),
      origin: 'none',
    })
    try {
      const workDir = defaultWorkDir(git(scratch.dir, 'rev-parse', '--show-toplevel'))
      await mkdir(path.join(workDir, 'api'), { recursive: true })
      await writeFile(path.join(workDir, 'api', 'report.html'), 'the previous run')
      const run = cliIn(scratch.dir, 'record')
      assert.equal(run.status, 2, run.stderr)
      assertOneLine(run.stderr, "has no remote 'origin': add it (git remote add origin URL)")
      assert.equal(await readFile(path.join(workDir, 'api', 'report.html'), 'utf8'), 'the previous run')
      assert.ok(!existsSync(`${workDir}-earlier`), 'nothing was moved aside')
    } finally {
      await removeDefaultWorkDir(scratch.dir)
      await scratch.cleanup()
    }
  })

  test('a closed output stops the run, removes the --head worktree and exits 3', async () => {
    // As with `| head`: the reading end is gone before the first line is written.
    const scratch = await makeWorkRepo({
      prefix: 'loadgate-newcomer-pipe-',
      fill: async (tree) => writeFiles(tree, { 'k6/api.js': 'export default function () {}\n' }),
      origin: 'none',
    })
    try {
      await writeFiles(scratch.dir, BENCH_FILES)
      const sha = commitAll(scratch.dir, 'Add the service')
      const child = spawn(
        process.execPath,
        ['--import', TSX, CLI, 'compare', '--base', 'HEAD~1', '--head', 'HEAD', '--config', 'loadgate.yml'],
        { cwd: scratch.dir, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      child.stdout.destroy()
      let stderr = ''
      child.stderr.on('data', (d) => (stderr += d))
      const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
      assert.equal(status, 3, stderr)
      assert.match(stderr, /cannot write the output/)
      assert.equal(
        git(scratch.dir, 'worktree', 'list').split('\n').length,
        1,
        git(scratch.dir, 'worktree', 'list'),
      )
      const heads = (await readdir(os.tmpdir())).filter((f) =>
        f.startsWith(`loadgate-head-${sha.slice(0, 12)}-`),
      )
      assert.deepEqual(heads, [])
    } finally {
      await removeDefaultWorkDir(scratch.dir)
      await scratch.cleanup()
    }
  })

  test('record refuses a dirty tree before measuring; compare names the dirty head as the working tree', async () => {
    // `--prepare false` fails each arm before any container starts, once the results file exists.
    const scratch = await makeWorkRepo({
      prefix: 'loadgate-newcomer-dirty-',
      fill: async (tree) => writeFiles(tree, BENCH_FILES),
      origin: 'none',
    })
    try {
      await writeFile(path.join(scratch.dir, 'k6', 'api.js'), 'export default function () { /* edited */ }\n')
      const record = cliIn(scratch.dir, 'record', '--config', 'loadgate.yml', '--prepare', 'false')
      assert.equal(record.status, 2, record.stderr)
      assertOneLine(record.stderr, 'record stores the run under commit', 'uncommitted changes (k6/api.js)')

      const compare = cliIn(
        scratch.dir,
        'compare',
        '--base',
        'HEAD',
        '--config',
        'loadgate.yml',
        '--prepare',
        'false',
      )
      assert.equal(compare.status, 3, compare.stderr)
      assert.match(compare.stdout, /^head: the working tree \(uncommitted changes\) on top of [0-9a-f]{12}/)
      const results = JSON.parse(
        await readFile(path.join(defaultWorkDir(scratch.dir), 'api', 'results.json'), 'utf8'),
      ) as ResultsFile
      assert.equal(results.meta.head.ref, 'working tree (uncommitted changes)')
      assert.match(results.meta.head.message, /^working tree \(uncommitted changes\) on top of: initial/)
    } finally {
      await removeDefaultWorkDir(scratch.dir)
      await scratch.cleanup()
    }
  })
})
