import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readResults, writeResults } from '../../src/model/results-file'
import { makeResults } from '../../testkit/results-factory'

const results = (rounds: number) =>
  makeResults({ rounds, base: () => ({ p50: 10 }), head: () => ({ p50: 11 }) })

let dir: string
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-results-'))
})
after(() => rm(dir, { recursive: true, force: true }))

describe('results file', () => {
  test('written and read back, validated', async () => {
    const file = path.join(dir, 'results.json')
    await writeResults(file, results(3))
    assert.deepEqual(await readResults(file), results(3))
  })

  test('a bad field: one line naming the file and the field', async () => {
    const file = path.join(dir, 'bad.json')
    const document = results(1) as unknown as { trials: Array<Record<string, unknown>> }
    document.trials[1]!.round = 'one'
    await writeFile(file, JSON.stringify(document))
    await assert.rejects(readResults(file), (error: Error) => {
      assert.equal(error.name, 'LoadgateError')
      assert.match(error.message, new RegExp(`^${file} is not a valid results file: trials\\.1\\.round: `))
      assert.equal(error.message.includes('\n'), false)
      return true
    })
    await writeFile(file, '{"schemaVersion": 1,')
    await assert.rejects(
      readResults(file),
      new RegExp(`^LoadgateError: ${file} is not a readable results file`),
    )
  })

  test('a round measured again: the superseded pair and the repeats are read back; a bad mark is named', async () => {
    const file = path.join(dir, 'repeated.json')
    const document = results(2)
    for (const t of document.trials.filter((t) => t.round === 2)) t.superseded = true
    document.trials.push(...results(1).trials.map((t) => ({ ...t, round: 2, repeat: 1 })))
    document.repeats = {
      perRound: 1,
      perRun: 3,
      rounds: [{ round: 2, order: ['head', 'base'] }],
      exhausted: [],
    }
    await writeResults(file, document)
    const read = await readResults(file)
    assert.deepEqual(read, document)
    assert.deepEqual(
      read.trials.map((t) => [t.round, t.superseded ?? false, t.repeat ?? 0]),
      [
        [1, false, 0],
        [1, false, 0],
        [2, true, 0],
        [2, true, 0],
        [2, false, 1],
        [2, false, 1],
      ],
    )
    const bad = JSON.parse(JSON.stringify(document)) as { trials: Array<Record<string, unknown>> }
    bad.trials[2]!.superseded = 'yes'
    await writeFile(file, JSON.stringify(bad))
    await assert.rejects(readResults(file), /is not a valid results file: trials\.2\.superseded: /)
  })

  test('disk full: a clear error, and the previous file is intact', async (t) => {
    // A 64 KiB filesystem of its own (needs root, as on the CI machine and GitHub's runners).
    const small = path.join(dir, 'small')
    execFileSync('mkdir', ['-p', small])
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', small], { stdio: 'ignore' })
    } catch {
      t.skip('cannot mount a small tmpfs here (not root)')
      return
    }
    try {
      const file = path.join(small, 'results.json')
      await writeResults(file, results(1))
      const before = await readFile(file, 'utf8')
      const big = results(60)
      assert.ok(JSON.stringify(big).length > 64 * 1024, 'the new document does not fit')
      await assert.rejects(writeResults(file, big), {
        name: 'LoadgateError',
        message: `Cannot write ${file}: the disk is full`,
      })
      assert.equal(await readFile(file, 'utf8'), before, 'the previous results survive')
      assert.deepEqual(await readdir(small), ['results.json'], 'no temporary file left')
    } finally {
      execFileSync('umount', [small])
    }
  })
})
