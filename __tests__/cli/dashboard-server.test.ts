import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serveDashboard } from '../../src/cli/dashboard-server'

// `loadgate dashboard` serves a checkout of a branch anyone with push access writes, on the user's
// own machine: only what is inside the folder, and only to pages that name it by its loopback address.

let scratch = ''
let served: Awaited<ReturnType<typeof serveDashboard>>
let port = 0

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-dash-server-'))
  const root = path.join(scratch, 'pages')
  await mkdir(path.join(root, 'loadgate', 'data'), { recursive: true })
  await mkdir(path.join(scratch, 'home'), { recursive: true })
  await writeFile(path.join(scratch, 'home', 'secret.json'), '{"token":"secret"}')
  await writeFile(path.join(root, 'loadgate', 'index.html'), '<h1>dashboard</h1>')
  await writeFile(path.join(root, 'loadgate', 'data', 'index.json'), '{"benchmarks":[]}')
  // A hostile checkout: a data file and a folder linked to the user's files, a link inside the root.
  await symlink(path.join(scratch, 'home', 'secret.json'), path.join(root, 'loadgate', 'data', 'x.json'))
  await symlink(path.join(scratch, 'home'), path.join(root, 'loadgate', 'data', 'home'))
  await symlink('index.json', path.join(root, 'loadgate', 'data', 'alias.json'))
  // The root itself may be reached through a link (a temp folder often is): that is no escape.
  await symlink(root, path.join(scratch, 'linked-pages'))
  served = await serveDashboard(path.join(scratch, 'linked-pages'))
  port = Number(new URL(served.url).port)
})
after(async () => {
  served.server.close()
  await rm(scratch, { recursive: true, force: true })
})

function get(pathname: string, host = `127.0.0.1:${port}`): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the local dashboard server', () => {
  test('serves the files inside its folder, and links that stay inside', async () => {
    assert.deepEqual(await get('/loadgate/'), { status: 200, body: '<h1>dashboard</h1>' })
    assert.equal((await get('/loadgate/data/index.json')).body, '{"benchmarks":[]}')
    assert.equal((await get('/loadgate/data/alias.json')).body, '{"benchmarks":[]}')
  })

  test('never serves a file outside its folder, through a link or a path', async () => {
    for (const pathname of ['/loadgate/data/x.json', '/loadgate/data/home/secret.json']) {
      const answer = await get(pathname)
      assert.equal(answer.status, 403, pathname)
      assert.doesNotMatch(answer.body, /secret/, pathname)
    }
    assert.equal((await get('/../home/secret.json')).status, 404)
    assert.equal((await get('/%2e%2e/home/secret.json')).status, 404)
  })

  test('answers only requests that name it 127.0.0.1 or localhost with its port', async () => {
    assert.equal((await get('/loadgate/', `localhost:${port}`)).status, 200)
    assert.equal((await get('/loadgate/', `LOCALHOST:${port}`)).status, 200)
    for (const host of [`rebound.example:${port}`, 'rebound.example', '127.0.0.1', `127.0.0.1:${port + 1}`]) {
      const answer = await get('/loadgate/data/index.json', host)
      assert.equal(answer.status, 421, host)
      assert.doesNotMatch(answer.body, /benchmarks/, host)
    }
  })
})
