import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { diffProfiles } from '../../src/decide/profile-diff'
import { foldPerfScript } from '../../src/measure/profile/fold'
import { profileRecordingSchema, type ArmProfile } from '../../src/model/profile'
import { renderProfileMarkdown } from '../../src/report/profile'
import { renderTerminal } from '../../src/report/terminal'
import { comparisons } from '../../testkit/comparisons'

// Where most samples have no symbol, the profile says so and how that toolchain gets names, in
// one line in place of the table; a profile that names its samples keeps its verdict on functions.

function arm(stacks: Record<string, number>): ArmProfile {
  return { requests: 1000, samples: Object.values(stacks).reduce((a, b) => a + b, 0), stacks }
}

/** Base and head as perf folded them; the head does `grow` times the work of each unnamed stack. */
function profiled(stacks: Record<string, number>, grow = 1.1) {
  const head = Object.fromEntries(
    Object.entries(stacks).map(([stack, n]) => [
      stack,
      /\[unknown\]|JIT code/.test(stack) ? Math.round(n * grow) : n,
    ]),
  )
  const recording = { hz: 1000, seconds: 10, arms: { base: arm(stacks), head: arm(head) } }
  const diff = diffProfiles(profileRecordingSchema.parse(recording))
  const markdown = renderProfileMarkdown(diff)
  const terminal = renderTerminal({ ...comparisons.regression(), profile: diff }, { color: false })
  const line = markdown.split('\n').find((l) => /% of the samples are /.test(l)) ?? ''
  return { diff, markdown, terminal, line }
}

/** The line in both reports, no table and no verdict on the functions. */
function assertOneLine(result: ReturnType<typeof profiled>, pattern: RegExp) {
  assert.match(result.line, pattern, result.markdown)
  assert.doesNotMatch(result.markdown, /\| function \||No function's own CPU|JIT code without symbols:/)
  // The terminal says the same, its names and flags without markdown's backticks.
  const terminalLine = result.terminal.split('\n').find((l) => /% of the samples are /.test(l)) ?? ''
  assert.equal(terminalLine, `    ${result.line.replace(/`/g, '')}`, result.terminal)
  assert.doesNotMatch(result.terminal, /No function's own CPU|self \d/)
}

describe('a profile whose samples have no symbol says why, for its toolchain', () => {
  test('a stripped Go binary (-ldflags=-s -w): the binary named, built without -s', () => {
    const result = profiled({
      'pocketbase;[unknown] (/pocketbase);[unknown] (/pocketbase)': 900,
      // Kernel time entered from the binary is the binary's; switching threads is no one's.
      'pocketbase;[unknown] (/pocketbase);entry_SYSCALL_64 [k];do_syscall_64 [k]': 40,
      'pocketbase;finish_task_switch.isra.0 [k]': 60,
    })
    assert.deepEqual(result.diff.unsymbolized, { share: 0.943, file: '/pocketbase', runtime: 'binary' })
    assertOneLine(
      result,
      /^94% of the samples are in `\/pocketbase`, which has no symbol table \(stripped: a Go binary built with `-ldflags='-s -w'`.*without `-s`/,
    )
  })

  test('CPython 3.11 without -X perf: the interpreter named, -X perf on 3.12+', () => {
    const result = profiled({
      'python3.11;[unknown] ([unknown]);[unknown] ([unknown])': 870,
      'python3.11;_PyEval_EvalFrameDefault;PyObject_Vectorcall': 130,
    })
    assert.equal(result.diff.unsymbolized?.runtime, 'cpython')
    assertOneLine(
      result,
      /in the CPython interpreter.*Python 3\.12\+ with `-X perf` \(or `PYTHONPERFSUPPORT=1`\)/,
    )
    // The interpreter's own binary without symbols is told the same way, whatever its process is called.
    const stripped = profiled({ 'uvicorn;[unknown] (/usr/local/bin/python3.11)': 700, 'uvicorn;main': 300 })
    assert.deepEqual(stripped.diff.unsymbolized, {
      share: 0.71,
      file: '/usr/local/bin/python3.11',
      runtime: 'cpython',
    })
  })

  test('a JVM without a perf map: its compiled code, Compiler.perfmap and PreserveFramePointer', () => {
    const script = (pid: number) =>
      Array.from(
        { length: 8 },
        (_, i) =>
          `java ${pid}/${pid + 5} [000] 1.0: 1 cpu-clock:\n\t7f0${i} [unknown] (/tmp/perf-${pid}.map)\n` +
          '\t4000 JavaCalls::call_helper+0x1 (/opt/jre/lib/server/libjvm.so)\n',
      ).join('\n')
    const folded = Object.fromEntries(foldPerfScript(script(1)))
    assert.deepEqual(folded, { 'java;JavaCalls::call_helper;[JIT code without symbols]': 8 })
    const result = profiled({ ...folded, 'java;JavaCalls::call_helper;JVM_Sleep': 2 })
    assert.deepEqual(result.diff.unsymbolized, { share: 0.81, file: 'jit', runtime: 'jvm' })
    assertOneLine(
      result,
      /in Java code the JVM compiled without a perf map.*`jcmd <pid> Compiler\.perfmap`.*`-XX:\+PreserveFramePointer`/,
    )
  })

  test('Node.js without --perf-basic-prof', () => {
    const result = profiled({
      'node;node::Start;Builtins_JSEntry;[JIT code without symbols]': 800,
      'node;node::Start;uv_run;epoll_wait [k]': 200,
    })
    assert.equal(result.diff.unsymbolized?.runtime, 'node')
    assertOneLine(result, /in JavaScript that Node compiled without a perf map.*`--perf-basic-prof`/)
  })

  test('a well-symbolized profile keeps its verdict on the functions', () => {
    // A few frames perf could not name, under half of the samples, change nothing.
    const recording = {
      hz: 1000,
      seconds: 10,
      arms: {
        base: arm({ 'api;main.handleTop;slices.pdqsort': 600, 'api;[unknown] (/api)': 400 }),
        head: arm({ 'api;main.handleTop;slices.pdqsort': 1200, 'api;[unknown] (/api)': 400 }),
      },
    }
    const diff = diffProfiles(profileRecordingSchema.parse(recording))
    assert.equal(diff.unsymbolized, undefined)
    const markdown = renderProfileMarkdown(diff)
    assert.match(markdown, /\| `slices\.pdqsort` \| 600 → 1200 \(\+100%\)/, markdown)
    assert.doesNotMatch(markdown, /% of the samples are /)
    // Half of them unnamed is where the line takes over.
    recording.arms.head = arm({ 'api;main.handleTop;slices.pdqsort': 1200, 'api;[unknown] (/api)': 1400 })
    const unnamed = diffProfiles(profileRecordingSchema.parse(recording))
    assert.equal(unnamed.unsymbolized?.share, 0.5)
    assert.doesNotMatch(renderProfileMarkdown(unnamed), /\| `slices/)
  })

  test('where the added time is waiting, that sentence stands: it needs no names', () => {
    const { diff } = profiled({ 'pocketbase;[unknown] (/pocketbase)': 900, 'pocketbase;main': 100 }, 1)
    assert.equal(diff.unsymbolized?.runtime, 'binary')
    // 30 ms more on the median request, no more CPU per request.
    const markdown = renderProfileMarkdown(diff, 30_000)
    assert.match(markdown, /the added time is spent waiting/, markdown)
    assert.doesNotMatch(markdown, /% of the samples are /)
  })

  test('the file named in the line is escaped for markdown', () => {
    const result = profiled({ 'x;[unknown] (/bin/a`b|c)': 900, 'x;main': 100 })
    assert.match(result.line, /in `\/bin\/ab\\\|c`, which has no symbol table/, result.line)
  })
})
