import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { logLine } from '../../src/action/log'
import { actionReporter } from '../../src/action/reporter'

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

  test('a log line never begins with `::`', () => {
    assert.equal(logLine('::stop-commands::token'), ': :stop-commands::token')
  })
})
