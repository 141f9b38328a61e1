import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { comparisons } from '../testkit/comparisons'
import { writeHistory } from '../testkit/history'

const CLI = path.resolve('src/cli/index.ts')
// Resolved here: the CLI also runs from folders without node_modules.
const TSX = import.meta.resolve('tsx')
const cli = (...args: string[]) => cliIn(process.cwd(), ...args)
const cliIn = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  })
let dir: string

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-cli-'))
})
after(() => rm(dir, { recursive: true, force: true }))

describe('loadgate CLI', () => {
  test('--help for every command, and documented exit codes', () => {
    const main = cli('--help')
    assert.equal(main.status, 0)
    assert.match(
      main.stdout,
      /Exit codes: 0 the verdict passes, 1 .*\n\s+2 bad usage or settings, 3 the run failed/,
    )
    for (const command of ['compare', 'record', 'calibrate', 'report', 'dashboard', 'history']) {
      const help = cli(command, '--help')
      assert.equal(help.status, 0, command)
      assert.match(help.stdout, new RegExp(`^loadgate ${command}`))
    }
  })

  test('bad usage exits 2 with one line', () => {
    const unknown = cli('benchmark')
    assert.equal(unknown.status, 2)
    assert.equal(
      unknown.stderr,
      "loadgate: Unknown command 'benchmark': expected compare, record, calibrate, merge, report, dashboard or history\n",
    )
    const writeWithoutConfig = cli('calibrate', '--write')
    assert.equal(writeWithoutConfig.status, 2)
    assert.equal(
      writeWithoutConfig.stderr,
      "loadgate: Flag '--write' needs '--config FILE': the loadgate.yml to write the suggestion into\n",
    )
    const calibrateBase = cli('calibrate', '--base', 'HEAD')
    assert.equal(calibrateBase.status, 2)
    assert.match(calibrateBase.stderr, /^loadgate: Unknown flag '--base' for 'loadgate calibrate'/)
    const noBase = cli('compare')
    assert.equal(noBase.status, 2)
    assert.match(noBase.stderr, /Flag '--base' is missing/)
    const badFlag = cli('compare', '--base', 'HEAD', '--min-rounds', 'many')
    assert.equal(badFlag.status, 2)
    assert.equal(
      badFlag.stderr,
      "loadgate: Flag '--min-rounds' is 'many': expected a whole number from 1 to 200\n",
    )
  })

  test('report prints the table, --json the comparison; the exit code follows the verdict', async () => {
    const blocked = path.join(dir, 'comparison.json')
    await writeFile(blocked, JSON.stringify(comparisons.regression()))
    const table = cli('report', blocked)
    assert.equal(table.status, 1)
    assert.match(table.stdout, /^REGRESSION: Blocked — /)
    assert.match(table.stdout, /series\s+metric\s+base\s+head\s+change\s+\d+(\.\d+)?% CI\s+verdict/)
    assert.ok(!table.stdout.includes('\u001b['), 'no colours when not a TTY')
    const json = cli('report', blocked, '--json')
    assert.equal(JSON.parse(json.stdout).verdict, 'REGRESSION')
    const fine = path.join(dir, 'fine.json')
    await writeFile(fine, JSON.stringify(comparisons.noChange()))
    assert.equal(cli('report', fine).status, 0)
    assert.equal(cli('report', path.join(dir, 'missing.json')).status, 2)
  })

  test('dashboard serves a gh-pages checkout', async () => {
    const pages = path.join(dir, 'pages')
    await writeHistory(path.join(pages, 'loadgate'), { runs: 5, series: ['api GET /items/:id'] })
    const child = spawn(process.execPath, ['--import', TSX, CLI, 'dashboard', pages], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (d) => {
          out += d
          const match = /dashboard: (\S+)/.exec(out)
          if (match) resolve(match[1]!)
        })
        child.on('exit', () => reject(new Error(out)))
      })
      const index = await fetch(`${url}data/index.json`).then((r) => r.json())
      assert.equal(index.benchmarks[0].name, 'api')
      assert.match(await fetch(url).then((r) => r.text()), /<title>loadgate — performance history<\/title>/)
    } finally {
      child.kill()
    }
  })
})
