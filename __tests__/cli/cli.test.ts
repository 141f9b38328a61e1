import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { comparisons } from '../../testkit/comparisons'
import { writeHistory } from '../../testkit/history'
import { colorWanted } from '../../src/cli/output'
import { comparisonSchema } from '../../src/model/comparison'
import { MAX_ARTIFACT_BYTES } from '../../src/model/artifact-file'

const CLI = path.resolve('src/cli/index.ts')
// Resolved here: the CLI also runs from folders without node_modules.
const TSX = import.meta.resolve('tsx')
const cli = (...args: string[]) => cliIn(process.cwd(), ...args)
const cliIn = (cwd: string, ...args: string[]) => cliWith({ NO_COLOR: '1' }, cwd, ...args)
/** The CLI with these colour variables and no others (a test runner may set FORCE_COLOR). */
const cliWith = (colour: Record<string, string>, cwd: string, ...args: string[]) => {
  const { NO_COLOR: _no, FORCE_COLOR: _force, ...env } = process.env
  return spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...env, ...colour },
  })
}
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
    for (const command of [
      'compare',
      'record',
      'calibrate',
      'report',
      'merge',
      'dashboard',
      'history',
      'import',
    ]) {
      const help = cli(command, '--help')
      assert.equal(help.status, 0, command)
      assert.match(help.stdout, new RegExp(`^loadgate ${command}`))
      // One screen: at most 60 lines of at most 100 characters, values as <placeholders>.
      const lines = help.stdout.trimEnd().split('\n')
      assert.ok(lines.length <= 60, `${command} --help has ${lines.length} lines`)
      for (const line of lines) assert.ok(line.length <= 100, `${command}: ${line}`)
      assert.doesNotMatch(help.stdout, /--[a-z-]+ [A-Z]+\b/, `${command}: a value without <placeholder>`)
    }
    for (const command of ['compare', 'record', 'calibrate']) {
      const help = cli(command, '--help').stdout
      assert.deepEqual(
        [...help.matchAll(/^([A-Z][a-z ]+):$/gm)].map((m) => m[1]),
        ['What to run', 'How to measure', 'How to decide', 'Output'],
        command,
      )
      assert.match(
        help,
        /^ {2}--port <port> +its container port, published with no host port \(ports: \["8080"\]\)$/m,
      )
      assert.match(help, /docs\/cli\.md#flags/)
    }
  })

  test('bad usage exits 2 with one line', () => {
    const unknown = cli('benchmark')
    assert.equal(unknown.status, 2)
    assert.equal(
      unknown.stderr,
      "loadgate: Unknown command 'benchmark': expected compare, record, calibrate, merge, report, dashboard, history or import\n",
    )
    // A repository without loadgate.yml at its root (this one has one, which --write would use).
    const bare = path.join(dir, 'no-config')
    spawnSync('git', ['init', '-q', bare])
    const writeWithoutConfig = cliIn(bare, 'calibrate', '--write')
    assert.equal(writeWithoutConfig.status, 2)
    assert.equal(
      writeWithoutConfig.stderr,
      "loadgate: Flag '--write' needs '--config FILE' (or a loadgate.yml at the repository root): the file to write the suggestion into\n",
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
    assert.match(
      table.stdout,
      /series\s+metric\s+base\s+head\s+change\s+(\d+(\.\d+)?% interval|interval ≥ \d+% over all looks)\s+verdict/,
    )
    assert.ok(!table.stdout.includes('\u001b['), 'no colours when not a TTY')
    const json = cli('report', blocked, '--json')
    // The documented shape (docs/cli.md): one comparison.
    assert.equal(comparisonSchema.parse(JSON.parse(json.stdout)).verdict, 'REGRESSION')
    const fine = path.join(dir, 'fine.json')
    await writeFile(fine, JSON.stringify(comparisons.noChange()))
    assert.equal(cli('report', fine).status, 0)
    const missing = cli('report', path.join(dir, 'missing.json'))
    assert.equal(missing.status, 2)
    assert.match(missing.stderr, /'.*missing\.json' cannot be read \(no such file\)/)
    // The same artifact rules as the action: a link is not followed, the cap holds.
    const link = path.join(dir, 'link.json')
    await symlink(fine, link)
    const linked = cli('report', link)
    assert.equal(linked.status, 2, linked.stdout)
    assert.match(linked.stderr, /'.*link\.json' cannot be read \(is a symbolic link: expected a regular file/)
    const big = path.join(dir, 'big.json')
    await writeFile(big, JSON.stringify(comparisons.noChange()) + ' '.repeat(MAX_ARTIFACT_BYTES))
    assert.match(cli('report', big).stderr, /over the 20971520-byte \(20\.0 MiB\) limit of an artifact file/)
  })

  test('--version and help COMMAND', async () => {
    const manifest = JSON.parse(await readFile('package.json', 'utf8')) as { version: string }
    for (const flag of ['--version', '-V', 'version']) {
      const version = cli(flag)
      assert.equal(version.status, 0, flag)
      assert.equal(version.stdout, `loadgate ${manifest.version}\n`)
    }
    for (const command of ['compare', 'merge', 'history']) {
      const viaHelp = cli('help', command)
      assert.equal(viaHelp.status, 0, command)
      assert.equal(viaHelp.stdout, cli(command, '--help').stdout, command)
    }
    assert.match(cli('help').stdout, /^loadgate — /)
    const unknown = cli('help', 'comapre')
    assert.equal(unknown.status, 2)
    assert.match(unknown.stderr, /^loadgate: Unknown command 'comapre': did you mean 'compare'\?/)
  })

  test("each command's help lists the settings it uses, and refuses the others", () => {
    assert.match(cli('record', '--help').stdout, /--retention/)
    assert.doesNotMatch(cli('compare', '--help').stdout, /--retention/)
    const calibrate = cli('calibrate', '--help').stdout
    for (const unused of ['--fail-on', '--retention', '--baseline ', '--gh-pages-branch'])
      assert.ok(!calibrate.includes(unused), unused)
    assert.match(calibrate, /--min-rounds/)
    const refused = cli('calibrate', '--fail-on', 'REGRESSION')
    assert.equal(refused.status, 2)
    assert.match(refused.stderr, /^loadgate: Unknown flag '--fail-on' for 'loadgate calibrate'/)
  })

  test('an unknown flag or command suggests the nearest one', () => {
    const flag = cli('compare', '--bse', 'HEAD')
    assert.equal(flag.status, 2)
    assert.equal(
      flag.stderr,
      "loadgate: Unknown flag '--bse' for 'loadgate compare': did you mean '--base'? see 'loadgate compare --help'\n",
    )
    assert.match(cli('compare', '--min-round', '3').stderr, /did you mean '--min-rounds'\?/)
    assert.match(cli('histroy').stderr, /^loadgate: Unknown command 'histroy': did you mean 'history'\?/)
    assert.doesNotMatch(cli('compare', '--zzzzzz').stderr, /did you mean/)
  })

  test('NO_COLOR and FORCE_COLOR decide the colours of the table', async () => {
    const file = path.join(dir, 'colours.json')
    await writeFile(file, JSON.stringify(comparisons.regression()))
    const forced = cliWith({ FORCE_COLOR: '1' }, process.cwd(), 'report', file)
    assert.ok(forced.stdout.includes('\u001b['), 'FORCE_COLOR colours a pipe')
    const plain = cliWith({ FORCE_COLOR: '1', NO_COLOR: '1' }, process.cwd(), 'report', file)
    assert.ok(plain.stdout.includes('\u001b['), 'FORCE_COLOR wins over NO_COLOR, as in Node')
    for (const env of [{ NO_COLOR: '1' }, { FORCE_COLOR: '0' }, {}] as Array<Record<string, string>>) {
      const out = cliWith(env, process.cwd(), 'report', file)
      assert.ok(!out.stdout.includes('\u001b['), JSON.stringify(env))
    }
    assert.equal(colorWanted({ isTTY: true }, {}), true)
    assert.equal(colorWanted({ isTTY: true }, { NO_COLOR: '1' }), false)
    assert.equal(colorWanted({ isTTY: true }, { NO_COLOR: '' }), true, 'an empty NO_COLOR is unset')
    assert.equal(colorWanted({ isTTY: true }, { TERM: 'dumb' }), false)
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
