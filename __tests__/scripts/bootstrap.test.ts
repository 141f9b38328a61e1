import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

// scripts/bootstrap.sh installs per purpose: the demo's list and the tests' share their steps.
// These runs install nothing: on this machine everything the demo needs is present, and a plan
// (--plan) only looks. Each run logs to a folder of its own.

let dir: string
before(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-bootstrap-'))))
after(() => rm(dir, { recursive: true, force: true }))

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  LOADGATE_BOOTSTRAP_LOG: path.join(dir, 'bootstrap.log'),
  ...extra,
})

function bootstrap(args: string[], extra: Record<string, string> = {}): string {
  return execFileSync('bash', ['scripts/bootstrap.sh', ...args], { encoding: 'utf8', env: env(extra) })
}

/** What is not the demo's to install: the tests' browser, profiler, workflow runner, JIT image and packages. */
const NOT_THE_DEMOS = /chromium|perf|act|ldd|JIT|node packages/i

describe('bootstrap', () => {
  test('the demo gets one line per component it needs, each with its time, and nothing of the tests', () => {
    const lines = bootstrap(['demo']).trim().split('\n')
    const steps = lines.filter((line) => !/ready in/.test(line))
    assert.deepEqual(
      steps.map((line) => /^\[bootstrap\] (Docker engine|Compose plugin|Go toolchain|k6) /.exec(line)?.[1]),
      ['Docker engine', 'Compose plugin', 'Go toolchain', 'k6'],
      lines.join('\n'),
    )
    for (const line of steps) assert.match(line, /present: .+ \(\d+s\)$/)
    assert.doesNotMatch(lines.join('\n'), NOT_THE_DEMOS)
    assert.match(lines.at(-1)!, /^\[bootstrap\] ready in \d+s/)
  })

  test('with nothing built, the plan of the tests builds k6 and act, the demo only k6, each with its time', async () => {
    const cache = await mkdtemp(path.join(dir, 'cache-'))
    const plan = (purpose: string) => {
      const [seconds, ...missing] = bootstrap([purpose, '--plan'], { LOADGATE_CACHE: cache })
        .trim()
        .split(' ')
      return { seconds: Number(seconds), missing: missing.join(' ').split(', ') }
    }
    const tests = plan('tests')
    const demo = plan('demo')
    assert.ok(
      tests.missing.includes('k6 v1.8.1') && tests.missing.includes('act v0.2.89'),
      tests.missing.join(),
    )
    assert.deepEqual(demo.missing, ['k6 v1.8.1'])
    assert.ok(
      demo.seconds >= 60 && demo.seconds < tests.seconds,
      `${demo.seconds} s, tests ${tests.seconds} s`,
    )
  })

  test('an unknown purpose is refused in one line', () => {
    assert.throws(
      () => execFileSync('bash', ['scripts/bootstrap.sh', 'everything'], { encoding: 'utf8', stdio: 'pipe' }),
      (error: { stderr: string; status: number }) =>
        error.status === 1 && /unknown purpose 'everything': expected tests or demo/.test(error.stderr),
    )
  })

  test('npm run demo says within 5 s how long it takes, then one line per step with its time', async () => {
    const child = spawn('bash', ['scripts/demo.sh'], {
      env: env({ LOADGATE_DEMO_DIR: path.join(dir, 'demo') }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const started = Date.now()
    const lines: Array<{ text: string; at: number }> = []
    let buffer = ''
    // Stopped once the bootstrap is done: the comparison itself is the end-to-end tests' to cover.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no bootstrap end in 60 s:\n${buffer}`)), 60_000)
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk
        for (const text of buffer.split('\n').slice(lines.length, -1))
          lines.push({ text, at: Date.now() - started })
        if (lines.some((l) => /^\[bootstrap\] ready in/.test(l.text))) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.on('close', () => reject(new Error(`the demo ended before its bootstrap did:\n${buffer}`)))
    }).finally(() => process.kill(-child.pid!, 'SIGKILL'))
    assert.ok(lines[0]!.at < 5000, `first line after ${lines[0]!.at} ms`)
    assert.match(lines[0]!.text, /^loadgate demo: /)
    assert.match(lines[1]!.text, /^It takes about \d+ min: .*about \d+s to build and measure/)
    assert.ok(lines[1]!.at < 5000, `the estimate after ${lines[1]!.at} ms`)
    const steps = lines.slice(2, -1).map((l) => l.text)
    assert.equal(steps.length, 4, steps.join('\n'))
    for (const step of steps) assert.match(step, /^\[bootstrap\] .+ \(\d+s\)$/)
  })
})
