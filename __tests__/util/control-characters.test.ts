import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { jsonWithoutWorkflowCommands, linesWithoutWorkflowCommands } from '../../src/util/control-characters'

const PLANTED = '##[save-state name=loadgate-resources;][]'

describe('text for a workflow log', () => {
  test('attacker: each line of an error loses its command forms and keeps its line breaks', () => {
    const text = linesWithoutWorkflowCommands(`failed: ${PLANTED}\r\n  ::add-mask::x\nlast \u001b[2J`)
    assert.equal(text, 'failed: # #[save-state name=loadgate-resources;][]\n  : :add-mask::x\nlast ?[2J')
  })

  test('attacker: a JSON document carries no `##[` and reads back the same', () => {
    const value = { series: PLANTED, nested: [{ name: `a##[b` }] }
    const json = jsonWithoutWorkflowCommands(value)
    assert.equal(json.includes('##['), false, json)
    assert.deepEqual(JSON.parse(json), value)
  })
})
