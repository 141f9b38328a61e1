import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ALL_REQUESTS } from '../../../../src/model/metrics'
import { createK6Backend } from '../../../../src/measure/load/k6/k6-backend'
import { locateK6 } from '../../../../src/measure/load/k6/install'
import { forEachLine } from '../../../../src/measure/load/k6/lines'
import { percentile } from '../../../../src/measure/load/k6/values'
import { createK6OperatorBackend } from '../../../../src/measure/load/k6-operator/k6-operator-backend'
import { createKubectl } from '../../../../src/measure/load/k6-operator/kubectl'
import type { LoadTrialRequest } from '../../../../src/measure/load/load-backend'
import { KubernetesDouble, type KubernetesDoubleOptions } from '../../../../testkit/kubernetes-double'

// A fixed number of iterations, so a run's request count does not depend on timing: k6's execution
// segments split them between the runners, which together make the requests of one whole run.
const SCRIPT = `import http from 'k6/http'
export const options = {
  scenarios: {
    steady: { executor: 'shared-iterations', vus: 6, iterations: 150, maxDuration: '30s' },
  },
}
export default function () { http.get(__ENV.BASE_URL + '/item?token=' + __ENV.API_TOKEN) }
`

let dir: string
let server: Server
let baseUrl: string
let k6Path: string
const seenTokens = new Set<string>()

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-k6-operator-'))
  await writeFile(path.join(dir, 'steady.js'), SCRIPT)
  await writeFile(
    path.join(dir, 'broken.js'),
    "import nothing from './missing.js'\nexport default function () {}\n",
  )
  server = createServer((req, res) => {
    seenTokens.add(new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? '')
    setTimeout(() => res.end('ok'), 1 + Math.floor(Math.random() * 4))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  k6Path = (await locateK6('1.8.1')).path
})
after(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

async function setUp(name: string, options: Partial<KubernetesDoubleOptions> = {}, script = 'steady.js') {
  const claimDir = path.join(dir, name, 'claim')
  const outDir = path.join(dir, name, 'out')
  const cluster = new KubernetesDouble({ k6: k6Path, claimDir, claim: 'outputs', ...options })
  const backend = createK6OperatorBackend({
    workspace: dir,
    script,
    k6Version: '1.8.1',
    discardSeconds: 0,
    outDir,
    namespace: 'loadgate',
    parallelism: 3,
    claim: 'outputs',
    kubectl: cluster,
  })
  await backend.prepare()
  return { cluster, backend, claimDir, outDir }
}

const request: LoadTrialRequest = {
  arm: 'head',
  phase: 'measure',
  round: 1,
  targetUrl: '',
  name: 'steady-r01-head',
  env: { API_TOKEN: 'tok123' },
}

/** The raw k6 outputs' requests, read without the parser under test: count, and successful durations. */
async function rawRequests(files: string[]): Promise<{ count: number; durations: number[] }> {
  const values: number[] = []
  let count = 0
  for (const file of files) {
    await forEachLine(file, (buffer, start, end) => {
      const line = JSON.parse(buffer.toString('utf8', start, end)) as {
        type: string
        metric: string
        data: { value: number; tags?: Record<string, string> }
      }
      if (line.type !== 'Point' || line.metric !== 'http_req_duration') return
      count++
      if (line.data.tags?.expected_response === 'true') values.push(line.data.value)
    })
  }
  return { count, durations: values.sort((a, b) => a - b) }
}

async function runnerFiles(outDir: string, trial: string): Promise<string[]> {
  return (await readdir(path.join(outDir, trial))).map((f) => path.join(outDir, trial, f))
}

describe('k6-operator backend (experimental): real k6 runners behind a Kubernetes double', () => {
  test('three runners each run one execution segment; their raw requests merge into the whole trial', async () => {
    const { cluster, backend, claimDir, outDir } = await setUp('merge')
    const result = await backend.runTrial({ ...request, targetUrl: baseUrl })
    assert.deepEqual(result.problems, [])
    const files = await runnerFiles(outDir, request.name)
    assert.equal(files.length, 3)
    const all = result.summary!.series.find((s) => s.key === ALL_REQUESTS)!
    // The same script as one k6 process: the segments together make exactly its requests.
    const whole = createK6Backend({
      workspace: dir,
      script: 'steady.js',
      version: '1.8.1',
      discardSeconds: 0,
      outDir,
    })
    await whole.prepare()
    const one = await whole.runTrial({ ...request, name: 'whole', targetUrl: baseUrl })
    const wholeAll = one.summary!.series.find((s) => s.key === ALL_REQUESTS)!
    // Within one: an arrival due at the very end of the duration starts in one process or not (k6's
    // own rounding, as in the distributed test).
    assert.ok(Math.abs(all.requests - wholeAll.requests) <= 1, `${all.requests} vs ${wholeAll.requests}`)
    assert.ok(Math.abs(result.summary!.iterations - one.summary!.iterations) <= 1)
    // Percentiles are over the union of the runners' raw requests, not an average of theirs.
    const raw = await rawRequests(files)
    assert.equal(raw.count, all.requests)
    const union = raw.durations
    assert.equal(union.length, all.latency!.count)
    for (const p of [0.5, 0.9, 0.95, 0.99] as const)
      assert.equal(all.latency![`p${p * 100}` as 'p50'], percentile(union, p), `p${p * 100}`)
    // The Secret's variables reached every runner; the claim is emptied and every object deleted.
    assert.deepEqual([...seenTokens], ['tok123'])
    assert.deepEqual(await readdir(claimDir), [])
    assert.deepEqual([...cluster.objects.keys()], [])
    assert.equal(cluster.deleted.length, 4)
  })

  test('a runner that dies makes the trial invalid, names the runner, and still cleans up', async () => {
    const { cluster, backend, outDir } = await setUp('killed', { killRunner: 2 })
    const result = await backend.runTrial({ ...request, targetUrl: baseUrl })
    const files = await runnerFiles(outDir, request.name)
    assert.deepEqual(files.map((f) => path.basename(f)).sort(), ['runner-1.json.gz', 'runner-3.json.gz'])
    assert.match(result.problems.join('\n'), /runner 2 \(\S+-2-\w+\) exited 137: OOMKilled/)
    assert.match(result.problems.join('\n'), /runner 2 .* left no readable output/)
    const all = result.summary!.series.find((s) => s.key === ALL_REQUESTS)!
    assert.equal(all.requests, (await rawRequests(files)).count)
    assert.deepEqual([...cluster.objects.keys()], [])
  })

  test('a TestRun that ends in error: one line naming it, nothing measured, every created object deleted', async () => {
    const { cluster, backend } = await setUp('error', { failTestRun: true })
    const result = await backend.runTrial({ ...request, targetUrl: baseUrl })
    assert.equal(result.summary, null)
    assert.match(result.problems[0]!, /^the TestRun lg-[0-9a-f]{6}-steady-r01-head ended in stage 'error'$/)
    assert.deepEqual([...cluster.objects.keys()], [])
    assert.deepEqual(cluster.deleted.map((id) => id.split('/')[0]).sort(), [
      'configmap',
      'pod',
      'secret',
      'testrun',
    ])
  })

  test('a script that cannot start on any runner is the script’s error, read from a runner’s log', async () => {
    const { cluster, backend } = await setUp('broken', {}, 'broken.js')
    const result = await backend.runTrial({ ...request, targetUrl: baseUrl })
    assert.equal(result.exitCode, 107)
    assert.match(result.scriptError ?? '', /^k6 exited 107: .*missing\.js/)
    assert.deepEqual([...cluster.objects.keys()], [])
  })

  test('a claim that does not exist fails prepare with one line naming the input', async () => {
    const backend = createK6OperatorBackend({
      workspace: dir,
      script: 'steady.js',
      k6Version: '1.8.1',
      discardSeconds: 0,
      outDir: dir,
      namespace: 'loadgate',
      parallelism: 2,
      claim: 'missing',
      kubectl: new KubernetesDouble({ k6: k6Path, claimDir: dir, claim: 'outputs' }),
    })
    await assert.rejects(backend.prepare(), {
      message:
        "Input 'k6-operator-claim' is 'missing': no such PersistentVolumeClaim in namespace 'loadgate'",
    })
  })
})

describe('kubectl without a cluster', () => {
  const saved = { PATH: process.env.PATH, KUBECONFIG: process.env.KUBECONFIG }
  after(() => {
    process.env.PATH = saved.PATH
    if (saved.KUBECONFIG === undefined) delete process.env.KUBECONFIG
    else process.env.KUBECONFIG = saved.KUBECONFIG
  })

  test('no kubectl on PATH: one line', async () => {
    process.env.PATH = path.join(dir, 'empty-bin')
    await assert.rejects(createKubectl('loadgate').serverVersion(), {
      message: 'k6-operator: kubectl: command not found on PATH',
    })
    process.env.PATH = saved.PATH
  })

  test('a cluster that does not answer: one line from kubectl, no credentials in it', async () => {
    const kubeconfig = path.join(dir, 'kubeconfig')
    await writeFile(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]',
        'users: [{name: u, user: {token: "very-secret-token"}}]',
        'contexts: [{name: x, context: {cluster: c, user: u}}]',
        'current-context: x',
      ].join('\n'),
    )
    process.env.KUBECONFIG = kubeconfig
    const error = await createKubectl('loadgate')
      .serverVersion()
      .then(
        () => null,
        (e: unknown) => e as Error,
      )
    assert.ok(error, 'kubectl version should fail without a cluster')
    assert.match(
      error.message,
      /^k6-operator: kubectl version --namespace=loadgate failed: .*(refused|connect)/,
    )
    assert.doesNotMatch(error.message, /very-secret-token|\n/)
  })
})
