import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { calibrate } from '../../src/decide/calibration'
import type { Calibration } from '../../src/model/calibration'
import { writeCalibration } from '../../src/model/calibration-file'
import { attachNoiseFloor, calibrationInput } from '../../src/modes/calibrate'
import {
  calibrationPath,
  readStoredCalibration,
  readStoredNoise,
  storeCalibration,
} from '../../src/store/calibration'
import { compareResults } from '../../src/decide'
import { noiseSigma } from '../../src/decide/calibration'
import { pairedSamples } from '../../src/decide/samples'
import { runFileName, toRunRecord } from '../../src/store'
import { comparisons } from '../../testkit/comparisons'
import { settingsFor } from '../../testkit/settings'
import { localRun } from './local-run'
import { cloneOrigin, commitAll, git, makeWorkRepo, type WorkRepo } from '../../testkit/git-repos'
import { makeResults } from '../../testkit/results-factory'

const repos: WorkRepo[] = []
after(() => Promise.all(repos.map((r) => r.cleanup())))

async function repo(): Promise<WorkRepo> {
  const made = await makeWorkRepo({ prefix: 'loadgate-calibration-store-' })
  repos.push(made)
  return made
}

function aCalibration(): Calibration {
  const results = makeResults({
    rounds: 6,
    base: () => ({ p50: 100 }),
    head: (round) => ({ p50: 100 * (1 + (round % 3) * 0.01) }),
  })
  return calibrate(results, 0.05)
}

const place = (workspace: string) => ({ workspace, branch: 'gh-pages', dataDir: 'loadgate' })

/** Pushes `files` (path → content, or a symbolic link target) as the history branch's only commit. */
async function pushHistory(made: WorkRepo, files: Record<string, string | { link: string }>) {
  const pages = await cloneOrigin(made.root, made.origin, `pages-${Object.keys(files).length}-${Date.now()}`)
  git(pages, 'checkout', '-q', '--orphan', 'gh-pages')
  git(pages, 'rm', '-rfq', '--ignore-unmatch', '.')
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(pages, file)
    await mkdir(path.dirname(full), { recursive: true })
    if (typeof content === 'string') await writeFile(full, content)
    else await symlink(content.link, full)
  }
  commitAll(pages, 'history')
  git(pages, 'push', '-qf', 'origin', 'gh-pages')
}

describe('the stored calibration', () => {
  test('stored as the latest of its benchmark, and read back the same', async () => {
    const made = await repo()
    const first = aCalibration()
    const stored = await storeCalibration(place(made.dir), first)
    assert.equal(stored.pushed, true, stored.error)
    assert.equal(stored.path, 'loadgate/data/api/calibration.json')
    const second = { ...first, commit: 'c'.repeat(40) }
    assert.equal((await storeCalibration(place(made.dir), second)).pushed, true)
    const read = await readStoredCalibration({ ...place(made.dir), benchmark: 'api' })
    assert.deepEqual(read, second)
    assert.equal(await readStoredCalibration({ ...place(made.dir), benchmark: 'other' }), null)
    const branches = git(made.dir, 'for-each-ref', '--format=%(refname)', 'refs/heads/')
    assert.deepEqual(branches.split('\n'), ['refs/heads/main'], 'no local branch is left behind')
  })

  test('a hostile or broken stored file is ignored with a warning, never trusted', async () => {
    const made = await repo()
    const file = calibrationPath('loadgate', 'api')
    const cases: Array<[string | { link: string }, RegExp | null]> = [
      ['{ not json', /not JSON/],
      [JSON.stringify({ ...aCalibration(), commit: 'not-a-sha<script>' }), /commit/],
      [JSON.stringify({ ...aCalibration(), benchmark: 'shop' }), /it calibrates 'shop'/],
      [{ link: '/etc/passwd' }, null],
    ]
    for (const [content, warning] of cases) {
      await pushHistory(made, { [file]: content })
      const warnings: string[] = []
      const read = await readStoredCalibration({
        ...place(made.dir),
        benchmark: 'api',
        onWarning: (message) => warnings.push(message),
      })
      assert.equal(read, null)
      if (warning) assert.match(warnings.join('\n'), warning)
      else assert.deepEqual(warnings, [])
    }
  })

  test("a paired run keeps each gated metric's σ; the noise history reads it beside older files without it", async () => {
    const made = await repo()
    const results = makeResults({
      rounds: 8,
      base: () => ({ p50: 100 }),
      head: (round) => ({ p50: 100 * (1 + ((round * 7) % 5) * 0.01 - 0.02) }),
    })
    const comparison = compareResults(results, { failOn: ['REGRESSION'] })
    const p50 = comparison.series[0]!.metrics.find((m) => m.metric === 'p50')!
    const expected = noiseSigma(
      pairedSamples(results, comparison.series[0]!.key, 'p50', false).differences,
      false,
    )
    assert.equal(p50.sigma, expected.sigma, "the comparison's own σ of a gated metric")
    assert.ok(comparison.series[0]!.metrics.filter((m) => !m.gate).every((m) => m.sigma === undefined))
    const paired = toRunRecord(results, comparison, 'main')
    assert.deepEqual(
      paired.noise?.find((n) => n.metric === 'p50'),
      { key: comparison.series[0]!.key, metric: 'p50', sigma: expected.sigma, rounds: 8 },
    )
    const older = {
      ...toRunRecord(results, null, 'main'),
      meta: { ...results.meta, startedAt: '2026-10-01T00:00:00Z' },
    }
    assert.equal(older.noise, undefined, 'a run of the head alone has no σ')
    const { sessions: _none, ...olderCalibration } = aCalibration()
    const runs = path.posix.join('loadgate', 'data', 'api', 'runs')
    await pushHistory(made, {
      [path.posix.join(runs, runFileName(paired))]: JSON.stringify(paired),
      [path.posix.join(runs, runFileName(older))]: JSON.stringify(older),
      [calibrationPath('loadgate', 'api')]: JSON.stringify(olderCalibration),
    })
    const warnings: string[] = []
    const noise = await readStoredNoise({
      ...place(made.dir),
      benchmark: 'api',
      onWarning: (message) => warnings.push(message),
    })
    assert.deepEqual(warnings, [])
    assert.deepEqual(noise.runs, [
      { measuredAt: paired.meta.startedAt, commit: paired.meta.head.sha, sigmas: paired.noise },
    ])
    // A calibration written before it kept its sessions is one session: its rows.
    assert.deepEqual(noise.calibrations, [
      {
        measuredAt: olderCalibration.measuredAt,
        commit: olderCalibration.commit,
        sigmas: olderCalibration.rows.map((r) => ({
          key: r.key,
          metric: r.metric,
          sigma: r.sigma,
          rounds: r.rounds,
          sigmaMethod: r.sigmaMethod,
        })),
      },
    ])
    assert.deepEqual(await readStoredNoise({ ...place((await repo()).dir), benchmark: 'api' }), {
      calibrations: [],
      runs: [],
    })
  })

  test('no history branch: nothing stored, nothing to show', async () => {
    const made = await repo()
    assert.equal(await readStoredCalibration({ ...place(made.dir), benchmark: 'api' }), null)
  })
})

describe('modes and the stored calibration', () => {
  test("a pull request's comparison gets the stored noise floor; a local run does not look", async () => {
    const made = await repo()
    await storeCalibration(place(made.dir), aCalibration())
    const settings = { ...settingsFor(process.cwd()), workspace: made.dir }
    const bench = settings.benchmarks[0]!
    const local = localRun(settings)
    const untouched = comparisons.noChange()
    await attachNoiseFloor(local, bench, untouched)
    assert.equal(untouched.noiseFloor, undefined)
    const pullRequest = { ...local, context: { ...local.context, eventName: 'pull_request' } }
    const comparison = comparisons.noChange()
    await attachNoiseFloor(pullRequest, bench, comparison)
    assert.deepEqual(
      comparison.noiseFloor?.metrics.map((m) => m.metric),
      ['p50', 'p90', 'error_rate'],
      'the gated metrics (default rules) that the calibration measured',
    )
  })

  test('the calibration input must calibrate a configured benchmark: one line, before measuring', async () => {
    const made = await repo()
    const file = path.join(made.root, 'calibration.json')
    await writeCalibration(file, { ...aCalibration(), benchmark: 'checkout' })
    const settings = { ...settingsFor(process.cwd()), workspace: made.dir, calibrationFile: file }
    await assert.rejects(
      calibrationInput(localRun(settings)),
      new RegExp(
        `^LoadgateError: Input 'calibration' is '${file}': it calibrates benchmark 'checkout', expected one of 'api'$`,
      ),
    )
    await writeFile(file, '{"schemaVersion": 1}')
    await assert.rejects(calibrationInput(localRun(settings)), /not a valid loadgate calibration \(benchmark/)
    await writeCalibration(file, aCalibration())
    assert.equal((await calibrationInput(localRun(settings)))?.benchmark, 'api')
  })
})
