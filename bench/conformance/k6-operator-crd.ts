// Checks the TestRun that the k6-operator backend generates against the operator's own CRD file
// (config/crd/bases/k6.io_testruns.yaml of the operator release the cluster runs), as the API
// server would: types, ranges, enums, required and unknown fields. Prints the violations; exits 1
// when there are any.
//   node --import tsx bench/conformance/k6-operator-crd.ts path/to/k6.io_testruns.yaml
import { testRunName, trialManifests } from '../../src/measure/load/k6-operator/manifests'
import { crdSchema, violations } from '../../testkit/crd-schema'

const file = process.argv[2]
if (!file) {
  console.error('usage: node --import tsx bench/conformance/k6-operator-crd.ts path/to/k6.io_testruns.yaml')
  process.exit(2)
}
const { testRun } = trialManifests({
  name: testRunName('a1b2c3', 'api-r03-head'),
  namespace: 'loadgate',
  parallelism: 3,
  script: { fileName: 'api.js', content: 'export default function () {}\n' },
  env: { BASE_URL: 'https://head.preview.example' },
  tags: { loadgate_arm: 'head', loadgate_round: '3' },
  image: 'grafana/k6:1.8.1',
  claim: 'loadgate-outputs',
})
const problems = violations(crdSchema(file, 'v1alpha1'), testRun)
console.log(problems.length ? problems.join('\n') : `the TestRun conforms to ${file} (v1alpha1)`)
process.exit(problems.length ? 1 : 0)
