import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { printCalibrations } from '../../src/cli/calibrate-output'
import { calibrate } from '../../src/decide/calibration'
import { writeCalibration } from '../../src/model/calibration-file'
import { makeResults } from '../../testkit/results-factory'

/** What `work` wrote to stdout and stderr. */
async function captured(work: () => Promise<void>): Promise<{ stdout: string; stderr: string }> {
  const out: string[] = []
  const err: string[] = []
  const [stdout, stderr] = [process.stdout.write, process.stderr.write]
  process.stdout.write = ((chunk: string) => out.push(chunk) > 0) as typeof process.stdout.write
  process.stderr.write = ((chunk: string) => err.push(chunk) > 0) as typeof process.stderr.write
  try {
    await work()
  } finally {
    process.stdout.write = stdout
    process.stderr.write = stderr
  }
  return { stdout: out.join(''), stderr: err.join('') }
}

describe('calibrate output', () => {
  test('--json prints one array of calibrations; --write reports on stderr and updates the file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-calibrate-output-'))
    try {
      const results = makeResults({
        rounds: 8,
        base: () => ({ p50: 10 }),
        head: (round) => ({ p50: 10 * (1 + (round % 4) * 0.02) }),
      })
      const calibration = calibrate(results, 0.05)
      await mkdir(path.join(dir, 'api'))
      await writeCalibration(path.join(dir, 'api', 'calibration.json'), calibration)
      const config = path.join(dir, 'loadgate.yml')
      await writeFile(config, 'service: api # the one\n')
      const outcome = {
        benchmark: 'api',
        verdict: null,
        blocking: false,
        headline: '',
        resultsFile: path.join(dir, 'api', 'results.json'),
        commentUrl: '',
        dashboardUrl: '',
      }
      const { stdout, stderr } = await captured(() =>
        printCalibrations([outcome], { json: true, write: config }),
      )
      assert.deepEqual(JSON.parse(stdout), [calibration])
      const { minRounds, maxRounds } = calibration.suggestion
      assert.equal(stderr, `wrote min-rounds ${minRounds}, max-rounds ${maxRounds} into ${config}\n`)
      assert.equal(
        await readFile(config, 'utf8'),
        `service: api # the one\nmin-rounds: ${minRounds}\nmax-rounds: ${maxRounds}\n`,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
