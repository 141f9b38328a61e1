import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createK6Backend } from '../../../../src/measure/load/k6/k6-backend'
import { k6RunArgs } from '../../../../src/measure/load/k6/run'
import type { LoadBackend } from '../../../../src/measure/load'
import { StartBarrier } from '../../../../src/measure/start-barrier'
import type { Arm } from '../../../../src/model/types'

// Two real k6 processes held at a start barrier: neither sends a request before the barrier
// releases it, and the barrier releases them in the drawn order once both are ready.
const SCRIPT = `
import http from 'k6/http'
export const options = {
  scenarios: { s: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '1s', preAllocatedVUs: 2 } },
}
export default function () { http.get(__ENV.BASE_URL + '/' + __ENV.ARM) }
`

let dir: string
let server: Server
let baseUrl: string
const firstRequest = new Map<string, number>()

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-held-'))
  await writeFile(path.join(dir, 'load.js'), SCRIPT)
  server = createServer((req, res) => {
    if (!firstRequest.has(req.url ?? '')) firstRequest.set(req.url ?? '', Date.now())
    res.end('ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
after(async () => {
  server.close()
  await rm(dir, { recursive: true, force: true })
})

describe('k6 held at a start barrier (--paused, resumed through its loopback REST API)', () => {
  test('no request before the release; both released in the drawn order once both are ready', async () => {
    const load: LoadBackend = createK6Backend({
      workspace: dir,
      script: 'load.js',
      version: '1.8.1',
      discardSeconds: 0,
      outDir: dir,
    })
    await load.prepare()
    const barrier = new StartBarrier(['head', 'base'])
    const readyAt = new Map<Arm, number>()
    const releasedAt = new Map<Arm, number>()
    const trial = (arm: Arm) =>
      load.runTrial({
        arm,
        phase: 'measure',
        round: 1,
        name: `held-${arm}`,
        targetUrl: baseUrl,
        env: { ARM: arm },
        held: async (release) => {
          readyAt.set(arm, Date.now())
          // The base arm is ready early: held well beyond its start-up, nothing may reach the server.
          if (arm === 'head') await new Promise((resolve) => setTimeout(resolve, 1500))
          await barrier.ready(arm, async () => {
            releasedAt.set(arm, Date.now())
            await release()
          })
        },
      })
    const [head, base] = await Promise.all([trial('head'), trial('base')])
    for (const [arm, result] of [
      ['head', head],
      ['base', base],
    ] as const) {
      assert.deepEqual(result.problems, [], arm)
      assert.ok(result.releasedAt, `${arm}: the release is recorded`)
      assert.ok(result.summary && result.summary.iterations >= 15, `${arm}: the whole load ran`)
      const first = firstRequest.get(`/${arm}`)
      assert.ok(first && first >= releasedAt.get(arm)!, `${arm}: no request before its release`)
    }
    const lastReady = Math.max(...readyAt.values())
    assert.ok(releasedAt.get('head')! >= lastReady && releasedAt.get('base')! >= lastReady)
    assert.ok(releasedAt.get('head')! <= releasedAt.get('base')!, 'head, drawn first, released first')
  })

  test("k6's REST API listens on loopback only, and only for a held trial", () => {
    const plain = { script: 's.js', baseUrl: 'http://127.0.0.1:1', outFile: 'o', tags: {}, env: {} }
    const held = k6RunArgs({ ...plain, heldAt: '127.0.0.1:6570' })
    assert.deepEqual(held.slice(held.indexOf('--paused'), held.indexOf('--paused') + 3), [
      '--paused',
      '--address',
      '127.0.0.1:6570',
    ])
    const unheld = k6RunArgs(plain)
    assert.ok(!unheld.includes('--paused'))
    assert.equal(unheld[unheld.indexOf('--address') + 1], '')
    assert.throws(() => k6RunArgs({ ...plain, heldAt: '0.0.0.0:6570' }), /loopback/)
  })
})
