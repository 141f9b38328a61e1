import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readSettings } from '../../src/settings/read-settings'
import { SettingsError } from '../../src/util/errors'

let workspace: string

before(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'loadgate-load-settings-'))
  await mkdir(path.join(workspace, 'k6'))
  await writeFile(path.join(workspace, 'k6', 'api.js'), 'export default function () {}\n')
})
after(() => rm(workspace, { recursive: true, force: true }))

const operatorInputs = {
  target: 'url',
  'k6-script': 'k6/api.js',
  'base-url': 'https://base.preview.example.com',
  'head-url': 'https://pr-7.preview.example.com',
  load: 'k6-operator',
  'k6-operator-claim': 'loadgate-outputs',
}

function load(inputs: Record<string, string>) {
  return readSettings((name) => inputs[name] ?? '', {
    workspace,
    eventName: 'pull_request',
    defaultWorkDir: '/tmp/lg',
  })
}

function oneLineError(inputs: Record<string, string>, expected: string): void {
  assert.throws(
    () => load(inputs),
    (error: unknown) => error instanceof SettingsError && error.message === expected,
  )
}

describe('load input', () => {
  test('k6 by default', () => {
    assert.deepEqual(load({ ...operatorInputs, load: '', 'k6-operator-claim': '' }).load, { kind: 'k6' })
  })

  test('arms-under-load both or alternating needs runners held at one barrier: refused with k6-operator', () => {
    for (const mode of ['both', 'alternating'])
      oneLineError(
        { ...operatorInputs, 'arms-under-load': mode },
        `Input 'arms-under-load' is '${mode}': expected one-at-a-time with load k6-operator (its runners cannot start at a shared barrier)`,
      )
  })

  test('k6-operator: namespace, runners and claim, with their defaults', () => {
    assert.deepEqual(load(operatorInputs).load, {
      kind: 'k6-operator',
      namespace: 'loadgate',
      parallelism: 2,
      claim: 'loadgate-outputs',
    })
    assert.equal(
      load({ ...operatorInputs, 'k6-operator-parallelism': '8', 'k8s-namespace': 'perf' }).load.kind,
      'k6-operator',
    )
  })

  test('bad input: one line naming the input and what was expected', () => {
    oneLineError(
      { ...operatorInputs, load: 'locust' },
      "Input 'load' is 'locust': expected one of k6, k6-operator",
    )
    oneLineError(
      { ...operatorInputs, target: 'compose', 'base-url': '', 'head-url': '', service: 'api', port: '8080' },
      "Input 'target' is 'compose': expected url with 'load: k6-operator' (the cluster's runners cannot reach a Compose stack on this runner)",
    )
    oneLineError(
      { ...operatorInputs, 'k6-operator-claim': '' },
      "Input 'k6-operator-claim' is '': expected the name of a ReadWriteMany PersistentVolumeClaim (load: k6-operator)",
    )
    oneLineError(
      { ...operatorInputs, 'k6-operator-parallelism': '0' },
      "Input 'k6-operator-parallelism' is '0': expected a whole number from 1 to 64",
    )
    oneLineError(
      { ...operatorInputs, 'k8s-namespace': 'Perf_Team' },
      "Input 'k8s-namespace' is 'Perf_Team': expected a Kubernetes namespace name (a-z, 0-9, -)",
    )
    oneLineError(
      { ...operatorInputs, load: 'k6' },
      "Input 'k6-operator-claim' is set but 'load' is 'k6': expected 'load: k6-operator' with it",
    )
  })
})
