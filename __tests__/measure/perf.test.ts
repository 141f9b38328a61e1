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

  test("a JIT's frames are named from the perf map the process wrote, read while it runs", async () => {
    const found = await findPerf()
    assert.ok('command' in found, 'unavailable' in found ? found.unavailable : '')
    const busy = spawn(process.execPath, [
      '--perf-basic-prof',
      // Its own frame, not inlined into the loop that calls it.
      '--max-inlined-bytecode-size=0',
      '-e',
      'function spinTheLedger(n) { let h = 0; for (let i = 0; i < n; i++) h = Math.imul(h ^ i, 16777619); return h }\n' +
        'const end = Date.now() + 20000; let x = 0; while (Date.now() < end) x ^= spinTheLedger(1e5)',
    ])
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-perf-test-'))
    try {
      const recording = new PerfRecording(found.command, [busy.pid!], path.join(dir, 'jit.perf.data'))
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const stacks = await recording.stop()
      const leaves = new Map<string, number>()
      for (const [stack, n] of stacks)
        leaves.set(stack.split(';').at(-1)!, (leaves.get(stack.split(';').at(-1)!) ?? 0) + n)
      const [top] = [...leaves].sort((a, b) => b[1] - a[1])
      assert.match(top![0], /^spinTheLedger \(\[eval\]\)$/, JSON.stringify([...leaves].slice(0, 5)))
    } finally {
      busy.kill('SIGKILL')
      await rm(dir, { recursive: true, force: true })
      await rm(`/tmp/perf-${busy.pid}.map`, { force: true })
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
