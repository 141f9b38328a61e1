import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createSystemUnderTest, removeLeftover } from '../../../src/measure/sut'
import { readSettings } from '../../../src/settings/read-settings'
import { LoadgateError } from '../../../src/util/errors'

// The url system against real HTTP servers on this machine and real deploy/teardown commands.

let workspace: string
const servers: Server[] = []

before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-url-'))
  await writeFile(path.join(workspace, 'api.js'), 'export default function () {}\n')
})
after(async () => {
  for (const server of servers) server.close()
  await rm(workspace, { recursive: true, force: true })
})

/** A server whose /health answers 503 until `readyAfterMs` has passed, then 200. */
async function serve(readyAfterMs = 0): Promise<string> {
  const started = Date.now()
  const server = createServer((req, res) => {
    const ready = Date.now() - started >= readyAfterMs
    res.writeHead(req.url === '/health' ? (ready ? 200 : 503) : 404).end()
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

function system(inputs: Record<string, string>) {
  const all: Record<string, string> = {
    mode: 'compare',
    target: 'url',
    'k6-script': 'api.js',
    'ready-path': '/health',
    'ready-timeout': '3s',
    ...inputs,
  }
  const settings = readSettings((name) => all[name] ?? '', {
    workspace,
    eventName: 'pull_request',
    defaultWorkDir: path.join(workspace, 'work'),
  })
  const progress: string[] = []
  const sut = createSystemUnderTest({
    settings,
    bench: settings.benchmarks[0]!,
    runId: 'url-test',
    baseSha: 'a'.repeat(40),
    startTimeoutSeconds: 5,
    onProgress: (message) => progress.push(message),
  })
  return { sut, progress }
}

async function startError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => assert.fail('expected the arm not to start'),
    (e: unknown) => e,
  )
  assert.ok(error instanceof LoadgateError, String(error))
  assert.equal(error.message.includes('\n'), false, error.message)
  return error.message
}

describe('target: url', () => {
  test('an arm is measured once ready-path answers 2xx; its address is recorded, nothing sampled', async () => {
    // Timed from before the server starts its 1.5 s: setting up the system may take a while on a busy machine.
    const started = Date.now()
    const head = await serve(1500)
    const { sut, progress } = system({ 'base-url': await serve(), 'head-url': `${head}/` })
    const arm = await sut.start('head')
    assert.ok(Date.now() - started >= 1500, 'waited until the target was ready')
    assert.equal(arm.url, head)
    assert.equal(arm.address, head)
    const sampling = arm.sampleResources()
    assert.equal(await sampling.started, '')
    assert.deepEqual(await sampling.stop(), [])
    await arm.stop()
    assert.ok(
      progress.some((p) => p.includes(`waiting for head at ${head}/health`)),
      progress.join('\n'),
    )
  })

  test('an unreachable URL: one line naming the arm, the address and the cause', async () => {
    const port = await closedPort()
    const { sut } = system({ 'base-url': `http://127.0.0.1:${port}`, 'head-url': await serve() })
    const message = await startError(sut.start('base'))
    assert.equal(
      message,
      `The base target at http://127.0.0.1:${port} is unreachable: ECONNREFUSED for 3 s (ready-timeout)`,
    )
  })

  test('a target that never gets ready: one line with the status it kept answering', async () => {
    const { sut } = system({ 'base-url': await serve(), 'head-url': await serve(60_000) })
    const message = await startError(sut.start('head'))
    assert.match(
      message,
      /^The head target at http:\/\/127\.0\.0\.1:\d+ never became ready: GET \/health answered 503 for 3 s \(ready-timeout\); ready-path must answer 2xx or 3xx$/,
    )
  })

  test('deploy prints each arm its URL; teardown removes it when the arm stops', async () => {
    const url = await serve()
    const log = path.join(workspace, 'deploy.log')
    const { sut } = system({
      deploy: `echo "deploying $LOADGATE_ARM of $LOADGATE_BASE_SHA" >> ${log}; echo "building…"; echo "${url}/"`,
      teardown: `echo "teardown $LOADGATE_ARM $LOADGATE_URL" >> ${log}`,
    })
    const base = await sut.start('base')
    assert.equal(base.url, url)
    assert.equal(base.address, url)
    await base.stop()
    await base.stop()
    assert.equal(
      await readFile(log, 'utf8'),
      `deploying base of ${'a'.repeat(40)}\nteardown base ${url}\n`,
      'deployed once, torn down once',
    )
  })

  test('a deployed arm that never gets ready is torn down before the error', async () => {
    const url = await serve(60_000)
    const log = path.join(workspace, 'unready.log')
    const { sut } = system({ deploy: `echo ${url}`, teardown: `echo "teardown $LOADGATE_ARM" >> ${log}` })
    assert.match(await startError(sut.start('head')), /never became ready/)
    assert.equal(await readFile(log, 'utf8'), 'teardown head\n')
  })

  test('a deploy that fails or prints no usable URL: one line, and no password repeated', async () => {
    const failing = system({ deploy: 'echo "quota exceeded" >&2; exit 3' })
    assert.match(
      await startError(failing.sut.start('head')),
      /^Input 'deploy' failed for the head arm: .*quota exceeded/,
    )
    const silent = system({ deploy: 'true' })
    assert.equal(
      await startError(silent.sut.start('base')),
      "Input 'deploy' printed nothing for the base arm: expected the environment's URL as its last line",
    )
    const secret = system({ deploy: 'echo https://admin:hunter2@pr-7.example.com' })
    const message = await startError(secret.sut.start('head'))
    assert.match(message, /^Input 'deploy \(head arm\)' holds credentials/)
    assert.ok(!message.includes('hunter2'), message)
  })

  test('the post step tears down a deployment a killed run recorded', async () => {
    const log = path.join(workspace, 'post.log')
    await removeLeftover({
      kind: 'deployment',
      id: 'head https://pr-7.example.com',
      path: `echo "teardown $LOADGATE_ARM $LOADGATE_URL" >> ${log}`,
    })
    assert.equal(await readFile(log, 'utf8'), 'teardown head https://pr-7.example.com\n')
  })
})
