import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ArmStacks } from '../../../src/measure/sut/compose/arm-stacks'
import { removeImage, writeImageOverride } from '../../../src/measure/sut/compose/arm-images'
import { readComposeModel } from '../../../src/measure/sut/compose/compose-model'
import {
  checkCommand,
  oneShotServices,
  parseState,
  startLevels,
} from '../../../src/measure/sut/compose/service-readiness'
import { assertNothingLeft } from '../../../testkit/docker'
import { copyExample } from '../../../testkit/example-repo'

describe('service readiness: the order a start follows', () => {
  test('levels follow depends_on in either form; a cycle or an unknown service gives no order', () => {
    const model = {
      services: {
        api: { depends_on: { store: { condition: 'service_healthy' }, setup: null } },
        store: { depends_on: ['setup'] },
        setup: {},
        worker: { depends_on: { store: { condition: 'service_started' } } },
      },
    }
    assert.deepEqual(startLevels(model), [['setup'], ['store'], ['api', 'worker']])
    assert.deepEqual(startLevels({ services: { a: { depends_on: ['b'] }, b: { depends_on: ['a'] } } }), null)
    assert.deepEqual(startLevels({ services: { a: { depends_on: ['gone'] } } }), null)
    assert.deepEqual(startLevels({}), [])
    const oneShot = {
      services: {
        api: { depends_on: { migrate: { condition: 'service_completed_successfully' } } },
        migrate: {},
      },
    }
    assert.deepEqual([...oneShotServices(oneShot)], ['migrate'])
    assert.deepEqual([...oneShotServices(model)], [])
  })

  test("a health check's test is run as the engine runs it", () => {
    assert.deepEqual(checkCommand(['CMD', '/api', '-health'], null), ['/api', '-health'])
    assert.deepEqual(checkCommand(['CMD-SHELL', 'curl -f localhost || exit 1'], null), [
      '/bin/sh',
      '-c',
      'curl -f localhost || exit 1',
    ])
    assert.deepEqual(checkCommand(['CMD-SHELL', 'true'], ['/bin/bash', '-o', 'pipefail', '-c']), [
      '/bin/bash',
      '-o',
      'pipefail',
      '-c',
      'true',
    ])
    assert.equal(checkCommand(['NONE'], null), null)
    assert.equal(checkCommand(undefined, null), null)
    const state = parseState(
      '{"Status":"running","ExitCode":0,"Health":{"Status":"starting"}}\t{"Test":["CMD","/x"],"Timeout":2000000000}\tnull',
    )
    assert.deepEqual(state, {
      status: 'running',
      exitCode: 0,
      health: 'starting',
      check: ['/x'],
      checkTimeoutMs: 2000,
    })
    assert.equal(parseState('{"Status":"exited","ExitCode":3}\tnull\tnull').check, null)
  })
})

// Checks every 30 s: the engine's first check comes 30 s after a start, so `up --wait` would hold
// `store` for 30 s and `api`, which waits for it to be healthy, 30 s more.
const SLOW_CHECKS = `
services:
  setup:
    build: ./store
    command: ['-h'] # prints its usage and exits 0: a one-shot job
  store:
    build: ./store
    depends_on: { setup: { condition: service_completed_successfully } }
    healthcheck: { test: ['CMD', '/store', '-health'], interval: 30s, timeout: 2s, retries: 3 }
  api:
    build: ./api
    ports: ['127.0.0.1::8080']
    environment: { STORE_URL: 'http://store:8081' }
    depends_on: { store: { condition: service_healthy } }
    healthcheck: { test: ['CMD', '/api', '-health'], interval: 30s, timeout: 2s, retries: 3 }
`

describe('service readiness: real Compose stacks', () => {
  const dir = mkdtemp(path.join(os.tmpdir(), 'loadgate-readiness-'))
  const prefix = `loadgate-rd${process.pid}`
  after(async () => rm(await dir, { recursive: true, force: true }))

  test(
    'a stack whose checks come every 30 s starts, and starts again in a new project, in seconds; the replaced one is removed',
    { timeout: 240_000 },
    async () => {
      const root = await dir
      await copyExample(root)
      execFileSync('bash', ['compose/prepare.sh'], { cwd: root })
      const file = path.join(root, 'compose/compose-slow.yaml')
      await writeFile(file, SLOW_CHECKS)
      const model = await readComposeModel(file)
      const order = { levels: startLevels(model)!, oneShot: oneShotServices(model) }
      assert.deepEqual(order.levels, [['setup'], ['store'], ['api']])
      const images = await writeImageOverride(file, `${prefix}-arm`)
      const stacks = new ArmStacks((what) => `${prefix}-${what}`, file, images.overrideFile, order)
      try {
        const first = stacks.first(0)
        await first.up(120, () => {})
        const started = Date.now()
        const fresh = await stacks.next(1, (stack) => stack.start(120, () => {}))
        const seconds = (Date.now() - started) / 1000
        assert.ok(seconds < 15, `ready in ${seconds} s, not after the engine's 30-s checks`)
        assert.equal(fresh.project, `${prefix}-s2-2`)
        const url = await fresh.url('api', 8080)
        const answer = await fetch(`${url}/inventory/7`)
        assert.equal(answer.status, 200, 'api reaches the store it waited for')
        const states = new Map((await fresh.containers()).map((c) => [c.service, c]))
        assert.equal(states.get('setup')?.state, 'exited')
        assert.equal(states.get('api')?.state, 'running')
        await stacks.retired()
        assert.deepEqual(
          execFileSync('docker', ['ps', '-a', '--filter', `name=${prefix}-s1-`, '--format', '{{.Names}}'], {
            encoding: 'utf8',
          }).trim(),
          '',
          'the replaced stack is gone once retired',
        )
      } finally {
        await stacks.removeAll()
        for (const image of images.images) await removeImage(image)
        await images.remove()
      }
      assertNothingLeft(prefix)
    },
  )
})
