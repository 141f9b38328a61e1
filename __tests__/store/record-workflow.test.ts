import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { parse } from 'yaml'

// workflows/record.yml is copied into users' repositories: its scripts must not expand step
// outputs in place, and the actions it runs must be the reviewed ones.

interface Step {
  uses?: string
  run?: string
  env?: Record<string, string>
}

test('record.yml passes step outputs to scripts through env and pins third-party actions by commit', async () => {
  const workflow = parse(await readFile('workflows/record.yml', 'utf8')) as {
    jobs: Record<string, { steps: Step[] }>
  }
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
  const scripts = steps.filter((step) => step.run !== undefined)
  assert.ok(scripts.length > 0)
  for (const step of scripts)
    assert.doesNotMatch(step.run!, /\$\{\{/, `expression inside a script: ${step.run}`)
  assert.ok(
    scripts.some((step) =>
      Object.values(step.env ?? {}).some((v) => v.includes('steps.loadgate.outputs.dashboard-url')),
    ),
    'the dashboard URL reaches its script through env',
  )
  // loadgate's own action is referenced by its release tag (this repository publishes it).
  const thirdParty = steps.filter((step) => step.uses && !step.uses.startsWith('loadgate/loadgate@'))
  assert.ok(thirdParty.length >= 2)
  for (const step of thirdParty) assert.match(step.uses!, /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/, step.uses)
})
