import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ALL_REQUESTS } from '../../../../src/model/metrics'
import { locateK6 } from '../../../../src/measure/load/k6/install'
import { parseK6Output } from '../../../../src/measure/load/k6/parse'
import { mergeSegments } from '../../../../src/measure/load/k6-operator/segment-merge'
import { segmentArguments } from '../../../../testkit/kubernetes-double'

let dir: string
let server: Server

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-segment-merge-'))
  server = createServer((_req, res) => res.end('ok'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  await writeFile(
    path.join(dir, 'fixed.js'),
    `import http from 'k6/http'
export const options = { scenarios: { fixed: { executor: 'shared-iterations', vus: 2, iterations: 60 } } }
export default function () { http.get('http://127.0.0.1:${(server.address() as AddressInfo).port}/') }
`,
  )
})
after(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

test('segments that ran one after the other merge whole, whatever order their files come in', async () => {
  const k6 = (await locateK6('1.8.1')).path
  const files: string[] = []
  // Segment 1 runs first and ends before segment 2 starts: all its points are older than segment 2's.
  for (const index of [1, 2]) {
    const file = path.join(dir, `segment-${index}.json.gz`)
    await promisify(execFile)(k6, [
      'run',
      '--quiet',
      '--address=',
      ...segmentArguments(index, 2),
      '--out',
      `json=${file}`,
      path.join(dir, 'fixed.js'),
    ])
    files.push(file)
  }
  const perSegment = await Promise.all(files.map((file) => parseK6Output(file)))
  const requests = perSegment.map((p) => p.series.find((s) => s.key === ALL_REQUESTS)!.requests)
  assert.deepEqual(requests, [30, 30])
  const merged = await mergeSegments([...files].reverse(), { into: path.join(dir, 'merged.json.gz') })
  assert.equal(merged.series.find((s) => s.key === ALL_REQUESTS)!.requests, 60)
  assert.equal(merged.iterations, 60)
})
