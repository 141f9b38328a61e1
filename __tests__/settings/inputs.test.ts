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

/** The keys loadgate.yml accepts, as its error for an unknown key lists them. */
function keysListedFor(config: string): string[] {
  const file = path.join(workspace, 'loadgate.yml')
  writeFileSync(file, config)
  try {
    load((name) => (name === 'config' ? file : (minimalInputs[name] ?? '')))
  } catch (error) {
    const list = /\(expected one of (.*)\)$/.exec(errorMessage(error))?.[1]
    if (list) return list.split(', ')
    throw error
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

  test('the names readSettings reads', () => {
    const read = new Set<string>()
    load((name) => {
      read.add(name)
      return minimalInputs[name] ?? ''
    })
    assert.deepEqual([...read].sort(), INPUTS.map((i) => i.name).sort())
  })

  test("loadgate.yml's top-level keys and benchmark keys", () => {
    assert.deepEqual(keysListedFor('unknown-setting: 1\n'), [...namesIn('loadgate.yml'), 'benchmarks'])
    assert.deepEqual(keysListedFor('benchmarks:\n  - unknown-key: 1\n'), namesIn('benchmark'))
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
    const settings = help!.stdout.slice(help!.stdout.indexOf('\nSettings'), help!.stdout.indexOf('\nOutput:'))
    assert.deepEqual(
      [...settings.matchAll(/^ {2}--([a-z0-9-]+)/gm)].map((m) => m[1]),
      flags,
    )
    assert.deepEqual(
      refused.map((run, i) => `${notFlags[i]}: ${run.status} ${run.stderr.includes('Unknown flag')}`),
      notFlags.map((name) => `${name}: 2 true`),
    )
  })
})
