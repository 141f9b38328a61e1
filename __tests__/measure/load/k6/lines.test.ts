import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { forEachLine, MAX_LINE_BYTES } from '../../../../src/measure/load/k6/lines'
import { parseK6Output } from '../../../../src/measure/load/k6/parse'
import { parseK6Segments } from '../../../../src/measure/load/k6/merge'

// A segment job's raw k6 output is another job's upload: a gzip bomb or one endless line must stop
// in one line naming the file, not grow memory or run without end. Lines cut at any chunk edge
// still come out whole.

const API = '__tests__/__fixtures__/k6/api-2s.json.gz'
let dir: string
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-lines-'))
})
after(() => rm(dir, { recursive: true, force: true }))

async function gz(name: string, text: string | Buffer): Promise<string> {
  const file = path.join(dir, name)
  await writeFile(file, gzipSync(text))
  return file
}

async function lines(file: string, limits = {}): Promise<string[]> {
  const out: string[] = []
  await forEachLine(file, (buffer, start, end) => out.push(buffer.toString('utf8', start, end)), limits)
  return out
}

describe('reading k6 output line by line, within bounds', () => {
  test('one endless line is refused at the line cap, naming the file', async () => {
    const file = await gz('endless.json.gz', Buffer.alloc(MAX_LINE_BYTES * 3, 'a'))
    await assert.rejects(
      lines(file),
      new RegExp(`^LoadgateError: ${file} has a line longer than 1\\.0 MiB: expected k6's JSON output`),
    )
  })

  test('a file that decompresses past its cap is refused, naming the file', async () => {
    const file = await gz('bomb.json.gz', '{"type":"Point"}\n'.repeat(100_000))
    await assert.rejects(
      lines(file, { maxBytes: 1 << 20 }),
      new RegExp(`^LoadgateError: ${file} holds more than 1048576 bytes \\(1\\.0 MiB\\) once decompressed`),
    )
    assert.equal((await lines(file)).length, 100_000, 'without a cap it is read whole')
  })

  test('a long line across many chunks comes out whole, and the last line without a newline too', async () => {
    const long = `{"pad":"${'x'.repeat(3_500_000)}"}`
    const file = await gz('long.json.gz', `a\n${long}\nb`)
    const read = await lines(file, { maxLineBytes: 4 << 20 })
    assert.deepEqual(
      read.map((l) => l.length),
      [1, long.length, 1],
    )
    assert.equal(read[1], long)
  })

  test("merging segments applies the caps: one line names the segment's file", async () => {
    const copy = path.join(dir, 'segment-1.json.gz')
    await writeFile(copy, await readFile(API))
    const whole = await parseK6Output(API)
    assert.equal((await parseK6Segments([copy])).series[0]!.requests, whole.series[0]!.requests)
    await assert.rejects(
      parseK6Segments([copy], { maxBytes: 1000 }),
      new RegExp(`^LoadgateError: ${copy} holds more than 1000 bytes \\(`),
    )
  })
})
