import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { locateK6, type K6 } from '../../../../src/measure/load/k6/install'
import { parseK6Output } from '../../../../src/measure/load/k6/parse'
import { runK6, SYSTEM_TAGS } from '../../../../src/measure/load/k6/run'

// A named request in a group with a check, a 503 and an unnamed request, through loadgate's own
// `k6 run`: the output carries the tags the analysis and thresholds read, and no others.
const SCRIPT = `
import http from 'k6/http'
import { check, group } from 'k6'
export const options = {
  scenarios: { shop: { executor: 'per-vu-iterations', vus: 1, iterations: 4 } },
  thresholds: { 'http_req_duration{group:::cart}': ['max>=0'], 'checks{check:ok}': ['rate>=0'] },
}
export default function () {
  group('cart', () => {
    const r = http.get(__ENV.BASE_URL + '/items/1', { tags: { name: 'GET /items/:id' } })
    check(r, { ok: (res) => res.status === 200 })
  })
  http.get(__ENV.BASE_URL + '/down')
}
`

let dir: string
let k6: K6
let server: Server

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-systags-'))
  await writeFile(path.join(dir, 'load.js'), SCRIPT)
  k6 = await locateK6('1.8.1')
  server = createServer((req, res) => {
    res.statusCode = req.url === '/down' ? 503 : 200
    res.end('{"ok":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
after(async () => {
  server.close()
  await rm(dir, { recursive: true, force: true })
})

describe('k6 system tags', () => {
  test('points carry only the system tags the analysis or a threshold reads; the summary is complete', async () => {
    const outFile = path.join(dir, 'out.json.gz')
    const exit = await runK6(k6, {
      script: path.join(dir, 'load.js'),
      cwd: dir,
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      outFile,
      tags: { loadgate_arm: 'base', loadgate_round: '1' },
      env: {},
      timeoutMs: 60_000,
    })
    assert.equal(exit.code, 0, exit.error)
    const points = execFileSync('gzip', ['-dc', outFile], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.startsWith('{"metric"'))
      .map((l) => JSON.parse(l) as { metric: string; data: { tags: Record<string, string> | null } })
    const seen = new Set(points.flatMap((p) => Object.keys(p.data.tags ?? {})))
    const allowed = new Set([...SYSTEM_TAGS, 'loadgate_arm', 'loadgate_round'])
    assert.deepEqual(
      [...seen].filter((tag) => !allowed.has(tag)),
      [],
      'no tag beyond the list',
    )
    assert.ok(!seen.has('proto') && !seen.has('tls_version'))
    for (const tag of ['scenario', 'method', 'name', 'url', 'status', 'expected_response', 'group', 'check'])
      assert.ok(seen.has(tag), `${tag} is written`)

    const parsed = await parseK6Output(outFile)
    const items = parsed.series.find((s) => s.key === 'shop GET /items/:id')!
    assert.equal(items.requests, 4)
    assert.equal(items.failed, 0)
    const down = parsed.series.find((s) => s.name.endsWith('/down'))!
    assert.equal(down.requests, 4)
    assert.equal(down.failed, 4, 'expected_response still tells a failed request')
    assert.deepEqual(down.statusCodes, { '503': 4 })
    assert.deepEqual(parsed.checks, { passes: 4, fails: 0 })
    assert.equal(parsed.iterations, 4)
  })
})
