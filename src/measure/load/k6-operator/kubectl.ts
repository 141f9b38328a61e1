import { LoadgateError } from '../../../util/errors'
import { run } from '../../../util/exec'
import type { KubeObject } from './manifests'

/** What the k6-operator backend asks of the cluster, in one namespace. */
export interface Kubectl {
  /** Fails with one line when kubectl is missing or the cluster does not answer. */
  serverVersion(): Promise<string>
  /** Creates an object; `create`, not `apply`, which would copy a Secret's values into an annotation. */
  create(object: KubeObject): Promise<void>
  /** One object as JSON; null when it does not exist. */
  get(kind: string, name: string): Promise<Record<string, unknown> | null>
  list(kind: string, selector: string): Promise<Record<string, unknown>[]>
  /** Deletes an object; one that is already gone is no error. */
  delete(kind: string, name: string): Promise<void>
  exec(pod: string, command: string[]): Promise<void>
  /** The last lines a pod's container wrote. */
  logs(pod: string): Promise<string>
  /** Copies one file out of a pod (`kubectl cp`, which needs tar in the pod). */
  copyFrom(pod: string, remotePath: string, localPath: string): Promise<void>
}

const CALL_TIMEOUT_MS = 2 * 60 * 1000

/** The kubectl on PATH, with the runner's KUBECONFIG (the only cluster setting passed on). */
export function createKubectl(namespace: string): Kubectl {
  const kubeconfig = process.env.KUBECONFIG
  const kubectl = async (args: string[], input?: string): Promise<string> => {
    const [verb = '', ...rest] = args
    const { stdout } = await run('kubectl', [verb, `--namespace=${namespace}`, ...rest], {
      env: kubeconfig ? { KUBECONFIG: kubeconfig } : {},
      timeoutMs: CALL_TIMEOUT_MS,
      cleanup: verb === 'delete',
      ...(input === undefined ? {} : { input }),
    }).catch((error: unknown) => {
      throw new LoadgateError(`k6-operator: ${oneLine(error)}`)
    })
    return stdout
  }
  return {
    async serverVersion() {
      const out = await kubectl(['version', '--output=json', '--request-timeout=20s'])
      const version = (JSON.parse(out) as { serverVersion?: { gitVersion?: string } }).serverVersion
      if (!version?.gitVersion) throw new LoadgateError('k6-operator: kubectl reached no cluster')
      return version.gitVersion
    },
    async create(object) {
      await kubectl(['create', '--filename=-'], JSON.stringify(object))
    },
    async get(kind, name) {
      const out = await kubectl(['get', kind, name, '--ignore-not-found', '--output=json'])
      return out.trim() ? (JSON.parse(out) as Record<string, unknown>) : null
    },
    async list(kind, selector) {
      const out = await kubectl(['get', kind, `--selector=${selector}`, '--output=json'])
      return (JSON.parse(out) as { items?: Record<string, unknown>[] }).items ?? []
    },
    async delete(kind, name) {
      await kubectl(['delete', kind, name, '--ignore-not-found', '--wait=false'])
    },
    async exec(pod, command) {
      await kubectl(['exec', pod, '--', ...command])
    },
    async logs(pod) {
      return kubectl(['logs', pod, '--tail=50'])
    },
    async copyFrom(pod, remotePath, localPath) {
      await kubectl(['cp', `${pod}:${remotePath}`, localPath])
    },
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/\s+/g, ' ').trim().slice(0, 400)
}
