import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createK6Backend } from '../../../../src/measure/load/k6/k6-backend'

let dir: string
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-k6-script-'))
  await writeFile(
    path.join(dir, 'broken.js'),
    "import nothing from './missing.js'\nexport default function () {}\n",
  )
  await writeFile(
    path.join(dir, 'idle.js'),
    'export const options = { iterations: 1 }\nexport default function () {}\n',
  )
})
after(() => rm(dir, { recursive: true, force: true }))

function backend(script: string) {
  return createK6Backend({ workspace: dir, script, version: '1.8.1', discardSeconds: 0, outDir: dir })
}

const request = { arm: 'head', phase: 'measure', round: 1, targetUrl: 'http://127.0.0.1:9', env: {} } as const

describe('k6: a script that cannot run', () => {
  test('an import that fails (k6 exit 107) is reported as the script’s error, which stops the run', async () => {
    const k6 = backend('broken.js')
    await k6.prepare()
    const result = await k6.runTrial({ ...request, name: 'broken' })
    assert.equal(result.exitCode, 107)
    assert.match(result.scriptError ?? '', /^k6 exited 107: .*missing\.js/)
    assert.ok(result.seconds < 10, `${result.seconds} s`)
  })

  test('a script that runs but makes no request is an invalid trial, not a script error', async () => {
    const k6 = backend('idle.js')
    await k6.prepare()
    const result = await k6.runTrial({ ...request, name: 'idle' })
    assert.equal(result.exitCode, 0)
    assert.equal(result.scriptError, undefined)
    assert.deepEqual(result.problems, ['k6 made no HTTP requests'])
  })
})
