import { describe, test, after, before, beforeEach } from 'node:test'
import assert from 'node:assert/strict'
import * as core from '@actions/core'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { actionReporter } from '../../src/action/reporter'
import { fitSummary, SUMMARY_LIMIT_BYTES } from '../../src/action/summary'

let dir: string
let file: string
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-summary-'))
  file = path.join(dir, 'summary.md')
  process.env.GITHUB_STEP_SUMMARY = file
})
beforeEach(async () => {
  await writeFile(file, '')
  core.summary.emptyBuffer()
})
after(async () => {
  delete process.env.GITHUB_STEP_SUMMARY
  await rm(dir, { recursive: true, force: true })
})

/** A report of `rows` table rows inside a <details>, with multi-byte characters throughout. */
function bigReport(rows: number): string {
  const row = (i: number) => `| api GET /items/${i} — p95 | 10.0 ms | 12.0 ms | +20% ⚠️ |`
  return [
    '### loadgate — api',
    '',
    '<details><summary>All series</summary>',
    '',
    '| series | base | head | change |',
    '|---|---|---|---|',
    ...Array.from({ length: rows }, (_, i) => row(i)),
    '',
    '</details>',
    '',
  ].join('\n')
}

describe('the job summary', () => {
  test('a 3 MiB report is cut to GitHub’s 1 MiB limit, saying so and where the full report is', async () => {
    const report = bigReport(50_000)
    assert.ok(Buffer.byteLength(report) > 3 * SUMMARY_LIMIT_BYTES)
    const reporter = actionReporter()
    reporter.summary(report)
    reporter.summary(bigReport(10)) // a second benchmark in the same step
    await core.summary.write()
    const written = await readFile(file)
    assert.ok(written.length <= SUMMARY_LIMIT_BYTES, `${written.length} bytes`)
    assert.ok(written.length > SUMMARY_LIMIT_BYTES - 16 * 1024, 'the room is used')
    const text = written.toString('utf8')
    assert.ok(text.startsWith('### loadgate — api'))
    assert.match(text, /The job summary was cut here.*`results-file` output/)
    assert.doesNotMatch(text, /\uFFFD/, 'no character cut in half')
    assert.equal(
      text.split('<details>').length,
      text.split('</details>').length,
      'the open <details> is closed',
    )
  })

  test('a report that fits is kept whole', () => {
    const report = bigReport(100)
    assert.equal(fitSummary(report, SUMMARY_LIMIT_BYTES), report)
    assert.equal(fitSummary(report, 100), '', 'no room left: nothing')
  })
})
