import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { marked } from 'marked'
import { diffProfiles } from '../../src/decide/profile-diff'
import { foldPerfScript, foldedText } from '../../src/measure/profile/fold'
import { profileRecordingSchema, type ArmProfile } from '../../src/model/profile'
import { renderFlameGraph, renderProfileMarkdown } from '../../src/report/profile'

const SCRIPT = `api 28165 22563.370720:    1001001 cpu-clock: 
\t           20760 runtime.mallocgcTiny+0xe0 (/api)
\t           80b05 runtime.mallocgc+0xc5 (/api)
\t          252014 net/http.(*conn).serve+0x414 (/api)

api 28165/28170 22563.371720:    1001001 cpu-clock: 
\t           20760 runtime.mallocgcTiny+0xe0 (/api)
\t           80b05 runtime.mallocgc+0xc5 (/api)
\t          252014 net/http.(*conn).serve+0x414 (/api)

store proc 300 22563.372: 1001001 cpu-clock:
\tffffffff813a2413 finish_task_switch.isra.0+0x93 ([kernel.kallsyms])
\t            6d86 [unknown] (/store)
`

function arm(requests: number, stacks: Record<string, number>): ArmProfile {
  return { requests, samples: Object.values(stacks).reduce((a, b) => a + b, 0), stacks }
}

describe('differential CPU profile', () => {
  test('perf script folds to comm;outer;…;leaf with offsets gone and unnamed frames kept by file', () => {
    const stacks = foldPerfScript(SCRIPT)
    assert.deepEqual(Object.fromEntries(stacks), {
      'api;net/http.(*conn).serve;runtime.mallocgc;runtime.mallocgcTiny': 2,
      'store proc;[unknown] (/store);finish_task_switch.isra.0 [k]': 1,
    })
    assert.equal(
      foldedText(stacks),
      'api;net/http.(*conn).serve;runtime.mallocgc;runtime.mallocgcTiny 2\nstore proc;[unknown] (/store);finish_task_switch.isra.0 [k] 1\n',
    )
  })

  test('a sample in the kernel is the own CPU of the function that entered it, not of a kernel function', () => {
    // The head's sort grew by 100 µs; interrupt skid put 120 µs more on a kernel spin unlock under a write.
    const recording = {
      hz: 1000,
      seconds: 6,
      arms: {
        base: arm(1000, {
          'api;serve;sort': 100,
          'api;serve;write;_raw_spin_unlock_irqrestore [k]': 100,
        }),
        head: arm(1000, {
          'api;serve;sort': 200,
          'api;serve;write;_raw_spin_unlock_irqrestore [k]': 220,
          'api;serve;sort;_raw_spin_unlock_irqrestore [k]': 10,
        }),
      },
    }
    const diff = diffProfiles(profileRecordingSchema.parse(recording))
    assert.deepEqual(
      diff.functions.map((f) => [f.name, f.selfBase, f.selfHead]),
      [
        ['write', 100, 220],
        ['sort', 100, 210],
        ['api', 0, 0],
        ['serve', 0, 0],
      ],
    )
    assert.ok(!diff.functions.some((f) => f.name.endsWith(' [k]')), 'no kernel function in the table')
    // The flame graph keeps the kernel's frames: the whole stack is still drawn.
    const write = diff.flame!.children[0]!.children[0]!.children.find((c) => c.name === 'write')!
    assert.equal(write.children[0]!.name, '_raw_spin_unlock_irqrestore [k]')
  })

  test("switching threads is no function's own CPU: a slower head that parks and wakes more still names its sort", () => {
    // As a Go service's profile reads: futex and usleep enter the kernel's scheduler (a switch, a
    // wake-up); the head's sort grew by 80 µs a request and its threads switched 100 µs more.
    const recording = {
      hz: 1000,
      seconds: 6,
      arms: {
        base: arm(1000, {
          'api;serve;sort': 50,
          'api;findRunnable;runtime.usleep;do_nanosleep [k];schedule [k];__schedule [k];finish_task_switch.isra.0 [k]': 100,
          'api;serve;wakep;runtime.futex;futex_wake [k];try_to_wake_up [k];_raw_spin_unlock_irqrestore [k]': 20,
          'api;serve;runtime.futex;futex_wait [k]': 5,
        }),
        head: arm(1000, {
          'api;serve;sort': 130,
          'api;findRunnable;runtime.usleep;do_nanosleep [k];schedule [k];__schedule [k];finish_task_switch.isra.0 [k]': 150,
          'api;serve;wakep;runtime.futex;futex_wake [k];try_to_wake_up [k];_raw_spin_unlock_irqrestore [k]': 70,
          'api;serve;runtime.futex;futex_wait [k]': 5,
        }),
      },
    }
    const diff = diffProfiles(profileRecordingSchema.parse(recording))
    assert.deepEqual(diff.switching, { base: 120, head: 220 })
    assert.deepEqual(
      [diff.functions[0]!.name, diff.functions[0]!.selfBase, diff.functions[0]!.selfHead],
      ['sort', 50, 130],
    )
    // The rest of futex's kernel time is still its own.
    const futex = diff.functions.find((f) => f.name === 'runtime.futex')!
    assert.deepEqual([futex.selfBase, futex.selfHead], [5, 5])
    assert.ok(!diff.functions.some((f) => f.name === 'runtime.usleep'), 'usleep only ever switched')
    // The totals and the flame graph keep every sample.
    assert.deepEqual([diff.totalBase, diff.totalHead], [175, 355])
    const markdown = renderProfileMarkdown(diff)
    assert.match(
      markdown,
      /Switching threads \(the kernel parking, waking and preempting them\): 120 → 220 \(\+83%\) µs per request/,
    )
    assert.match(
      markdown.split('\n').find((line) => line.startsWith('| `'))!,
      /^\| `sort` \|/,
    )
  })

  test('CPU per request, not per trial: a head that served twice the requests with twice the samples has not grown', () => {
    const recording = {
      hz: 1000,
      seconds: 6,
      arms: {
        base: arm(1000, { 'api;serve;hash': 800, 'api;serve;parse': 200 }),
        head: arm(2000, { 'api;serve;hash': 1600, 'api;serve;parse': 400, 'api;serve;extra': 1000 }),
      },
    }
    const diff = diffProfiles(profileRecordingSchema.parse(recording))
    // 1000 samples at 1 kHz over 1000 requests: 1000 µs a request.
    assert.equal(diff.totalBase, 1000)
    assert.equal(diff.totalHead, 1500)
    assert.deepEqual(diff.functions[0], {
      name: 'extra',
      selfBase: 0,
      selfHead: 500,
      totalBase: 0,
      totalHead: 500,
    })
    const hash = diff.functions.find((f) => f.name === 'hash')!
    assert.equal(hash.selfHead, hash.selfBase)
    const serve = diff.flame!.children[0]!.children[0]!
    assert.deepEqual([serve.name, serve.base, serve.head], ['serve', 1000, 1500])
  })

  test('names from the code under test are shown as code: no link, image, autolink, mention or HTML forms', () => {
    // A fork's service chooses its symbol names (a perf map file is enough).
    const names = [
      'evil|</code><img src=x onerror=alert(1)>',
      '[click me](javascript:alert(1))',
      '![x](https://evil.example/x.png)',
      '<https://evil.example/auto>',
      'https://evil.example/bare www.evil.example',
      '`@team` **bold** <script>alert(1)</script>',
      // A backslash before `|` would escape the table's escape: marked ended the cell there.
      'main.handler\\|[click me](javascript:alert(document.domain))\\|x',
      '![img\\\\|](https://evil.example/x.png)',
      // loadgate's own tag in the body would make a trusted comment look unverified.
      '<!-- loadgate-unverified -->',
    ]
    const diff = diffProfiles({
      hz: 1000,
      seconds: 1,
      arms: {
        base: arm(10, { 'api;a': 10 }),
        // 30 samples each: a growth beyond what the samples allow, so every name is ranked.
        head: arm(10, { 'api;a': 10, ...Object.fromEntries(names.map((n) => [`api;${n}`, 30])) }),
      },
    })
    const markdown = renderProfileMarkdown(diff, null, names.length)
    const html = marked.parse(markdown, { async: false })
    const table = html.slice(html.indexOf('<table>'))
    assert.doesNotMatch(table, /<(a|img|script|strong)[\s>]/, table)
    assert.doesNotMatch(table, /href/, table)
    assert.doesNotMatch(markdown, /<!--/, 'no HTML comment opens in the body')
    const rows = markdown.split('\n').filter((line) => line.startsWith('| `'))
    assert.equal(rows.length, names.length, markdown)
    for (const row of rows) assert.equal(row.split(/(?<!\\)\|/).length - 2, 3, `three cells: ${row}`)
    const cells = [...html.matchAll(/<td><code>(.*?)<\/code><\/td>/g)].map((m) => m[1])
    assert.ok(cells.includes('[click me](javascript:alert(1))'), html)
    assert.ok(cells.includes('&lt;https://evil.example/auto&gt;'), html)
    assert.ok(cells.includes('@team **bold** &lt;script&gt;alert(1)&lt;/script&gt;'), 'backticks dropped')
    assert.ok(cells.includes('evil|&lt;/code&gt;&lt;img src=x onerror=alert(1)&gt;'), html)
    assert.ok(cells.includes('main.handler|[click me](javascript:alert(document.domain))|x'), html)
    assert.ok(cells.includes('&lt;\u200b!-- loadgate-unverified --&gt;'), html)
    const svg = renderFlameGraph(diff)
    assert.doesNotMatch(svg, /<(a|img|script)[\s>]/)
    assert.match(svg, /evil\|&lt;\/code&gt;&lt;img/)
  })

  test("JIT code: V8's perf map names fold to function and file, every tier and position as one", () => {
    const script = [
      'node 900/901 [000] 1.0: 1 cpu-clock:',
      '\t7fe3400ca745 JS:*checkout /app/server.js:70:18+0x685 (/tmp/perf-32448.map)',
      '\t7fe3400ae82d JS:^ /app/server.js:121:19+0x1d (/tmp/perf-32448.map)',
      '',
      'node 950 [001] 1.1: 1 cpu-clock:',
      '\t7fe3400cb745 LazyCompile:~checkout /app/server.js:72:18+0x5 (/tmp/perf-32511.map)',
      '\t7fe3400ae82d JS:^ /app/server.js:121:19+0x1d (/tmp/perf-32511.map)',
      '',
    ].join('\n')
    assert.deepEqual(Object.fromEntries(foldPerfScript(script)), {
      'node;(anonymous) (/app/server.js);checkout (/app/server.js)': 2,
    })
  })

  test('JIT code without a perf map: one name whichever process wrote it, counted apart in one line', () => {
    // Each arm's JVM is its own process: perf names its compiled code after /tmp/perf-<pid>.map.
    const script = (pid: number, samples: number) =>
      Array.from(
        { length: samples },
        () =>
          `java ${pid}/${pid + 5} [000] 1.0: 1 cpu-clock:\n\t7f00 [unknown] (/tmp/perf-${pid}.map)\n\t4000 JVM_Sleep+0x1 (/opt/jre/lib/server/libjvm.so)\n`,
      ).join('\n')
    const fold = (pid: number, samples: number) => Object.fromEntries(foldPerfScript(script(pid, samples)))
    assert.deepEqual(fold(13863, 3), { 'java;JVM_Sleep;[JIT code without symbols]': 3 })
    const diff = diffProfiles({
      hz: 1000,
      seconds: 6,
      arms: {
        // Under half of the samples: the functions are still judged, the unnamed code in one line.
        base: arm(1000, { ...fold(13920, 300), 'java;JVM_Sleep;parse': 400 }),
        // Stored by an earlier version: the per-process name, read as the same frame.
        head: arm(1000, {
          'java;JVM_Sleep;[unknown] (/tmp/perf-13863.map)': 330,
          'java;JVM_Sleep;parse': 450,
        }),
      },
    })
    assert.deepEqual(diff.functions.map((f) => f.name).sort(), ['JVM_Sleep', 'java', 'parse'])
    assert.equal(diff.unsymbolized, undefined)
    assert.deepEqual(diff.unnamedJit, { base: 300, head: 330 })
    const markdown = renderProfileMarkdown(diff)
    assert.doesNotMatch(markdown, /perf-\d+\.map|\(new\)/)
    const line = markdown.split('\n').filter((l) => l.startsWith('JIT code without symbols'))
    assert.equal(line.length, 1, markdown)
    assert.match(
      line[0]!,
      /300 → 330 \(\+10%\) µs per request.*--perf-basic-prof.*Compiler\.perfmap.*-X perf/,
    )
    const names: string[] = []
    const walk = (node: { name: string; children: { name: string; children: never[] }[] }) => {
      names.push(node.name)
      node.children.forEach(walk)
    }
    walk(diff.flame as never)
    assert.equal(names.filter((n) => n.includes('JIT code')).length, 1, 'one flame frame for both arms')
  })

  test('without perf, one line says why and nothing else', () => {
    const diff = diffProfiles({ hz: 997, seconds: 0.1, unavailable: 'perf unavailable (not installed)' })
    assert.equal(renderProfileMarkdown(diff), '_No CPU profile: perf unavailable \\(not installed\\)._')
    assert.equal(renderFlameGraph(diff), '')
  })
})
