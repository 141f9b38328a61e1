import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'

// What loadgate writes while it tears down after SIGINT/SIGTERM comes from Docker's and git's
// error output, which a compose file or a k6 script under test can shape: it must not be able to
// start a workflow command (`::…::` at the start of a line) or send terminal escapes.

const CHILD = `
import { installSignalHandlers, track } from './src/measure/cleanup.ts'
installSignalHandlers()
track({ kind: 'compose', id: 'loadgate-1-head', path: 'compose.yaml' }, async () => {
  throw new Error('removal failed\\n::error title=pwned::injected\\r\\u001b[2K\\u001b]8;;https://evil.example\\u0007')
})
process.kill(process.pid, 'SIGTERM')
setInterval(() => {}, 1000)
`

describe('teardown after a signal', () => {
  test('error text is sanitized before it reaches the log', () => {
    const child = spawnSync('node', ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      encoding: 'utf8',
      timeout: 60_000,
    })
    assert.equal(child.status, 143, child.stderr)
    assert.match(child.stderr, /^loadgate: SIGTERM received: removing containers and worktrees$/m)
    assert.match(
      child.stderr,
      /^loadgate: could not remove compose loadgate-1-head: removal failed\?::error/m,
    )
    assert.doesNotMatch(child.stderr, /^::/m, 'no line starts a workflow command')
    for (const escape of ['\u001b', '\u0007', '\r']) {
      assert.ok(!child.stderr.includes(escape), `no ${JSON.stringify(escape)} reaches the log`)
    }
  })
})
