import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { foldPerfScript } from '../../src/measure/profile/fold'
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { MAX_MAP_BYTES, PerfMap, readUntrustedFile } from '../../src/measure/profile/perf-map'

// V8 reuses the addresses of code it freed (Node's start-up code, flushed), and its perf map keeps
// every line it wrote: in a profile of the JIT service, perf named 13 samples of the optimised
// `checkout` after `makeBitMapDescriptor (node:internal/streams/readable)`, which had been there.
const MAP = [
  '7f0000001000 800 JS:~(anonymous) node:internal/streams/writable:333:22',
  '7f0000002000 100 JS:~send /app/server.js:100:14',
  // Later: the optimised handler where the flushed internal was, and past its end.
  '7f0000000f00 a00 JS:*checkout /app/server.js:79:18',
  '7f0000003000 200 JS:^route /app/server.js:105:15',
  'not a line',
].join('\n')

describe("a JIT's perf map, read as the code is laid out now", () => {
  test('a later line wins over the earlier lines it overlaps; what it leaves of them keeps their names', () => {
    const map = new PerfMap(
      [
        '1000 100 old',
        '1040 20 newer',
        '1050 100 newest', // covers the end of `old` and all of `newer` past 0x1050
      ].join('\n'),
    )
    assert.equal(map.lookup(0x1000), 'old')
    assert.equal(map.lookup(0x1045), 'newer')
    assert.equal(map.lookup(0x1050), 'newest')
    assert.equal(map.lookup(0x1149), 'newest')
    assert.equal(map.lookup(0x1150), null, 'past every line')
    assert.equal(map.lookup(0xfff), null, 'before every line')
  })

  test("perf's stale name for a JIT frame gives way to the map's newest line for its address", () => {
    // perf named the hot frame after the line it found first for the address: the flushed internal.
    const script = [
      'node 4312/4312 [000] 1.0: 1 cpu-clock:',
      '\t7f0000001234 JS:~(anonymous) node:internal/streams/writable:333:22+0x234 (/tmp/perf-4312.map)',
      '\t7f0000003010 JS:^route /app/server.js:105:15+0x10 (/tmp/perf-4312.map)',
      '\t55d0000010 node::Start+0x10 (/usr/bin/node)',
      '',
      'node 4400 [001] 1.1: 1 cpu-clock:',
      '\t7f0000001234 JS:~(anonymous) node:internal/streams/writable:333:22+0x234 (/tmp/perf-4400.map)',
      '',
    ].join('\n')
    const stacks = foldPerfScript(script, new Map([[4312, new PerfMap(MAP)]]))
    assert.deepEqual(Object.fromEntries(stacks), {
      'node;node::Start;route (/app/server.js);checkout (/app/server.js)': 1,
      // A process whose map was not read keeps perf's name.
      'node;(anonymous) (node:internal/streams/writable)': 1,
    })
  })

  test('an address no line of the read map covers is JIT code without symbols', () => {
    const script = 'node 4312 [000] 1.0: 1 cpu-clock:\n\t7f0000009000 [unknown] (/tmp/perf-4312.map)\n'
    assert.deepEqual(Object.fromEntries(foldPerfScript(script, new Map([[4312, new PerfMap(MAP)]]))), {
      'node;[JIT code without symbols]': 1,
    })
  })

  test("the JVM's map (Compiler.perfmap, 0x-prefixed) names a method without its return type", () => {
    // As JDK 17's `jcmd <pid> Compiler.perfmap` wrote it for the JVM reference service.
    const map = new PerfMap(
      [
        '0x00007f9f84f048e0 0x0000000000001238 java.lang.String Shop.priceQuote(int)',
        '0x00007f9f84f0bb80 0x0000000000000f90 java.lang.String Shop.checkout(java.lang.String)',
        '0x00007f9f7d662780 0x00000000000008d0 void Shop.send(com.sun.net.httpserver.HttpExchange, int, java.lang.String)',
        '0x00007f9f7d400000 0x0000000000000100 Interpreter',
      ].join('\n'),
    )
    const script = [
      'HTTP-Dispatcher 1/31 [000] 1.0: 1 cpu-clock:',
      '\t7f9f84f0bc00 [unknown] (/tmp/perf-1.map)',
      '\t7f9f7d662800 [unknown] (/tmp/perf-1.map)',
      '\t7f9f7d400010 [unknown] (/tmp/perf-1.map)',
      '\t7f9f8000 thread_native_entry+0x1 (/opt/jre/lib/server/libjvm.so)',
      '',
    ].join('\n')
    assert.deepEqual(Object.fromEntries(foldPerfScript(script, new Map([[1, map]]))), {
      'HTTP-Dispatcher;thread_native_entry;Interpreter;Shop.send(com.sun.net.httpserver.HttpExchange, int, java.lang.String);Shop.checkout(java.lang.String)': 1,
    })
  })
})

describe('a perf map is read without trusting the container that wrote it', () => {
  test('a regular file is read; a link, a FIFO, a linked /tmp or a device are refused at once', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-perf-map-'))
    try {
      const tmp = path.join(root, 'tmp')
      await mkdir(tmp)
      await writeFile(path.join(tmp, 'perf-1.map'), '1000 10 JS:*checkout /app/server.js:1:1\n')
      assert.match(await readUntrustedFile(tmp, path.join(tmp, 'perf-1.map')), /checkout/)
      // An absolute link under /proc/<pid>/root resolves against the host's root.
      await symlink('/etc/hostname', path.join(tmp, 'perf-2.map'))
      await assert.rejects(readUntrustedFile(tmp, path.join(tmp, 'perf-2.map')), /ELOOP/)
      // A FIFO with no writer would block a plain read for ever.
      execFileSync('mkfifo', [path.join(tmp, 'perf-3.map')])
      await assert.rejects(readUntrustedFile(tmp, path.join(tmp, 'perf-3.map')), /not a regular file/)
      await assert.rejects(readUntrustedFile(tmp, '/dev/zero'), /not a regular file/)
      await symlink('/etc', path.join(root, 'linked'))
      await assert.rejects(
        readUntrustedFile(path.join(root, 'linked'), path.join(root, 'linked', 'hostname')),
        /not a directory/,
      )
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })

  test('a map is read up to its size cap', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-perf-map-'))
    try {
      const file = path.join(root, 'perf-1.map')
      await writeFile(file, '')
      await truncate(file, MAX_MAP_BYTES + 4096)
      assert.equal((await readUntrustedFile(root, file)).length, MAX_MAP_BYTES)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
