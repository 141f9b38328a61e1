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

  test('a command whose own child keeps the output open is stopped with it (as docker compose runs its plugin)', async () => {
    const started = performance.now()
    // The shell starts a child that inherits stdout and outlives a kill of the shell alone.
    await assert.rejects(
      run('sh', ['-c', 'sleep 30 & echo started; wait'], { timeoutMs: 300 }),
      (error: unknown) => error instanceof CommandTimeout,
    )
    assert.ok(performance.now() - started < 3000, `settled after ${performance.now() - started} ms`)
    const { stdout } = await run('pgrep', ['-f', '^sleep 30$'], { allowExitCodes: [1] })
    assert.equal(stdout.trim(), '', 'the child was killed with its parent')
  })

  test('a command within its time resolves with its output', async () => {
    assert.deepEqual(await run('echo', ['ok']), { code: 0, stdout: 'ok\n', stderr: '' })
  })
})
