import { spawn } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Kubectl } from '../src/measure/load/k6-operator/kubectl'
import type { KubeObject } from '../src/measure/load/k6-operator/manifests'
import { violations } from './crd-schema'
import { TEST_RUN_SCHEMA } from './testrun-schema'

/**
 * A namespace of a Kubernetes cluster with k6-operator installed, behind the backend's Kubectl
 * seam. A TestRun is checked against the operator's CRD schema like the API server would, then
 * its runners run as real k6 processes: one per runner, with the execution segment the operator
 * gives it, the runner's environment (the Secret, then `env` with the downward API and `$(VAR)`
 * expansion), and its volume mount mapped onto `claimDir` (the PersistentVolumeClaim).
 */
export interface KubernetesDoubleOptions {
  k6: string
  claimDir: string
  claim: string
  /** The TestRun fails before any runner starts (the operator's `error` stage). */
  failTestRun?: boolean
  /** This runner (1-based) is killed before it writes anything. */
  killRunner?: number
}

interface Runner {
  pod: string
  job: string
  testRun: string
  exitCode: number
  reason: string
  log: string
}

const CRD = TEST_RUN_SCHEMA

export class KubernetesDouble implements Kubectl {
  readonly objects = new Map<string, KubeObject>()
  readonly deleted: string[] = []
  readonly runners: Runner[] = []
  /** The k6 image does not run as root: its runners can write to the claim only once it is opened. */
  private claimOpened = false

  constructor(private readonly options: KubernetesDoubleOptions) {}

  serverVersion(): Promise<string> {
    return Promise.resolve('v1.31.0')
  }

  async create(object: KubeObject): Promise<void> {
    if (this.objects.has(key(object.kind, object.metadata.name)))
      throw new Error(`${object.kind} ${object.metadata.name} already exists`)
    if (object.kind === 'TestRun') {
      const problems = violations(CRD, object)
      if (problems.length > 0)
        throw new Error(`TestRun ${object.metadata.name} is invalid: ${problems.join('; ')}`)
    }
    this.objects.set(key(object.kind, object.metadata.name), structuredClone(object))
    if (object.kind === 'TestRun') await this.runTestRun(object)
  }

  get(kind: string, name: string): Promise<Record<string, unknown> | null> {
    if (kind === 'persistentvolumeclaim')
      return Promise.resolve(name === this.options.claim ? { metadata: { name } } : null)
    const object = this.objects.get(key(kind, name))
    if (object?.kind === 'Pod') return Promise.resolve({ ...object, status: { phase: 'Running' } })
    return Promise.resolve(object ?? null)
  }

  list(kind: string, selector: string): Promise<Record<string, unknown>[]> {
    const testRun = /^k6_cr=([^,]+),runner=true$/.exec(selector)?.[1]
    if (kind !== 'pods' || !testRun) throw new Error(`unexpected list ${kind} ${selector}`)
    return Promise.resolve(
      this.runners
        .filter((r) => r.testRun === testRun)
        .map((r) => ({
          metadata: { name: r.pod, labels: { app: 'k6', k6_cr: testRun, runner: 'true', 'job-name': r.job } },
          status: {
            phase: r.exitCode === 0 ? 'Succeeded' : 'Failed',
            containerStatuses: [
              { name: 'k6', state: { terminated: { exitCode: r.exitCode, reason: r.reason } } },
            ],
          },
        })),
    )
  }

  delete(kind: string, name: string): Promise<void> {
    const id = key(kind, name)
    this.objects.delete(id)
    this.deleted.push(id)
    // The runner jobs are owned by their TestRun: the garbage collector removes them with it.
    if (kind === 'testrun')
      this.runners.splice(0, this.runners.length, ...this.runners.filter((r) => r.testRun !== name))
    return Promise.resolve()
  }

  async exec(pod: string, command: string[]): Promise<void> {
    this.requireReader(pod)
    if (command[0] === 'chmod') {
      this.claimOpened = true
      return
    }
    if (command[0] !== 'rm') throw new Error(`unexpected exec ${command.join(' ')}`)
    for (const target of command.slice(2)) await rm(this.onClaim(pod, target), { force: true })
  }

  async copyFrom(pod: string, remotePath: string, localPath: string): Promise<void> {
    this.requireReader(pod)
    await copyFile(this.onClaim(pod, remotePath), localPath).catch(() => {
      throw new Error(
        `kubectl cp failed: tar: removing leading '/' from member names; ${remotePath}: No such file`,
      )
    })
  }

  logs(pod: string): Promise<string> {
    const runner = this.runners.find((r) => r.pod === pod)
    if (!runner) return Promise.reject(new Error(`pods "${pod}" not found`))
    return Promise.resolve(runner.log)
  }

  private requireReader(pod: string): void {
    if (!this.objects.has(key('pod', pod))) throw new Error(`pods "${pod}" not found`)
  }

  /** A path inside the reader pod → the file on the claim, through the pod's own volume mount. */
  private onClaim(pod: string, remotePath: string): string {
    const spec = this.objects.get(key('pod', pod))!.spec as {
      containers: Array<{ volumeMounts: Array<{ mountPath: string }> }>
    }
    const mount = spec.containers[0]!.volumeMounts[0]!.mountPath
    return onVolume(remotePath, mount, this.options.claimDir)
  }

  private async runTestRun(testRun: KubeObject): Promise<void> {
    const name = testRun.metadata.name
    const spec = testRun.spec as TestRunSpec
    if (this.options.failTestRun) {
      testRun.status = { stage: 'error' }
      this.objects.set(key('TestRun', name), testRun)
      return
    }
    const configMap = this.objects.get(key('ConfigMap', spec.script.configMap.name))
    const secret = this.objects.get(key('Secret', spec.runner.envFrom[0]!.secretRef.name))
    if (!configMap || !secret) throw new Error('the TestRun names a ConfigMap or Secret that does not exist')
    const scriptDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-testrun-'))
    const script = path.join(scriptDir, spec.script.configMap.file)
    await writeFile(script, (configMap.data as Record<string, string>)[spec.script.configMap.file]!)
    const n = spec.parallelism
    const runs = Array.from({ length: n }, (_, i) => i + 1).map(async (index) => {
      const job = `${name}-${index}`
      const pod = `${job}-${Math.random().toString(36).slice(2, 7)}`
      const runner: Runner = { pod, job, testRun: name, exitCode: 137, reason: 'OOMKilled', log: '' }
      this.runners.push(runner)
      if (index === this.options.killRunner) return
      if (!this.claimOpened) throw new Error('the runners cannot write to a claim that was not opened')
      const mount = spec.runner.volumeMounts[0]!.mountPath
      const env = runnerEnv(spec, secret.stringData as Record<string, string>, pod)
      // The runner's file system: its mount of the claim is claimDir here.
      if (env.K6_OUT)
        env.K6_OUT = env.K6_OUT.replace(
          /^json=(.*)$/,
          (_, file: string) => `json=${onVolume(file, mount, this.options.claimDir)}`,
        )
      await mkdir(this.options.claimDir, { recursive: true })
      const args = [
        'run',
        '--quiet',
        ...(n > 1 ? segmentArguments(index, n) : []),
        ...spec.arguments.split(' '),
        script,
        '--address=',
        '--tag',
        `instance_id=${index}`,
        '--tag',
        `testrun_name=${name}`,
      ]
      ;({ code: runner.exitCode, stderr: runner.log } = await runK6(this.options.k6, args, env))
      runner.reason = runner.exitCode === 0 ? 'Completed' : 'Error'
    })
    await Promise.all(runs)
    await rm(scriptDir, { recursive: true, force: true })
    testRun.status = { stage: 'finished' }
    this.objects.set(key('TestRun', name), testRun)
  }
}

interface TestRunSpec {
  parallelism: number
  arguments: string
  script: { configMap: { name: string; file: string } }
  runner: {
    env: Array<{ name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath: string } } }>
    envFrom: Array<{ secretRef: { name: string } }>
    volumeMounts: Array<{ mountPath: string }>
  }
}

/** The operator's segment of runner `index` of `n`: `--execution-segment=1/3:2/3` and the full sequence. */
export function segmentArguments(index: number, n: number): string[] {
  const point = (i: number) => (i === 0 ? '0' : i === n ? '1' : `${i}/${n}`)
  const sequence = Array.from({ length: n + 1 }, (_, i) => point(i)).join(',')
  return [
    `--execution-segment=${point(index - 1)}:${point(index)}`,
    `--execution-segment-sequence=${sequence}`,
  ]
}

/** The container's environment: `envFrom` first, then `env` in order, `$(VAR)` expanded like the kubelet does. */
function runnerEnv(spec: TestRunSpec, secret: Record<string, string>, pod: string): Record<string, string> {
  const env: Record<string, string> = { ...secret }
  for (const variable of spec.runner.env) {
    if (variable.valueFrom?.fieldRef?.fieldPath === 'metadata.name') env[variable.name] = pod
    else if (variable.value !== undefined)
      env[variable.name] = variable.value.replace(/\$\((\w+)\)/g, (whole, name: string) => env[name] ?? whole)
  }
  return env
}

function onVolume(file: string, mount: string, hostDir: string): string {
  if (!file.startsWith(`${mount}/`)) throw new Error(`${file} is outside the volume mounted at ${mount}`)
  return path.join(hostDir, file.slice(mount.length + 1))
}

function runK6(
  k6: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(k6, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...env, PATH: process.env.PATH ?? '' },
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? 128, stderr }))
  })
}

function key(kind: string, name: string): string {
  return `${kind.toLowerCase()}/${name}`
}
