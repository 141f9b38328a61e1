import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { makeResults } from '../../testkit/results-factory'
import { appendRunToFile, readHistory, toRunRecord } from '../../src/store'
import type { RunRecord } from '../../src/model/types'

const dirs: string[] = []
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))
async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-history-file-'))
  dirs.push(dir)
  return dir
}

function runOf(runId: string, startedAt: string): RunRecord {
  const results = makeResults({ rounds: 3, base: () => ({ p50: 10 }), head: () => ({ p50: 11 }) })
  results.meta.runId = runId
  results.meta.startedAt = startedAt
  return toRunRecord(results, null, 'main')
}

const read = (file: string, warnings: string[] = [], caps?: { fileBytes: number; totalBytes: number }) =>
  readHistory({
    workspace: '',
    branch: 'gh-pages',
    dataDir: 'loadgate',
    file,
    benchmark: 'api',
    onWarning: (message) => warnings.push(message),
    ...(caps ? { caps } : {}),
  })

describe('history-path file', () => {
  test('runs written to the file are read back, oldest first; a rerun of a commit is counted', async () => {
    const file = path.join(await scratch(), 'cache', 'history.json')
    assert.deepEqual(await read(file), [], 'no file yet: an empty history')
    assert.equal(await appendRunToFile(file, runOf('second', '2026-03-02T10:00:00.000Z')), 0)
    assert.equal(await appendRunToFile(file, runOf('first', '2026-03-01T10:00:00.000Z')), 1)
    const history = await read(file)
    assert.deepEqual(
      history.map((r) => r.meta.runId),
      ['first', 'second'],
    )
    assert.deepEqual(history[0], runOf('first', '2026-03-01T10:00:00.000Z'))
    const document = JSON.parse(await readFile(file, 'utf8'))
    assert.equal(document.format, 'loadgate-history')
  })

  test('a hostile file is refused whole and never overwritten; a bad entry is skipped and named', async () => {
    const dir = await scratch()
    const file = path.join(dir, 'history.json')
    const big = { fileBytes: 4 * 1024 * 1024, totalBytes: 4096 }
    for (const content of [
      'not json {',
      JSON.stringify({ format: 'other', version: 1, benchmarks: {} }),
      'x'.repeat(5000),
    ]) {
      await writeFile(file, content)
      await assert.rejects(
        appendRunToFile(file, runOf('r', '2026-03-01T10:00:00.000Z'), big),
        (error: Error) => {
          assert.match(
            error.message,
            /^Input 'history-path' is '.*history\.json': .*, expected a history file loadgate wrote/,
          )
          return !error.message.includes('\n')
        },
      )
      assert.equal(await readFile(file, 'utf8'), content, 'the file is left as it was')
      await assert.rejects(read(file, [], big), /Input 'history-path'/)
    }
    await writeFile(path.join(dir, 'elsewhere.json'), '')
    await rm(file)
    await symlink(path.join(dir, 'elsewhere.json'), file)
    await assert.rejects(appendRunToFile(file, runOf('r', '2026-03-01T10:00:00.000Z')), /a symbolic link/)
    assert.equal(
      await readFile(path.join(dir, 'elsewhere.json'), 'utf8'),
      '',
      'nothing written through the link',
    )
    await rm(file)
    const good = runOf('good', '2026-03-01T10:00:00.000Z')
    const huge = { ...runOf('huge', '2026-03-02T10:00:00.000Z'), padding: 'x'.repeat(3000) }
    const hostile = {
      format: 'loadgate-history',
      version: 1,
      benchmarks: { api: { runs: [{ evil: '\u001b[31m' }, good, huge] }, ['__proto__']: { runs: [] } },
    }
    await writeFile(file, JSON.stringify(hostile))
    const warnings: string[] = []
    const history = await read(file, warnings, { fileBytes: 2500, totalBytes: 1024 * 1024 })
    assert.deepEqual(
      history.map((r) => r.meta.runId),
      ['good'],
    )
    assert.equal(warnings.length, 2, warnings.join('\n'))
    assert.ok(warnings.every((w) => !w.includes('\u001b')))
    assert.equal(({} as Record<string, unknown>).runs, undefined, 'no prototype was touched')
  })

  test('20 concurrent writers into one history file take turns through its lock: every run lands', async () => {
    const file = path.join(await scratch(), 'history.json')
    const runs = Array.from({ length: 20 }, (_, i) =>
      runOf(`run-${i}`, `2026-03-01T10:${String(i).padStart(2, '0')}:00.000Z`),
    )
    await Promise.all(runs.map((run) => appendRunToFile(file, run)))
    const history = await read(file)
    assert.deepEqual(
      history.map((h) => h.meta.runId),
      runs.map((r) => r.meta.runId),
    )
  })
})
