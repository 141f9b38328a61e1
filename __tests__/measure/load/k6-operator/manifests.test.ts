import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  OUTPUT_MOUNT,
  readerPodManifest,
  runnerOutputPath,
  testRunName,
  trialManifests,
  type TrialManifestInput,
} from '../../../../src/measure/load/k6-operator/manifests'
import { violations } from '../../../../testkit/crd-schema'
import { TEST_RUN_SCHEMA } from '../../../../testkit/testrun-schema'

const schema = TEST_RUN_SCHEMA

const input: TrialManifestInput = {
  name: testRunName('a1b2c3', 'api-r03-head'),
  namespace: 'loadgate',
  parallelism: 3,
  script: { fileName: 'api.js', content: 'export default function () {}\n' },
  env: { BASE_URL: 'https://head.preview.example', API_TOKEN: 's3cr3t value' },
  tags: { loadgate_arm: 'head', loadgate_round: '3' },
  image: 'grafana/k6:1.8.1',
  claim: 'loadgate-outputs',
}

function testRunSpec(): Record<string, unknown> & { runner: Record<string, unknown> } {
  return structuredClone(trialManifests(input).testRun.spec) as Record<string, unknown> & {
    runner: Record<string, unknown>
  }
}

describe('k6-operator manifests', () => {
  test('the TestRun conforms to the structural schema of the TestRun fields loadgate uses (v1alpha1)', () => {
    assert.deepEqual(violations(schema, trialManifests(input).testRun), [])
  })

  test('a TestRun that violates the CRD schema is caught: wrong type, unknown field, bad enum, missing field', () => {
    const { testRun } = trialManifests(input)
    const wrongType = { ...testRun, spec: { ...testRunSpec(), parallelism: '3' } }
    assert.match(violations(schema, wrongType).join('\n'), /\.spec\.parallelism: expected an integer/)
    const unknown = {
      ...testRun,
      spec: { ...testRunSpec(), runner: { ...testRunSpec().runner, sidecars: [] } },
    }
    assert.match(violations(schema, unknown).join('\n'), /\.spec\.runner\.sidecars: unknown field/)
    const badEnum = { ...testRun, spec: { ...testRunSpec(), cleanup: 'always' } }
    assert.match(violations(schema, badEnum).join('\n'), /\.spec\.cleanup: "always" is not one of post/)
    const { script: _script, ...withoutScript } = testRunSpec()
    const missing = { ...testRun, spec: withoutScript }
    assert.match(violations(schema, missing).join('\n'), /\.spec: required field 'script' is missing/)
    const tooMany = { ...testRun, spec: { ...testRunSpec(), parallelism: 2 ** 31 } }
    assert.match(violations(schema, tooMany).join('\n'), /out of int32 range/)
  })

  test('the script travels in the ConfigMap the TestRun names, the variables in a Secret only', () => {
    const { configMap, secret, testRun } = trialManifests(input)
    const spec = testRun.spec as { script: { configMap: { name: string; file: string } }; arguments: string }
    assert.equal(spec.script.configMap.name, configMap.metadata.name)
    assert.deepEqual(configMap.data, { [spec.script.configMap.file]: input.script.content })
    assert.deepEqual(secret.stringData, input.env)
    assert.doesNotMatch(JSON.stringify(testRun), /s3cr3t|head\.preview/)
    assert.equal(spec.arguments, '--no-usage-report --tag loadgate_arm=head --tag loadgate_round=3')
  })

  test('each runner writes its own file on the claim, named after its pod; a K6_OUT from k6-env cannot redirect it', () => {
    const runner = testRunSpec().runner as {
      env: Array<{ name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath: string } } }>
      volumeMounts: Array<{ name: string; mountPath: string }>
      volumes: Array<{ name: string; persistentVolumeClaim: { claimName: string } }>
    }
    const [pod, out] = runner.env
    assert.equal(pod!.valueFrom?.fieldRef?.fieldPath, 'metadata.name')
    // The kubelet expands $(VAR) only from variables declared before it.
    assert.equal(out!.name, 'K6_OUT')
    assert.equal(out!.value, `json=${runnerOutputPath(`$(${pod!.name})`)}`)
    assert.ok(runnerOutputPath('x').startsWith(`${OUTPUT_MOUNT}/`))
    const [mount] = runner.volumeMounts
    assert.equal(mount!.mountPath, OUTPUT_MOUNT)
    assert.deepEqual(runner.volumes, [
      { name: mount!.name, persistentVolumeClaim: { claimName: input.claim } },
    ])
    const reader = readerPodManifest(input.name, input.namespace, input.claim)
    assert.match(JSON.stringify(reader.spec), /"claimName":"loadgate-outputs"/)
  })

  test('a tag value with a space is refused: the operator splits arguments on spaces', () => {
    assert.throws(
      () => trialManifests({ ...input, tags: { loadgate_arm: 'head arm' } }),
      /not a safe k6 argument/,
    )
  })

  test('names are DNS labels short enough for the runner jobs and their pods', () => {
    const name = testRunName('a1b2c3', 'A very_long benchmark name.with-dots-r12-base-and-more-words')
    assert.match(name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/)
    assert.ok(name.length <= 40, name)
  })
})
