import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readSettings } from '../../src/settings/read-settings'
import { secretValues } from '../../src/settings/secrets'
import { recordedAddress } from '../../src/settings/target'
import { SettingsError } from '../../src/util/errors'

let workspace: string

before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-target-settings-'))
  await mkdir(path.join(workspace, 'k6'))
  await writeFile(path.join(workspace, 'k6', 'api.js'), 'export default function () {}\n')
})
after(() => rm(workspace, { recursive: true, force: true }))

const urlInputs = {
  target: 'url',
  'k6-script': 'k6/api.js',
  'base-url': 'https://base.preview.example.com/',
  'head-url': 'https://pr-7.preview.example.com',
}

function load(inputs: Record<string, string>, eventName = 'pull_request') {
  return readSettings((name) => inputs[name] ?? '', { workspace, eventName, defaultWorkDir: '/tmp/lg' })
}

function oneLineError(fn: () => unknown, ...fragments: string[]): string {
  let message = ''
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof SettingsError, `expected SettingsError, got ${String(error)}`)
    message = error.message
    return true
  })
  assert.equal(message.includes('\n'), false, `one line: ${message}`)
  for (const fragment of fragments) assert.ok(message.includes(fragment), `'${fragment}' in: ${message}`)
  return message
}

describe('target: url settings', () => {
  test('two URLs: no Compose service, port or file needed; readiness defaults', () => {
    const settings = load(urlInputs)
    assert.equal(settings.benchmarks[0]?.port, 0)
    assert.deepEqual(settings.target, {
      kind: 'url',
      urls: { base: 'https://base.preview.example.com', head: 'https://pr-7.preview.example.com' },
      deploy: '',
      teardown: '',
      readyPath: '/',
      readyTimeoutSeconds: 60,
    })
    assert.equal(settings.benchmarks[0]?.service, '')
  })

  test('compose stays the default and still needs its service and port', async () => {
    await writeFile(path.join(workspace, 'compose.yaml'), 'services: {}\n')
    assert.equal(load({ 'k6-script': 'k6/api.js', service: 'api', port: '8080' }).target.kind, 'compose')
    oneLineError(() => load({ 'k6-script': 'k6/api.js' }), "Input 'service'")
  })

  test('a URL with credentials is refused in one line that does not repeat the password', () => {
    const message = oneLineError(
      () => load({ ...urlInputs, 'head-url': 'https://deploy:hunter2@pr-7.preview.example.com' }),
      "Input 'head-url' holds credentials",
      'k6-env',
    )
    assert.ok(!message.includes('hunter2'), message)
  })

  test('bad URLs and readiness settings name the input and what was expected', () => {
    oneLineError(
      () => load({ ...urlInputs, 'base-url': 'ftp://base.example.com' }),
      "Input 'base-url'",
      'http://',
    )
    oneLineError(() => load({ ...urlInputs, 'base-url': 'not a url' }), "Input 'base-url' is 'not a url'")
    oneLineError(() => load({ ...urlInputs, 'head-url': '' }), "Input 'head-url' is ''", 'deploy command')
    oneLineError(() => load({ ...urlInputs, 'ready-path': 'health' }), "Input 'ready-path' is 'health'")
    oneLineError(() => load({ ...urlInputs, 'ready-timeout': 'soon' }), "Input 'ready-timeout' is 'soon'")
    oneLineError(() => load({ ...urlInputs, teardown: 'true' }), "Input 'teardown'", "'deploy' command")
    oneLineError(() => load({ ...urlInputs, target: 'k8s' }), "Input 'target' is 'k8s'", 'compose, url')
    oneLineError(
      () => load({ 'k6-script': 'k6/api.js', service: 'api', port: '8080', 'head-url': 'http://x' }),
      "Input 'head-url' is set but 'target' is 'compose'",
    )
  })

  test('a deploy command stands in for missing URLs; record needs the head only', () => {
    const deployed = load({
      target: 'url',
      'k6-script': 'k6/api.js',
      deploy: './deploy.sh',
      teardown: './down.sh',
    })
    assert.equal(deployed.target.kind === 'url' && deployed.target.deploy, './deploy.sh')
    const record = load(
      { target: 'url', 'k6-script': 'k6/api.js', 'head-url': 'http://main.example.com' },
      'push',
    )
    assert.equal(record.mode, 'record')
  })

  test('the recorded address keeps scheme, host and path, never a query', () => {
    assert.equal(recordedAddress('https://pr-7.example.com/api/?token=abc'), 'https://pr-7.example.com/api')
  })

  test('k6-env values named like credentials are masked, with the GitHub token', () => {
    const settings = load({
      ...urlInputs,
      'k6-env': 'AUTH_HEADER=Bearer s3cr3t\nRATE=80\nAPI_KEY=k-123\nDURATION=2s',
      'github-token': 'ghs_abc',
    })
    assert.deepEqual(secretValues(settings).sort(), ['Bearer s3cr3t', 'ghs_abc', 'k-123'])
  })
})
