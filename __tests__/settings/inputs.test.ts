import { flagsReference } from '../../src/cli/flag-groups'
import { commandSettings } from '../../src/cli/flags'
import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { parse as parseYaml } from 'yaml'
import { INPUTS, type InputScope } from '../../src/settings/inputs'
import { describeInput } from '../../src/settings/input-lookup'
import { readSettings, type InputReader } from '../../src/settings/read-settings'
import { errorMessage } from '../../src/util/errors'

// action.yml, docs/configuration.md, the CLI and readSettings must all agree with src/settings/inputs.ts.

const namesIn = (scope: InputScope) => INPUTS.filter((i) => i.scopes.includes(scope)).map((i) => i.name)
const actionInputs = INPUTS.filter((i) => i.scopes.includes('action'))

let workspace: string

before(() => {
  workspace = mkdtempSync(path.join(os.tmpdir(), 'loadgate-inputs-'))
  mkdirSync(path.join(workspace, 'k6'))
  writeFileSync(path.join(workspace, 'k6', 'orders.js'), 'export default function () {}\n')
  writeFileSync(path.join(workspace, 'compose.yaml'), 'services: {}\n')
})
after(() => rmSync(workspace, { recursive: true, force: true }))

const minimalInputs: Record<string, string> = { 'k6-script': 'k6/orders.js', service: 'api', port: '8080' }

function load(read: InputReader) {
  return readSettings(read, { workspace, eventName: 'push', defaultWorkDir: workspace })
}

/** The error for a loadgate.yml that holds an unknown key. */
function unknownKeyError(config: string): string {
  const file = path.join(workspace, 'loadgate.yml')
  writeFileSync(file, config)
  try {
    load((name) => (name === 'config' ? file : (minimalInputs[name] ?? '')))
  } catch (error) {
    return errorMessage(error).replace(file, 'loadgate.yml')
  }
  throw new Error(`loadgate.yml accepted ${config.trim()}`)
}

interface CliRun {
  status: number
  stdout: string
  stderr: string
}

/**
 * Runs the CLI's main() once per argument list in one process (one start instead of many). Importing
 * src/cli/index.ts runs it once itself, with `report --help`.
 */
const CLI_DRIVER = `
const output = { stdout: '', stderr: '' }
const print = process.stdout.write.bind(process.stdout)
process.stdout.write = (text) => ((output.stdout += text), true)
process.stderr.write = (text) => ((output.stderr += text), true)
process.argv = [process.argv[0], 'loadgate', 'report', '--help']
const { main } = await import('./src/cli/index.ts')
const runs = []
for (const args of JSON.parse(process.env.CLI_ARGS)) {
  output.stdout = output.stderr = ''
  const status = await main(args)
  runs.push({ status, ...output })
}
print(JSON.stringify(runs))
`

async function runCli(argLists: string[][]): Promise<CliRun[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', CLI_DRIVER],
    { env: { ...process.env, CLI_ARGS: JSON.stringify(argLists) } },
  )
  return JSON.parse(stdout) as CliRun[]
}

describe('the table of inputs', () => {
  test("action.yml's inputs: names, descriptions and defaults", () => {
    const action = parseYaml(readFileSync('action.yml', 'utf8')) as {
      inputs: Record<string, { description: string; default: string }>
    }
    assert.deepEqual(
      Object.entries(action.inputs).map(([name, input]) => ({ name, ...input })),
      actionInputs.map((input) => ({
        name: input.name,
        description: describeInput(input),
        default: input.actionDefault ?? '',
      })),
    )
  })

  test('the Inputs table of docs/configuration.md', () => {
    const readme = readFileSync('docs/configuration.md', 'utf8')
    const section = readme.slice(readme.indexOf('\n## Inputs\n'), readme.indexOf('\n## Outputs\n'))
    const rows = [...section.matchAll(/^\| `([^`]+)` \| (.*) \|$/gm)].map(([, name, meaning]) => ({
      name,
      meaning: meaning!.replace(/\\\|/g, '|'),
    }))
    assert.deepEqual(
      rows,
      actionInputs.map((input) => ({ name: input.name, meaning: describeInput(input) })),
    )
  })

  test("docs/cli.md's reference of every flag, grouped as --help groups them", () => {
    const doc = readFileSync('docs/cli.md', 'utf8')
    const open = '<!-- flags:start -->'
    const section = doc.slice(doc.indexOf(open) + open.length, doc.indexOf('<!-- flags:end -->'))
    assert.equal(section, `\n\n${flagsReference()}\n`, 'run npm run docs')
    for (const name of namesIn('cli')) assert.match(section, new RegExp(`^\\| \`--${name} <`, 'm'), name)
  })

  test('descriptions read as sentences: "Default: …", `ports: [...]`, the work folder moved, not emptied', () => {
    const texts = INPUTS.flatMap((input) => [describeInput(input), describeInput(input, 'cli')])
    for (const text of [...texts, readFileSync('action.yml', 'utf8'), readFileSync('docs/cli.md', 'utf8')]) {
      assert.doesNotMatch(text, /Default - |ports - \[|emptied/)
    }
    const workDir = INPUTS.find((input) => input.name === 'work-dir')!
    assert.match(describeInput(workDir, 'cli'), /moves the previous run's files to <folder>-earlier/)
  })

  test('the names readSettings reads', () => {
    const read = new Set<string>()
    load((name) => {
      read.add(name)
      return minimalInputs[name] ?? ''
    })
    assert.deepEqual([...read].sort(), INPUTS.map((i) => i.name).sort())
  })

  test("loadgate.yml's top-level keys and benchmark keys: a mistyped one names the key it meant and its line", () => {
    for (const name of [...namesIn('loadgate.yml'), 'benchmarks'])
      assert.equal(
        unknownKeyError(`# settings\n${name}x: 1\n`),
        `loadgate.yml (line 2): unknown setting '${name}x': did you mean '${name}'?`,
      )
    for (const name of namesIn('benchmark'))
      assert.equal(
        unknownKeyError(`benchmarks:\n  - k6-script: k6/orders.js\n    ${name}x: 1\n`),
        `loadgate.yml benchmarks[0] (line 3): unknown setting '${name}x': did you mean '${name}'?`,
      )
    assert.equal(
      unknownKeyError('service: api\nminrounds: 3\n'),
      "loadgate.yml (line 2): unknown setting 'minrounds': did you mean 'min-rounds'?",
    )
    assert.match(
      unknownKeyError('zzz: 1\n'),
      /^loadgate\.yml \(line 1\): unknown setting 'zzz': expected a setting docs\/configuration\.md lists/,
    )
  })

  test("the CLI's flags and the settings its --help lists", async () => {
    // compare takes every CLI setting but the history's retention (record's alone) and calibrate's budget.
    const flags: string[] = namesIn('cli').filter((name) => !['retention', 'calibrate-budget'].includes(name))
    assert.deepEqual(
      commandSettings('compare').map((input) => input.name),
      flags,
    )
    const notFlags = INPUTS.map((i) => i.name).filter((name) => !flags.includes(name))
    const [help, ...refused] = await runCli([
      ['compare', '--help', ...flags.flatMap((flag) => [`--${flag}`, 'x'])],
      ...notFlags.map((name) => ['compare', '--help', `--${name}`, 'x']),
    ])
    assert.equal(help!.status, 0, help!.stderr)
    // Every setting once, with its value's placeholder: on its own line or named after its group's.
    const options = help!.stdout.slice(help!.stdout.indexOf('\nWhat to run:'))
    const named = [...options.matchAll(/--([a-z0-9-]+) <[^>]+>/g)].map((m) => m[1]!)
    assert.deepEqual([...named].sort(), [...flags, 'base', 'head'].sort())
    assert.deepEqual(
      refused.map((run, i) => `${notFlags[i]}: ${run.status} ${run.stderr.includes('Unknown flag')}`),
      notFlags.map((name) => `${name}: 2 true`),
    )
  })
})
