import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { MAX_ARTIFACT_BYTES, MAX_TRIALS } from '../../src/model/artifact-file'
import { readResults } from '../../src/model/results-file'
import { readReportInput } from '../../src/modes/report-file'
import { comparisons } from '../../testkit/comparisons'
import { makeResults } from '../../testkit/results-factory'
import { settingsFor } from '../../testkit/settings'

// A fork's artifact (and a segment job's) is read within one size cap and one cap on trials,
// whichever file it is: a valid document padded past the cap is refused before it is parsed.

let dir: string
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-report-file-'))
})
after(() => rm(dir, { recursive: true, force: true }))

const results = (rounds: number) =>
  makeResults({ rounds, base: () => ({ p50: 10 }), head: () => ({ p50: 11 }) })

/** Valid JSON, padded with whitespace to `bytes`. */
async function padded(name: string, document: unknown, bytes: number): Promise<string> {
  const file = path.join(dir, name)
  const text = JSON.stringify(document)
  await writeFile(file, text + ' '.repeat(Math.max(0, bytes - Buffer.byteLength(text))))
  return file
}

const report = (file: string) => readReportInput(settingsFor(dir, { mode: 'report', 'report-file': file }))

describe('artifact files are bounded', () => {
  test('a results.json over the cap is refused, naming the file, its size and the cap', async () => {
    const size = MAX_ARTIFACT_BYTES + 1
    const file = await padded('big-results.json', results(3), size)
    const message = new RegExp(
      `^LoadgateError: Input 'report-file': ${file} is ${size} bytes \\(20\\.0 MiB\\), over the ${MAX_ARTIFACT_BYTES}-byte \\(20\\.0 MiB\\) limit of an artifact file$`,
    )
    await assert.rejects(report(file), message)
    // The same reader serves the segment results a merge job downloads.
    await assert.rejects(
      readResults(file),
      /big-results\.json is 20971521 bytes .* limit of an artifact file$/,
    )
  })

  test('a comparison.json over the cap is refused the same way, and one at the cap is read', async () => {
    const over = await padded('big-comparison.json', comparisons.regression(), MAX_ARTIFACT_BYTES + 1)
    await assert.rejects(report(over), /big-comparison\.json is 20971521 bytes .* limit of an artifact file$/)
    const at = await padded('comparison.json', comparisons.regression(), MAX_ARTIFACT_BYTES)
    assert.equal((await report(at)).kind, 'comparison')
  })

  test('more trials than a run can have are refused with the count and the cap', async () => {
    const rounds = MAX_TRIALS / 2 + 1
    const many = await padded('many.json', results(rounds), 0)
    await assert.rejects(
      report(many),
      new RegExp(`^LoadgateError: ${many} holds ${rounds * 2} trials, over the limit of ${MAX_TRIALS} `),
    )
    const most = await padded('most.json', results(MAX_TRIALS / 2), 0)
    const input = await report(most)
    assert.equal(input.kind === 'results' && input.results.trials.length, MAX_TRIALS)
  })

  test('a symbolic link is refused, never followed to the file it names; so is a FIFO', async () => {
    const outside = await padded('outside.json', results(3), 0)
    const link = path.join(dir, 'linked-results.json')
    await symlink(outside, link)
    await assert.rejects(
      report(link),
      new RegExp(`^LoadgateError: Input 'report-file': ${link} is a symbolic link: expected a regular file`),
    )
    await assert.rejects(readResults(link), /is a symbolic link: expected a regular file/)
    const fifo = path.join(dir, 'results.fifo')
    execFileSync('mkfifo', [fifo])
    await assert.rejects(report(fifo), /results\.fifo is not a regular file: expected a regular file/)
    assert.equal((await report(outside)).kind, 'results', 'the file itself is read')
  })
})
