import { describe, test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { calibrationSchema } from '../../src/model/calibration'
import { readSettings } from '../../src/settings/read-settings'
import { assertNothingLeft } from '../../testkit/docker'
import { copyExample } from '../../testkit/example-repo'
import { makeWorkRepo, type WorkRepo } from '../../testkit/git-repos'

// `loadgate calibrate --write` on the bundled example, with trials kept short: the table names
// every gated metric, and the settings reader reads the rounds it wrote into loadgate.yml.

const CLI = path.resolve('src/cli/index.ts')
const TSX = import.meta.resolve('tsx')

const CONFIG = `# the bundled example
compose-file: compose/compose.yaml
service: api
port: 8080
prepare: bash compose/prepare.sh
k6-script: compose/k6/api.js
k6-env: { DURATION: 2s } # short trials
warmup: 1s
fresh-instances: run
min-rounds: 3
max-rounds: 3
seed: 11
calibrate-budget: 10m
`

let repo: WorkRepo
let work: string
const runId = `calibrate${process.pid}`

before(async () => {
  repo = await makeWorkRepo({
    prefix: 'loadgate-calibrate-e2e-',
    fill: async (dir) => {
      await copyExample(dir)
      await writeFile(path.join(dir, 'loadgate.yml'), CONFIG)
    },
    message: 'The example service',
    origin: 'none',
  })
  work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-calibrate-work-'))
})
after(async () => {
  await rm(work, { recursive: true, force: true })
  await repo.cleanup()
})

describe('loadgate calibrate on the bundled example', () => {
  test('prints a row per gated metric and writes the suggested rounds into loadgate.yml', async () => {
    const run = spawnSync(
      process.execPath,
      ['--import', TSX, CLI, 'calibrate', '--config', 'loadgate.yml', '--work-dir', work, '--write'],
      {
        cwd: repo.dir,
        encoding: 'utf8',
        timeout: 600_000,
        env: { ...process.env, NO_COLOR: '1', GITHUB_RUN_ID: runId },
      },
    )
    assertNothingLeft(`loadgate-${runId}`)
    await mkdir('test-output', { recursive: true })
    await writeFile(path.join('test-output', 'calibrate.txt'), `${run.stdout}\n${run.stderr}`)
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`)

    const calibration = calibrationSchema.parse(
      JSON.parse(await readFile(path.join(work, 'api', 'calibration.json'), 'utf8')),
    )
    const results = JSON.parse(await readFile(path.join(work, 'api', 'results.json'), 'utf8'))
    assert.equal(results.meta.base.sha, results.meta.head.sha, 'both arms are the same commit')
    const series = new Set(calibration.rows.map((r) => r.key))
    for (const name of ['GET /items/:id', 'GET /inventory/:id', 'POST /orders'])
      assert.ok(
        [...series].some((key) => key.includes(name)),
        `a gated row for ${name}`,
      )
    assert.equal(calibration.family, calibration.rows.length)
    assert.ok(calibration.rows.every((r) => r.rounds === 3))

    const lines = run.stdout.split('\n')
    for (const row of calibration.rows) {
      const metric = row.metric.replace(/_/g, ' ')
      assert.ok(
        lines.some((line) => line.includes(row.name) && new RegExp(`\\s${metric}\\s+±`).test(line)),
        `a table row for ${row.name} ${metric}:\n${run.stdout}`,
      )
    }
    assert.match(run.stdout, /suggestion: (keep )?min-rounds \d+, max-rounds \d+/)

    // The cost of a run of each plan comes from the steps this run took: priced at its own plan, it
    // is this run's time.
    const ran = (Date.parse(results.meta.finishedAt) - Date.parse(results.meta.startedAt)) / 1000
    assert.ok(calibration.cost, 'the plans are costed')
    assert.ok(
      Math.abs(calibration.cost.configured[1] - ran) < 2,
      `${calibration.cost.configured[1]} s, ran ${ran} s`,
    )
    const budget = calibration.budget!
    assert.equal(budget.seconds, 600)
    assert.ok(budget.trialSeconds === 0 || budget.runSeconds[1] <= 600, JSON.stringify(budget))
    assert.match(run.stdout, /within 10 minutes: (\d+(–\d+)? rounds of \d+s trials|nothing fits)/)
    // The median run beside the 90% figure: what a team typically waits, not only the worst case.
    assert.ok(calibration.medianRounds! <= Math.max(...calibration.rows.map((r) => r.roundsNeeded)))
    assert.match(
      run.stdout,
      /typical: unchanged code settles in half the runs by round \d+, in 90% by round \d+ at this calibration's σ \(fewer than 3 stored sessions\); at σ's 85% upper confidence bound, in 90% by round \d+ \(the plan's last look\); (the median run of this plan stops at its \d+-round look, about .*minutes?|half the runs of this plan go past its last look)/,
    )

    const { minRounds, maxRounds } = calibration.suggestion
    const written = await readFile(path.join(repo.dir, 'loadgate.yml'), 'utf8')
    assert.match(written, /^# the bundled example\n/)
    assert.match(written, /k6-env: \{ DURATION: 2s \} # short trials/)
    const settings = readSettings((name) => (name === 'config' ? 'loadgate.yml' : ''), {
      workspace: repo.dir,
      eventName: 'pull_request',
      defaultWorkDir: work,
    })
    assert.equal(settings.minRounds, minRounds)
    assert.equal(settings.maxRounds, maxRounds)
    assert.match(run.stdout, new RegExp(`wrote min-rounds ${minRounds}, max-rounds ${maxRounds} into `))
  })
})
