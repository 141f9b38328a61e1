import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readSettings } from '../../src/settings/read-settings'
import { secretValues } from '../../src/settings/secrets'
import { SettingsError } from '../../src/util/errors'

let workspace: string

before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-notify-settings-'))
  await mkdir(path.join(workspace, 'k6'))
  await writeFile(path.join(workspace, 'k6', 'orders.js'), 'export default function () {}\n')
  await writeFile(path.join(workspace, 'compose.yaml'), 'services: {}\n')
})
after(() => rm(workspace, { recursive: true, force: true }))

const baseInputs = { 'k6-script': 'k6/orders.js', service: 'api', port: '8080', mode: 'record' }
const load = (inputs: Record<string, string>) =>
  readSettings((name) => ({ ...baseInputs, ...inputs })[name] ?? '', {
    workspace,
    eventName: 'push',
    defaultWorkDir: '/tmp/lg',
  })

function refusal(inputs: Record<string, string>): string {
  try {
    load(inputs)
    return ''
  } catch (error) {
    assert.ok(error instanceof SettingsError, String(error))
    assert.equal(error.message.includes('\n'), false, 'one line')
    return error.message
  }
}

describe('notify settings', () => {
  test('cc: @login and @org/team from the input or a loadgate.yml list; a bad name is named', async () => {
    assert.deepEqual(load({ cc: '@alice, @acme/perf-team alice' }).notify.cc, ['@alice', '@acme/perf-team'])
    await writeFile(path.join(workspace, 'loadgate.yml'), "cc: ['@bob', acme/perf]\n")
    assert.deepEqual(load({ config: 'loadgate.yml' }).notify.cc, ['@bob', '@acme/perf'])
    assert.deepEqual(load({}).notify.cc, [])
    for (const bad of ['@-alice', '@al--ice', '@a/b/c', '@ali ce!', `@${'a'.repeat(40)}`, '@acme/', '@x<y'])
      assert.match(refusal({ cc: `@ok, ${bad}` }), /^Input 'cc' has '.+': expected @login or @org\/team/, bad)
    assert.match(refusal({ cc: '@ok @al--ice' }), /'@al--ice'/)
  })

  test('notify-webhook: an http(s) URL, masked, never quoted in its error', () => {
    const url = 'https://hooks.slack.com/services/T0/B0/s3cr3t'
    const settings = load({ 'notify-webhook': url })
    assert.equal(settings.notify.webhook, url)
    assert.ok(secretValues(settings).includes(url))
    assert.equal(load({}).notify.webhook, '')
    for (const bad of ['hooks.slack.com/s3cr3t', 'ftp://host/s3cr3t']) {
      const message = refusal({ 'notify-webhook': bad })
      assert.match(message, /^Input 'notify-webhook' is not an http\(s\) URL/)
      assert.equal(message.includes('s3cr3t'), false)
    }
  })
})
