import { test } from 'node:test'
import assert from 'node:assert/strict'
import { failsOn } from '../../src/decide/severity'
import { valueRule } from '../../src/settings/value-rules'
import { parseFailOn } from '../../src/settings/values'
import { INPUTS } from '../../src/settings/inputs'

test('fail-on names TARGET_MISSED on its own: a missed target blocks, a regression does not', () => {
  const failOn = parseFailOn('fail-on', 'target missed, invalid')
  assert.deepEqual(failOn, ['TARGET_MISSED', 'INVALID'])
  assert.equal(failsOn(failOn, 'TARGET_MISSED'), true)
  assert.equal(failsOn(failOn, 'REGRESSION'), false)
  // The default still blocks on a missed target, as the gate always did.
  const byDefault = parseFailOn('fail-on', INPUTS.find((i) => i.name === 'fail-on')!.default!)
  assert.equal(failsOn(byDefault, 'TARGET_MISSED'), true)
  // loadgate.yml's schema takes what the parser takes.
  const pattern = new RegExp(String((valueRule('fail-on').schema as { pattern: string }).pattern))
  assert.ok(pattern.test('REGRESSION, target-missed'))
  assert.ok(!pattern.test('REGRESSION, SLOW'))
})
