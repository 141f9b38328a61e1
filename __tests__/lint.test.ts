// test-group: light (the linters measure nothing: they run beside other files that measure nothing)
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'

const bin = (name: string) => `node_modules/.bin/${name}`

test('ESLint finds no problem', () => {
  const result = spawnSync(bin('eslint'), ['.'], { encoding: 'utf8' })
  assert.equal(result.status, 0, result.stdout + result.stderr)
})

test('Prettier finds nothing to reformat', () => {
  const result = spawnSync(bin('prettier'), ['--check', '.'], { encoding: 'utf8' })
  assert.equal(result.status, 0, result.stdout + result.stderr)
})

test('TypeScript finds no type error', () => {
  const result = spawnSync(bin('tsc'), ['--noEmit', '-p', '.'], { encoding: 'utf8' })
  assert.equal(result.status, 0, result.stdout + result.stderr)
})
