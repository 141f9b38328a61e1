import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseK6Output } from '../../src/measure/load/k6/parse'
import { comparisonSchema } from '../../src/model/comparison'
import type { ResultsFile } from '../../src/model/types'
import { SEGMENT_RECORDING, segmentDirs } from '../../testkit/k6-segments'

const CLI = path.resolve('src/cli/index.ts')
const TSX = import.meta.resolve('tsx')
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  })
let root: string

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-cli-merge-'))
})
after(() => rm(root, { recursive: true, force: true }))

describe('loadgate merge', () => {
  test('merges the segment jobs’ folders into one decided run per benchmark', async () => {
    const artifacts = await segmentDirs(path.join(root, 'ok'))
    const out = path.join(root, 'ok', 'merged')
    const run = cli('merge', artifacts.root, '--out', out, '--json')
    assert.equal(run.status, 0, run.stderr)
    // The documented shape (docs/cli.md): an array of comparisons, one per benchmark.
    const [comparison] = comparisonSchema.array().parse(JSON.parse(run.stdout))
    assert.equal(comparison!.benchmark, 'api')
    assert.notEqual(comparison!.verdict, 'INVALID')
    const results = JSON.parse(await readFile(path.join(out, 'api', 'results.json'), 'utf8')) as ResultsFile
    const whole = await parseK6Output(SEGMENT_RECORDING)
    for (const trial of results.trials) assert.equal(trial.series[0]!.requests, whole.series[0]!.requests)
    assert.ok(existsSync(path.join(out, 'api', 'comparison.json')))
    assert.ok(existsSync(path.join(out, 'api', 'report.html')))
    assert.match(cli('merge', '--help').stdout, /^loadgate merge <dir>\.\.\./)
  })

  test('a missing segment or no folder is one line and a non-zero exit; nothing is written', async () => {
    const artifacts = await segmentDirs(path.join(root, 'missing'))
    await rm(path.dirname(artifacts.dirs[1]!), { recursive: true })
    const out = path.join(root, 'missing', 'merged')
    const run = cli('merge', artifacts.root, '--out', out)
    assert.equal(run.status, 3)
    assert.match(run.stderr, /^loadgate: Segment 2\/3 of 'api' is missing from .*\n$/)
    assert.equal(existsSync(out), false)
    const none = cli('merge')
    assert.equal(none.status, 2)
    assert.match(none.stderr, /Argument DIR is missing/)
  })
})
