import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { parseArgs } from '../../bench/disturbance/generate'

const run = (...args: string[]) => {
  const started = Date.now()
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/disturbance/generate.ts', ...args], {
    encoding: 'utf8',
    timeout: 10_000,
  })
  return { ...child, seconds: (Date.now() - started) / 1000 }
}

describe('the disturbance generator: bounded in time', () => {
  test('a steady half core starts, loads a core, and exits at its limit', () => {
    const { status, stdout, seconds } = run('half-core', '--seconds', '1')
    assert.equal(status, 0, stdout)
    const line =
      /^disturbance half-core: 1 thread\(s\), ran ([\d.]+) s \(its limit\), ([\d.]+) CPU seconds$/m.exec(
        stdout,
      )
    assert.ok(line, stdout)
    assert.ok(Math.abs(Number(line[1]) - 1) < 0.3, `ran ${line[1]} s`)
    // Half of a second of CPU, less on a busy machine; a generator that never loaded takes ~0.
    assert.ok(Number(line[2]) > 0.15, `${line[2]} CPU seconds`)
    assert.ok(seconds < 4, `the process ended ${seconds} s after it started`)
  })

  test('a bad kind or bound: one line naming it, exit 2, nothing started', () => {
    const bad = run('spiky', '--seconds', '1')
    assert.equal(bad.status, 2)
    assert.equal(
      bad.stderr,
      'generate: the disturbance kind must be one of bursty, half-core, membw, got "spiky"\n',
    )
    assert.throws(() => parseArgs(['bursty']), /--seconds must be a number of seconds above 0/)
    assert.throws(
      () => parseArgs(['membw', '--seconds', '5', '--threads', '0']),
      /--threads must be a whole number/,
    )
    assert.equal(parseArgs(['bursty', '--seconds', '5']).threads >= 1, true)
  })
})
