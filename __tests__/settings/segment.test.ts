import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readSettings } from '../../src/settings/read-settings'
import { executionSegmentArgs } from '../../src/settings/segment'
import { SettingsError } from '../../src/util/errors'

let workspace: string

before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-segment-settings-'))
  await mkdir(path.join(workspace, 'k6'))
  await writeFile(path.join(workspace, 'k6', 'api.js'), 'export default function () {}\n')
  await writeFile(path.join(workspace, 'compose.yaml'), 'services: {}\n')
})
after(() => rm(workspace, { recursive: true, force: true }))

const segmentInputs = {
  mode: 'compare',
  target: 'url',
  'k6-script': 'k6/api.js',
  'base-url': 'https://base.preview.example.com',
  'head-url': 'https://pr-7.preview.example.com',
  seed: '42',
  'min-rounds': '10',
  'max-rounds': '10',
  segment: '2/3',
}

function load(inputs: Record<string, string>) {
  return readSettings((name) => inputs[name] ?? '', {
    workspace,
    eventName: 'pull_request',
    defaultWorkDir: '/tmp/lg',
  })
}

function oneLineError(inputs: Record<string, string>, ...fragments: string[]): void {
  assert.throws(
    () => load(inputs),
    (error: unknown) => {
      assert.ok(error instanceof SettingsError, String(error))
      assert.doesNotMatch(error.message, /\n/)
      for (const fragment of fragments) assert.ok(error.message.includes(fragment), error.message)
      return true
    },
  )
}

describe('segment and merge settings', () => {
  test("segment i/N becomes k6's execution segment within a sequence of N equal parts", () => {
    const settings = load(segmentInputs)
    assert.deepEqual(settings.segment, { index: 2, count: 3 })
    assert.deepEqual(executionSegmentArgs(settings.segment!), [
      '--execution-segment',
      '1/3:2/3',
      '--execution-segment-sequence',
      '0,1/3,2/3,1',
    ])
    assert.deepEqual(executionSegmentArgs({ index: 1, count: 2 }).slice(1, 2), ['0:1/2'])
    assert.deepEqual(executionSegmentArgs({ index: 4, count: 4 }).slice(1), [
      '3/4:1',
      '--execution-segment-sequence',
      '0,1/4,1/2,3/4,1'.replace('1/2', '2/4'),
    ])
    assert.equal(load({ ...segmentInputs, segment: '' }).segment, null)
  })

  test('a bad segment, or one outside a rerun compare against deployed targets, is one line naming the input', () => {
    for (const segment of ['0/3', '4/3', '1/1', '2', 'a/b', '1/65'])
      oneLineError({ ...segmentInputs, segment }, `Input 'segment' is '${segment}'`, 'i/N')
    oneLineError(
      { ...segmentInputs, baseline: 'stored' },
      "Input 'segment'",
      'mode compare with baseline rerun',
    )
    oneLineError(
      { ...segmentInputs, target: 'compose', 'base-url': '', 'head-url': '', service: 'api', port: '8080' },
      "Input 'segment'",
      'target: url',
    )
    oneLineError({ ...segmentInputs, seed: '' }, "Input 'seed'", 'every segment job')
    oneLineError(
      { ...segmentInputs, 'head-url': '', deploy: './deploy.sh' },
      "Input 'segment'",
      'instead of deploy',
    )
    oneLineError({ ...segmentInputs, 'max-rounds': '20' }, "Input 'max-rounds' is '20'", 'min-rounds (10)')
  })

  test('mode merge needs segment-dirs (one per line) and measures no arm', () => {
    const settings = load({ mode: 'merge', 'k6-script': 'k6/api.js', 'segment-dirs': 'a\n\n b/c \n' })
    assert.equal(settings.mode, 'merge')
    assert.deepEqual(settings.segmentDirs, [path.join(workspace, 'a'), path.join(workspace, 'b/c')])
    const urls = load({ mode: 'merge', target: 'url', 'k6-script': 'k6/api.js', 'segment-dirs': 'a' })
    assert.equal(urls.target.kind, 'url')
    oneLineError({ mode: 'merge', 'k6-script': 'k6/api.js' }, "Input 'segment-dirs'", 'mode merge')
    oneLineError({ ...segmentInputs, 'segment-dirs': 'a' }, "Input 'segment-dirs'", "'mode: merge'")
  })
})
