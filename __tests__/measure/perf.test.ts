import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { findPerf, PerfRecording } from '../../src/measure/profile/perf'

describe('perf, the profiler of the profiling pair', () => {
  test('where perf is not on PATH, it is unavailable with the reason, in one line', async () => {
    const saved = process.env.PATH
    process.env.PATH = await mkdtemp(path.join(os.tmpdir(), 'loadgate-empty-path-'))
    try {
      const found = await findPerf()
      assert.ok('unavailable' in found)
      assert.match(found.unavailable, /^perf unavailable \(not installed: .*linux-perf.*\)$/)
    } finally {
      await rm(process.env.PATH, { recursive: true, force: true })
      process.env.PATH = saved
    }
  })

  test('attached to a running process, it samples it and folds its stacks', async () => {
    const found = await findPerf()
    assert.ok('command' in found, 'unavailable' in found ? found.unavailable : '')
    const busy = spawn(process.execPath, [
      '-e',
      'const end = Date.now() + 20000; while (Date.now() < end) {}',
    ])
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-perf-test-'))
    try {
      const recording = new PerfRecording(found.command, [busy.pid!], path.join(dir, 'busy.perf.data'))
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const stacks = await recording.stop()
      const samples = [...stacks.values()].reduce((a, b) => a + b, 0)
      // About a second of one busy CPU at 997 Hz.
      assert.ok(samples > 300, `${samples} samples`)
      assert.ok(
        [...stacks.keys()].every((stack) => stack.startsWith('node')),
        [...stacks.keys()][0],
      )
    } finally {
      busy.kill('SIGKILL')
      await rm(dir, { recursive: true, force: true })
    }
  })
})
