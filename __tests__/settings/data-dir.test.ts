import { test } from 'node:test'
import assert from 'node:assert/strict'
import { settingsFor } from '../../testkit/settings'
import { SettingsError } from '../../src/util/errors'

// data-dir names where runs are written in the history branch and is part of the dashboard URL.

const dataDir = (value: string) => settingsFor(process.cwd(), { 'data-dir': value }).dataDir

test('data-dir: a relative folder inside the branch', () => {
  assert.equal(dataDir(''), 'loadgate')
  assert.equal(dataDir('perf'), 'perf')
  assert.equal(dataDir('perf/api/'), 'perf/api')
  assert.equal(dataDir('v1.2_x-y'), 'v1.2_x-y')
})

test('data-dir: .., absolute paths and control characters are refused in one line', () => {
  for (const value of [
    '../..',
    'perf/../..',
    '..',
    './x',
    '/abs',
    '/',
    'a//b',
    'a\\b',
    'a b',
    'a\nb',
    'x\u001b[31m',
  ]) {
    assert.throws(
      () => dataDir(value),
      (error: Error) => {
        assert.ok(error instanceof SettingsError, value)
        assert.match(
          error.message,
          /^Input 'data-dir' is '.*': expected a relative folder such as 'loadgate'/,
        )
        assert.doesNotMatch(error.message, /\p{Cc}/u)
        return true
      },
      JSON.stringify(value),
    )
  }
})
