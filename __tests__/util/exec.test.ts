import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { CommandTimeout, run } from '../../src/util/exec'

describe('running a command', () => {
  test('a command past its timeout is killed and says so: nothing waits forever', async () => {
    const started = performance.now()
    await assert.rejects(run('sleep', ['30'], { timeoutMs: 200 }), (error: unknown) => {
      assert.ok(error instanceof CommandTimeout)
      assert.match((error as Error).message, /^sleep 30 timed out after 200 ms$/)
      return true
    })
    assert.ok(performance.now() - started < 5000)
  })

  test('a command within its time resolves with its output', async () => {
    assert.deepEqual(await run('echo', ['ok']), { code: 0, stdout: 'ok\n', stderr: '' })
  })
})
