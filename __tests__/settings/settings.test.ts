import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readSettings } from '../../src/settings/read-settings'
import { parseDuration, parseFraction } from '../../src/settings/values'
import { SettingsError } from '../../src/util/errors'

let workspace: string

before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-settings-'))
  await mkdir(path.join(workspace, 'k6'))
  await writeFile(path.join(workspace, 'k6', 'orders.js'), 'export default function () {}\n')
  await writeFile(path.join(workspace, 'compose.yaml'), 'services: {}\n')
})
after(() => rm(workspace, { recursive: true, force: true }))

const baseInputs = { 'k6-script': 'k6/orders.js', service: 'api', port: '8080' }

function load(inputs: Record<string, string>, eventName = 'pull_request') {
  return readSettings((name) => inputs[name] ?? '', { workspace, eventName, defaultWorkDir: '/tmp/lg' })
}

function assertOneLineError(fn: () => unknown, ...fragments: string[]) {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof SettingsError, `expected SettingsError, got ${String(error)}`)
    assert.equal(error.message.includes('\n'), false, 'message must be one line')
    for (const fragment of fragments)
      assert.ok(error.message.includes(fragment), `'${error.message}' lacks '${fragment}'`)
    return true
  })
}

describe('settings', () => {
  test('defaults and the benchmark name from the script file', () => {
    const settings = load(baseInputs)
    assert.equal(settings.mode, 'compare')
    assert.equal(settings.minRounds, 10)
    assert.equal(settings.maxRounds, 20)
    assert.equal(settings.maxErrorRate, 0.01)
    assert.deepEqual(settings.failOn, ['REGRESSION', 'INVALID'])
    assert.equal(settings.benchmarks.length, 1)
    assert.equal(settings.benchmarks[0]?.name, 'orders')
    assert.equal(settings.benchmarks[0]?.port, 8080)
    assert.ok(settings.benchmarks[0]!.thresholds.some((t) => t.metric === 'p90' && t.gate))
    assert.ok(settings.benchmarks[0]!.thresholds.some((t) => t.metric === 'p95' && !t.gate))
  })

  test('mode calibrate measures both arms of the head, and the calibration input is a workspace path', () => {
    const calibrate = load({ ...baseInputs, mode: 'calibrate', target: 'url', deploy: './deploy.sh' })
    assert.equal(calibrate.mode, 'calibrate')
    assertOneLineError(
      () => load({ ...baseInputs, mode: 'calibrate', target: 'url', 'head-url': 'http://h.test' }),
      "'base-url'",
    )
    const record = load({ ...baseInputs, mode: 'record', calibration: 'out/calibration.json' }, 'push')
    assert.equal(record.calibrationFile, path.join(workspace, 'out', 'calibration.json'))
    assert.equal(load(baseInputs).calibrationFile, '')
  })

  test('mode auto follows the event', () => {
    assert.equal(load(baseInputs, 'push').mode, 'record')
    assert.equal(load({ ...baseInputs, 'report-file': 'c.json' }, 'workflow_run').mode, 'report')
    assertOneLineError(() => load(baseInputs, 'issues'), "'mode'", 'issues')
  })

  test('bad values name the input, the value and what was expected', () => {
    assertOneLineError(
      () => load({ ...baseInputs, 'min-rounds': 'ten' }),
      "'min-rounds'",
      "'ten'",
      'whole number',
    )
    assertOneLineError(
      () => load({ ...baseInputs, 'min-rounds': '12', 'max-rounds': '5' }),
      "'max-rounds'",
      'min-rounds',
    )
    assertOneLineError(() => load({ ...baseInputs, mode: 'compete' }), "'mode'", 'compete', 'compare')
    assertOneLineError(() => load({ ...baseInputs, port: '99999' }), "'port'", '99999')
    assertOneLineError(
      () => load({ ...baseInputs, 'k6-script': 'k6/missing.js' }),
      "'k6-script'",
      'missing.js',
    )
    assertOneLineError(() => load({ ...baseInputs, 'k6-script': '../outside.js' }), 'inside the repository')
    assertOneLineError(
      () => load({ ...baseInputs, 'max-error-rate': 'lots' }),
      "'max-error-rate'",
      'percentage',
    )
    assertOneLineError(() => load({ ...baseInputs, 'fail-on': 'REGRESSION, SLOW' }), "'fail-on'", 'SLOW')
    assertOneLineError(() => load({ ...baseInputs, warmup: 'ten seconds' }), "'warmup'", 'duration')
    assertOneLineError(() => load({ ...baseInputs, name: 'has space' }), "'name'", 'letters')
    assertOneLineError(() => load({ 'k6-script': 'k6/orders.js', port: '8080' }), "'service'")
  })

  test('change points: off by default with p 0.001, 5% and 5 runs; bad values name the input', () => {
    assert.deepEqual(load(baseInputs).changePoints, { mode: 'off', maxP: 0.001, minChange: 0.05, minRuns: 5 })
    const set = load({
      ...baseInputs,
      'change-points': 'issue',
      'change-point-max-p': '1e-4',
      'change-point-min-change': '10%',
      'change-point-min-runs': '8',
    })
    assert.deepEqual(set.changePoints, { mode: 'issue', maxP: 1e-4, minChange: 0.1, minRuns: 8 })
    assertOneLineError(() => load({ ...baseInputs, 'change-points': 'yes' }), "'change-points'", 'issue, off')
    assertOneLineError(
      () => load({ ...baseInputs, 'change-point-max-p': '5' }),
      "'change-point-max-p'",
      'above 0',
    )
    assertOneLineError(() => load({ ...baseInputs, 'change-point-min-runs': '0' }), "'change-point-min-runs'")
  })

  test('durations and fractions', () => {
    assert.equal(parseDuration('x', '500ms'), 0.5)
    assert.equal(parseDuration('x', '2m'), 120)
    assert.equal(parseDuration('x', '7'), 7)
    assert.equal(parseFraction('x', '2.5%'), 0.025)
    assert.equal(parseFraction('x', '0.02'), 0.02)
  })

  test('fresh-instances: round by default or run, N > 1 refused; the idle arm paused by its runtime by default', () => {
    const defaults = load(baseInputs)
    assert.equal(defaults.freshInstances, 'round')
    assert.equal(defaults.pauseIdleArm, 'auto')
    assert.equal(load({ ...baseInputs, 'pause-idle-arm': 'true' }).pauseIdleArm, true)
    assert.equal(load({ ...baseInputs, 'fresh-instances': 'run' }).freshInstances, 'run')
    assert.equal(load({ ...baseInputs, 'fresh-instances': ' Round ' }).freshInstances, 'round')
    assert.equal(load({ ...baseInputs, 'fresh-instances': '1' }).freshInstances, 'round')
    assert.equal(load({ ...baseInputs, 'pause-idle-arm': 'false' }).pauseIdleArm, false)
    // N rounds on one instance share its offset: flipped one by one they would pass for independent pairs.
    for (const shared of ['2', '5'])
      assertOneLineError(
        () => load({ ...baseInputs, 'fresh-instances': shared }),
        "Input 'fresh-instances'",
        `'${shared}'`,
        'round or run (rounds that share an instance are not independent pairs)',
      )
    for (const bad of ['every', '0', '2.5', '-3'])
      assertOneLineError(
        () => load({ ...baseInputs, 'fresh-instances': bad }),
        "Input 'fresh-instances'",
        `'${bad}'`,
        'round, run or 1',
      )
    assertOneLineError(
      () => load({ ...baseInputs, 'pause-idle-arm': 'sometimes' }),
      "Input 'pause-idle-arm'",
      'auto, true or false',
    )
  })

  test('arms-under-load: one-at-a-time by default, or alternating, or both (duet)', () => {
    assert.equal(load(baseInputs).armsUnderLoad, 'one-at-a-time')
    for (const mode of ['alternating', 'both'])
      assert.equal(load({ ...baseInputs, 'arms-under-load': mode }).armsUnderLoad, mode)
    assertOneLineError(
      () => load({ ...baseInputs, 'arms-under-load': 'duet' }),
      "Input 'arms-under-load'",
      "'duet'",
      'one of one-at-a-time, both, alternating',
    )
  })

  test('trial-length: script by default; auto lengthens up to 60 s, or up to a stated duration', () => {
    assert.deepEqual(load(baseInputs).trialLength, { mode: 'script' })
    assert.deepEqual(load({ ...baseInputs, 'trial-length': 'auto' }).trialLength, {
      mode: 'auto',
      maxSeconds: 60,
    })
    assert.deepEqual(load({ ...baseInputs, 'trial-length': ' Auto up to 2m ' }).trialLength, {
      mode: 'auto',
      maxSeconds: 120,
    })
    for (const bad of ['longer', 'auto 30s', 'auto up to'])
      assertOneLineError(
        () => load({ ...baseInputs, 'trial-length': bad }),
        "Input 'trial-length'",
        `'${bad}'`,
        "script, auto, or auto up to a duration such as 'auto up to 30s'",
      )
    assertOneLineError(
      () => load({ ...baseInputs, 'trial-length': 'auto up to 500ms' }),
      "Input 'trial-length'",
      'auto up to at least 1s',
    )
    assertOneLineError(
      () => load({ ...baseInputs, 'trial-length': 'auto up to soon' }),
      "Input 'trial-length'",
      "'auto up to soon'",
      "auto up to a duration such as '30s' or '2m'",
    )
  })

  test('fail-on accepts never and spaced verdict names', () => {
    assert.deepEqual(load({ ...baseInputs, 'fail-on': 'never' }).failOn, [])
    assert.deepEqual(load({ ...baseInputs, 'fail-on': 'regression, no change' }).failOn, [
      'REGRESSION',
      'NO_CHANGE',
    ])
  })

  test('loadgate.yml declares several benchmarks; inputs override its top level', async () => {
    await writeFile(
      path.join(workspace, 'loadgate.yml'),
      [
        'min-rounds: 6',
        'max-rounds: 12',
        'service: api',
        'port: 8080',
        'k6-env: { RATE: 50 }',
        'benchmarks:',
        '  - k6-script: k6/orders.js',
        '  - name: orders-heavy',
        '    k6-script: k6/orders.js',
        '    k6-env: { RATE: 200 }',
        '    thresholds:',
        '      - { metric: p95, delta: 20%, target: "< 300ms" }',
      ].join('\n'),
    )
    const settings = load({ config: 'loadgate.yml', 'min-rounds': '8' })
    assert.equal(settings.minRounds, 8)
    assert.equal(settings.maxRounds, 12)
    assert.deepEqual(
      settings.benchmarks.map((b) => [b.name, b.k6Env.RATE]),
      [
        ['orders', '50'],
        ['orders-heavy', '200'],
      ],
    )
    const p95 = settings.benchmarks[1]!.thresholds.find((t) => t.metric === 'p95' && t.series === '*')
    assert.equal(p95?.delta, 0.2)
    assert.equal(p95?.target?.value, 300)
  })

  test('erratic series: a mapping in loadgate.yml (top level or per benchmark), lines as an input', async () => {
    await writeFile(
      path.join(workspace, 'erratic.yml'),
      [
        'service: api',
        'port: 8080',
        'erratic: { "*GET /search": shares an index with the nightly import }',
        'benchmarks:',
        '  - k6-script: k6/orders.js',
        '  - name: users',
        '    k6-script: k6/orders.js',
        '    erratic: { "*GET /users/:id": "cache warmed by cron: #311" }',
      ].join('\n'),
    )
    const settings = load({ config: 'erratic.yml' })
    assert.deepEqual(
      settings.benchmarks.map((b) => b.erratic),
      [
        [{ series: '*GET /search', reason: 'shares an index with the nightly import' }],
        [{ series: '*GET /users/:id', reason: 'cache warmed by cron: #311' }],
      ],
    )
    assert.deepEqual(load(baseInputs).benchmarks[0]!.erratic, [])
    assertOneLineError(
      () => load({ ...baseInputs, erratic: '*GET /search' }),
      "'erratic'",
      'series-glob: reason',
    )
    await writeFile(path.join(workspace, 'erratic-list.yml'), 'erratic: ["*GET /search"]\n')
    assertOneLineError(
      () => load({ ...baseInputs, config: 'erratic-list.yml' }),
      'erratic-list.yml',
      "'erratic' must be a mapping of series: reason",
    )
  })

  test('mode accept needs no benchmark; its label is one GitHub label name', () => {
    const accept = load({}, 'issue_comment')
    assert.deepEqual([accept.mode, accept.benchmarks, accept.acceptLabel], ['accept', [], 'loadgate:accept'])
    assert.equal(
      load({ mode: 'accept', 'accept-label': 'perf-ok' }, 'pull_request_target').acceptLabel,
      'perf-ok',
    )
    assertOneLineError(
      () => load({ mode: 'accept', 'accept-label': 'x'.repeat(51) }),
      "'accept-label'",
      '1 to 50',
    )
  })

  test('loadgate.yml errors name the file and the key', async () => {
    await writeFile(path.join(workspace, 'bad.yml'), 'min-rounds: 6\nrounds: 3\n')
    assertOneLineError(() => load({ config: 'bad.yml' }), 'bad.yml', "'rounds'")
    await writeFile(
      path.join(workspace, 'dup.yml'),
      'benchmarks:\n  - { k6-script: k6/orders.js, service: a, port: 1 }\n  - { k6-script: k6/orders.js, service: a, port: 1 }\n',
    )
    assertOneLineError(() => load({ config: 'dup.yml' }), "'orders'", 'twice')
    assertOneLineError(() => load({ config: 'nope.yml' }), "'config'", 'nope.yml')
  })

  test('one precedence rule: an input wins over a benchmarks[] entry, which wins over the top level', async () => {
    await writeFile(
      path.join(workspace, 'precedence.yml'),
      [
        'service: top',
        'port: 7000',
        'benchmarks:',
        '  - { k6-script: k6/orders.js, port: 8080 }',
        '  - { name: heavy, k6-script: k6/orders.js, service: entry }',
      ].join('\n'),
    )
    const fromFile = load({ config: 'precedence.yml' })
    assert.deepEqual(
      fromFile.benchmarks.map((b) => [b.service, b.port]),
      [
        ['top', 8080],
        ['entry', 7000],
      ],
    )
    const withInputs = load({ config: 'precedence.yml', port: '9999', service: 'cli' })
    assert.deepEqual(
      withInputs.benchmarks.map((b) => [b.service, b.port]),
      [
        ['cli', 9999],
        ['cli', 9999],
      ],
    )
  })

  test('a bad value is blamed on where it came from: the input, the entry or the top level', async () => {
    await writeFile(
      path.join(workspace, 'blame.yml'),
      [
        'min-rounds: few',
        'benchmarks:',
        '  - { k6-script: k6/orders.js, service: a, port: 1, thresholds: [] }',
      ].join('\n'),
    )
    assertOneLineError(() => load({ config: 'blame.yml' }), "Input 'blame.yml min-rounds (line 1)' is 'few'")
    // The file is checked whole, whatever flags override: a flag's own bad value is blamed on the flag.
    await writeFile(
      path.join(workspace, 'blame-flag.yml'),
      [
        'min-rounds: 3',
        'benchmarks:',
        '  - { k6-script: k6/orders.js, service: a, port: 1, thresholds: [] }',
      ].join('\n'),
    )
    assertOneLineError(
      () => load({ config: 'blame-flag.yml', 'min-rounds': '5', thresholds: 'p95 banana' }),
      "Input 'thresholds'",
    )
    assert.throws(
      () => load({ config: 'blame-flag.yml', 'min-rounds': '5', thresholds: 'p95 banana' }),
      (error: Error) => !error.message.includes('benchmarks[0]'),
    )
    await writeFile(
      path.join(workspace, 'blame-entry.yml'),
      'benchmarks:\n  - { k6-script: k6/orders.js, service: a, port: 0 }\n',
    )
    assertOneLineError(
      () => load({ config: 'blame-entry.yml' }),
      "'blame-entry.yml benchmarks[0] port (line 2)' is '0'",
    )
  })

  test("loadgate.yml's top level takes every input, name included", async () => {
    await writeFile(
      path.join(workspace, 'named.yml'),
      ['name: checkout', 'k6-script: k6/orders.js', 'service: api', 'port: 8080'].join('\n'),
    )
    assert.deepEqual(
      load({ config: 'named.yml' }).benchmarks.map((b) => b.name),
      ['checkout'],
    )
  })
})
