import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Ajv from 'ajv'
import { parse as parseYaml } from 'yaml'
import { parseCommandArgs } from '../../src/cli/args'
import { flagValues, settingFlags } from '../../src/cli/flags'
import { parseConfig } from '../../src/settings/config-file'
import { configSchema, SCHEMA_FILE, SCHEMA_URL } from '../../src/settings/config-schema'
import { readSettings } from '../../src/settings/read-settings'
import { parseThresholdLines } from '../../src/settings/thresholds'
import { errorMessage, SettingsError } from '../../src/util/errors'

// The ways loadgate.yml and the CLI could drop or flip a setting without a word: each is refused
// or kept, and said with the key, its line and the value as the user wrote it.

let workspace: string

before(() => {
  workspace = mkdtempSync(path.join(os.tmpdir(), 'loadgate-traps-'))
  mkdirSync(path.join(workspace, 'k6'))
  writeFileSync(path.join(workspace, 'k6', 'orders.js'), 'export default function () {}\n')
})
after(() => rmSync(workspace, { recursive: true, force: true }))

/** The error readSettings gives for `yaml` as loadgate.yml (no compose file exists in `workspace`). */
function configError(yaml: string): string {
  writeFileSync(path.join(workspace, 'loadgate.yml'), yaml)
  try {
    readSettings((name) => (name === 'config' ? 'loadgate.yml' : ''), {
      workspace,
      eventName: 'pull_request',
      defaultWorkDir: workspace,
    })
  } catch (error) {
    assert.ok(error instanceof SettingsError, String(error))
    return errorMessage(error)
  }
  throw new Error(`accepted:\n${yaml}`)
}

const base = ['k6-script: k6/orders.js', 'service: api', 'port: 8080']

describe('loadgate.yml', () => {
  test('three mistakes are reported in one run, each with its key, line and value, before the compose file exists', () => {
    const message = configError(
      [
        ...base,
        'fail-on: regression, slow',
        'min-rounds: lots',
        'thresholds:',
        '  - p90 +10% gate inform',
      ].join('\n'),
    )
    assert.deepEqual(message.split('\n'), [
      'loadgate.yml has 3 problems:',
      "  Input 'loadgate.yml fail-on (line 4)' is 'slow': expected verdicts among REGRESSION, TARGET_MISSED, INVALID, LIKELY_OVER_DELTA, INCONCLUSIVE, IMPROVEMENT, NO_CHANGE (comma-separated), or never",
      "  Input 'loadgate.yml min-rounds (line 5)' is 'lots': expected a whole number from 1 to 200",
      "  loadgate.yml thresholds[0] (line 7): 'p90 +10% gate inform' — expected one of gate or inform, once (not both, they contradict)",
    ])
  })

  test('min-rounds above the default max-rounds is blamed on min-rounds, as written, with its line', () => {
    const message = configError([...base, 'min-rounds: 30'].join('\n'))
    assert.equal(
      message,
      "Input 'loadgate.yml min-rounds (line 4)' is '30': expected at most max-rounds (20, its default)",
    )
    const both = configError([...base, 'min-rounds: 30', 'max-rounds: 25'].join('\n'))
    assert.equal(both, "Input 'loadgate.yml max-rounds (line 5)' is '25': expected at least min-rounds (30)")
  })

  test('a value of a benchmarks entry is named by its entry, key and line', () => {
    const message = configError(
      ['benchmarks:', '  - k6-script: k6/orders.js', '    service: api', '    port: 99999'].join('\n'),
    )
    assert.match(message, /^Input 'loadgate\.yml benchmarks\[0\] port \(line 4\)' is '99999'/)
  })

  test('a YAML syntax error shows its line and a caret under the place', () => {
    const message = configError(['service: api', 'port: 8080', 'k6-script: [k6/orders.js'].join('\n'))
    const [first, source, caret] = message.split('\n')
    assert.match(first!, /^loadgate\.yml line \d+, column \d+: expected readable YAML \(.+\)$/)
    assert.ok(source!.trim().length > 0, 'the line is shown')
    assert.match(caret!, /^\s*\^$/)
    const column = Number(/column (\d+)/.exec(first!)![1])
    assert.equal(caret!.indexOf('^') - 2, column - 1, 'the caret sits under the column named')
  })

  test('thresholds in the line form and as a list of lines and mappings give the same rules', () => {
    const fromFile = (yaml: string) => {
      writeFileSync(path.join(workspace, 'forms.yml'), `${base.join('\n')}\n${yaml}`)
      writeFileSync(path.join(workspace, 'compose.yaml'), 'services: {}\n')
      try {
        return readSettings((name) => (name === 'config' ? 'forms.yml' : ''), {
          workspace,
          eventName: 'push',
          defaultWorkDir: workspace,
        }).benchmarks[0]!.thresholds
      } finally {
        rmSync(path.join(workspace, 'compose.yaml'))
      }
    }
    const asLines = fromFile('thresholds: |\n  p95 +10% < 300ms\n  api POST /orders: p50 +3%\n')
    const asList = fromFile(
      'thresholds:\n  - p95 +10% < 300ms\n  - { series: api POST /orders, metric: p50, delta: 3% }\n',
    )
    assert.deepEqual(asLines, asList)
    const p95 = asLines.find((rule) => rule.metric === 'p95' && rule.series === '*')!
    assert.equal(p95.gate, true)
    assert.equal(p95.target?.value, 300)
    assert.equal(asLines.find((rule) => rule.series === 'api POST /orders')!.delta, 0.03)
  })
})

describe('threshold rules', () => {
  const refused = (line: string) => {
    try {
      parseThresholdLines(line, 'thresholds')
    } catch (error) {
      return errorMessage(error)
    }
    throw new Error(`'${line}' accepted`)
  }

  test('a sign that contradicts a built-in metric is refused unless the direction is declared', () => {
    assert.match(refused('p90 -10%'), /expected a rise \('\+'\) for p90, where lower is better/)
    assert.match(refused('throughput +5%'), /expected a drop \('-'\) for throughput, where higher is better/)
    assert.match(refused('error_rate -0.5pp'), /for error_rate/)
    const declared = parseThresholdLines('p90 -10% higher-is-better', 'thresholds')[0]!
    assert.equal(declared.direction, 'higher')
    assert.match(refused('p90 +10% higher-is-better'), /a sign that agrees with higher-is-better/)
    assert.equal(parseThresholdLines('p90 +10%', 'thresholds')[0]!.direction, 'lower')
    assert.equal(parseThresholdLines('throughput -5%', 'thresholds')[0]!.direction, 'higher')
    // A custom metric's direction is its sign: nothing else says it.
    assert.equal(parseThresholdLines('custom:jobs:rate -5%', 'thresholds')[0]!.direction, 'higher')
  })

  test('contradictory or repeated words are refused', () => {
    assert.match(refused('p90 +10% gate inform'), /one of gate or inform, once/)
    assert.match(refused('p90 inform gate'), /one of gate or inform, once/)
    assert.match(refused('p90 +10% +5%'), /one minimum effect/)
    assert.match(refused('p90 < 300ms < 200ms'), /one target/)
  })

  test('in loadgate.yml a mapping declares the direction with direction:', () => {
    const problems = (yaml: string) => {
      try {
        parseConfig(yaml, 'loadgate.yml')
        return ''
      } catch (error) {
        return errorMessage(error)
      }
    }
    assert.match(
      problems('thresholds:\n  - { metric: p90, delta: -10% }\n'),
      /thresholds\[0\] \(line 2\).*for p90/,
    )
    assert.equal(problems('thresholds:\n  - { metric: p90, delta: -10%, direction: higher }\n'), '')
    assert.match(
      problems('thresholds:\n  - { metric: p90, delta: +10%, direction: higher }\n'),
      /agrees with/,
    )
  })
})

describe('CLI flags', () => {
  const flags = (args: string[]) =>
    flagValues(parseCommandArgs('compare', { args, options: settingFlags('compare') }).values)

  test('repeated line-list flags add up', () => {
    const values = flags([
      '--k6-env',
      'DURATION=3s',
      '--k6-env',
      'RATE=200',
      '--thresholds',
      'p95 +10%',
      '--thresholds',
      'p90 inform',
    ])
    assert.equal(values['k6-env'], 'DURATION=3s\nRATE=200')
    assert.equal(values.thresholds, 'p95 +10%\np90 inform')
    assert.equal(flags(['--max-rounds', '30'])['max-rounds'], '30')
  })

  test('a repeat of a flag that holds one value is refused, naming both values', () => {
    assert.throws(
      () => flags(['--max-rounds', '20', '--max-rounds', '30']),
      /^SettingsError: Flag '--max-rounds' is given 2 times \('20', '30'\): expected it once/,
    )
  })
})

describe('the JSON Schema of loadgate.yml', () => {
  const validate = new Ajv({ allErrors: true }).compile(configSchema())
  const accepts = (yaml: string) => {
    const ok = validate(parseYaml(yaml))
    return ok ? '' : JSON.stringify(validate.errors)
  }

  test('npm run docs wrote it, and the README and docs point editors at it', () => {
    assert.deepEqual(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')), configSchema(), 'run npm run docs')
    assert.ok(SCHEMA_URL.endsWith(SCHEMA_FILE))
    for (const page of ['README.md', 'docs/configuration.md'])
      assert.ok(readFileSync(page, 'utf8').includes(`# yaml-language-server: $schema=${SCHEMA_URL}`), page)
  })

  test("it accepts the README's example, this repository's loadgate.yml and both thresholds forms", () => {
    const readme = readFileSync('README.md', 'utf8')
    const example = /```yaml\n(\s*# loadgate\.yml\n[\s\S]*?)```/.exec(readme)![1]!
    assert.equal(accepts(example.replace(/^ {3}/gm, '')), '')
    assert.equal(accepts(readFileSync('loadgate.yml', 'utf8')), '')
    assert.equal(accepts('thresholds: |\n  p95 +10%\n  p90 inform\n'), '')
    assert.equal(accepts('thresholds:\n  - p95 +10%\n  - { metric: p90, gate: false }\n'), '')
    assert.equal(accepts('fail-on: regression, Invalid\nmin-rounds: 12\nk6-env: { RATE: 100 }\n'), '')
    assert.equal(accepts('benchmarks:\n  - { k6-script: a.js, port: 8080, thresholds: [p50 +3%] }\n'), '')
  })

  test('it refuses what loadgate refuses: unknown keys, wrong words and numbers, a wrong thresholds shape', () => {
    for (const yaml of [
      'prot: 8080\n',
      'fail-on: regression, slow\n',
      'min-rounds: 300\n',
      'comment: sometimes\n',
      'thresholds: { metric: p95 }\n',
      'thresholds:\n  - { metric: p95, delta: 10%, colour: red }\n',
      'thresholds:\n  - { metric: p95, direction: up }\n',
      'benchmarks:\n  - { k6-script: a.js, prot: 8080 }\n',
    ])
      assert.notEqual(accepts(yaml), '', `accepted ${yaml}`)
  })
})
