import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  chooseWarmup,
  COMPILED_WARMUP_SECONDS,
  UNSEEN_WARMUP_SECONDS,
  warmupChoiceText,
} from '../../src/decide/runtime-warmup'
import { readProcessSigns } from '../../src/measure/process-signs'

const proc = (name: string, ...signs: string[]) => ({ name, signs: [name, ...signs] })

describe('warmup auto: the warm-up a runtime needs', () => {
  test('code compiled ahead of time warms up for seconds; a JIT for as long as its runtime needs', () => {
    const go = chooseWarmup([proc('api', 'api', 'libc.so.6'), proc('postgres', 'postgres', 'libssl.so.3')])
    assert.equal(go.seconds, COMPILED_WARMUP_SECONDS)
    assert.deepEqual(go.runtimes, [])
    assert.equal(chooseWarmup([proc('node', 'node')]).seconds, 30)
    assert.deepEqual(chooseWarmup([proc('node', 'node')]).runtimes, ['Node.js'])
  })

  test('a JVM or .NET app under any name is known by the library it maps', () => {
    const jvm = chooseWarmup([proc('orders-svc', 'orders-svc', 'libjvm.so', 'libz.so.1')])
    assert.deepEqual([jvm.seconds, jvm.runtimes], [60, ['JVM']])
    const dotnet = chooseWarmup([proc('Shop.Api', 'Shop.Api', 'libcoreclr.so')])
    assert.deepEqual([dotnet.seconds, dotnet.runtimes], [60, ['.NET']])
  })

  test('two runtimes in one stack (or one per arm): the longer warm-up wins, both are named', () => {
    const both = chooseWarmup([proc('node', 'node'), proc('java', 'java', 'libjvm.so')])
    assert.equal(both.seconds, 60)
    assert.deepEqual(both.runtimes, ['JVM', 'Node.js'])
    assert.match(
      warmupChoiceText(both),
      /60 s on every new instance, for the JVM and Node\.js JIT compiler \(processes node, java\)/,
    )
  })

  test('processes that cannot be seen keep the fixed 10 s, and the log says why', () => {
    for (const unseen of [null, []]) {
      const choice = chooseWarmup(unseen)
      assert.deepEqual([choice.seconds, choice.seen], [UNSEEN_WARMUP_SECONDS, false])
      assert.match(warmupChoiceText(choice), /cannot be seen/)
    }
  })

  test("a process's own name is cut to what is safe to show anywhere", () => {
    const choice = chooseWarmup([proc('[x](http://a)`<b>', 'y'), proc('', 'z')])
    assert.deepEqual(choice.processes, ['xhttpab', '?'])
    assert.equal(warmupChoiceText(choice, (n) => `\`${n}\``).includes('`xhttpab`'), true)
  })

  test('read from /proc: this test runs on Node.js, and its runtime is told', async () => {
    const signs = await readProcessSigns([process.pid, 999_999_999])
    assert.equal(signs.length, 1, 'a process that does not exist shows nothing')
    assert.ok(
      signs[0]!.signs.some((s) => /^node/.test(s)),
      JSON.stringify(signs[0]!.signs.slice(0, 5)),
    )
    assert.deepEqual(chooseWarmup(signs).runtimes, ['Node.js'])
  })
})
