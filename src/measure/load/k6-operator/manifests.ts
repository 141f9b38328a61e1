/**
 * The Kubernetes objects of one k6-operator trial, as plain JSON (what `kubectl create -f -` reads).
 * Pure: no I/O, so the manifests can be checked against the operator's CRD schema.
 */

/** Where each runner's volume of the output claim is mounted. */
export const OUTPUT_MOUNT = '/loadgate-output'
/** Env variable holding the runner pod's own name, which names its output file on the claim. */
export const RUNNER_POD_VARIABLE = 'LOADGATE_RUNNER_POD'
const OUTPUT_VOLUME = 'loadgate-output'
/** Reads the claim: needs only `sleep`, `chmod`, `tar` (kubectl cp) and `rm`. */
export const READER_IMAGE = 'busybox:1.36'

export type KubeObject = {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace: string; labels?: Record<string, string> }
} & Record<string, unknown>

export interface TrialManifestInput {
  /** The TestRun's name, a DNS label; the ConfigMap, Secret and reader pod are named after it. */
  name: string
  namespace: string
  parallelism: number
  /** The script's file name (its key in the ConfigMap) and its text. */
  script: { fileName: string; content: string }
  /** BASE_URL and the benchmark's variables: in a Secret, so none of them shows in the TestRun. */
  env: Record<string, string>
  /** Tags every point carries (arm, round); values are loadgate's own words, no spaces. */
  tags: Record<string, string>
  image: string
  /** A ReadWriteMany PersistentVolumeClaim the runners write their outputs to. */
  claim: string
}

export interface TrialManifests {
  configMap: KubeObject
  secret: KubeObject
  testRun: KubeObject
}

const LABELS = { 'app.kubernetes.io/managed-by': 'loadgate' }

export function scriptConfigMapName(name: string): string {
  return `${name}-script`
}

export function envSecretName(name: string): string {
  return `${name}-env`
}

export function readerPodName(name: string): string {
  return `${name}-reader`
}

/** Where a runner's raw output is on the claim, as the reader pod sees it; gzip because of the .gz. */
export function runnerOutputPath(pod: string): string {
  return `${OUTPUT_MOUNT}/${pod}.json.gz`
}

/**
 * Each runner writes its JSON output to its own file on the claim, named after its pod: the
 * operator gives every runner the same arguments, so the file name comes from the environment
 * (`K6_OUT`, expanding the pod's name from the downward API). A runner's logs are no place for its
 * raw output (the kubelet rotates them at 10 MiB): a shared volume is what outlives the pod.
 */
export function trialManifests(input: TrialManifestInput): TrialManifests {
  const metadata = (name: string) => ({ name, namespace: input.namespace, labels: { ...LABELS } })
  const args = [
    '--no-usage-report',
    ...Object.entries(input.tags).flatMap(([key, value]) => ['--tag', `${key}=${value}`]),
  ]
  const unsafe = args.find((arg) => !/^[A-Za-z0-9_.:/=-]+$/.test(arg))
  // The operator splits `arguments` on spaces: a value with a space would become two arguments.
  if (unsafe !== undefined) throw new Error(`not a safe k6 argument for a TestRun: ${JSON.stringify(unsafe)}`)
  return {
    configMap: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: metadata(scriptConfigMapName(input.name)),
      data: { [input.script.fileName]: input.script.content },
    },
    secret: {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: metadata(envSecretName(input.name)),
      type: 'Opaque',
      stringData: { ...input.env },
    },
    testRun: {
      apiVersion: 'k6.io/v1alpha1',
      kind: 'TestRun',
      metadata: metadata(input.name),
      spec: {
        parallelism: input.parallelism,
        script: { configMap: { name: scriptConfigMapName(input.name), file: input.script.fileName } },
        arguments: args.join(' '),
        separate: false,
        runner: {
          image: input.image,
          metadata: { labels: { ...LABELS } },
          // Declared after the Secret's variables (envFrom): a K6_OUT among them cannot redirect it.
          env: [
            { name: RUNNER_POD_VARIABLE, valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
            { name: 'K6_OUT', value: `json=${runnerOutputPath(`$(${RUNNER_POD_VARIABLE})`)}` },
          ],
          envFrom: [{ secretRef: { name: envSecretName(input.name) } }],
          volumes: [{ name: OUTPUT_VOLUME, persistentVolumeClaim: { claimName: input.claim } }],
          volumeMounts: [{ name: OUTPUT_VOLUME, mountPath: OUTPUT_MOUNT }],
        },
      },
    },
  }
}

/**
 * A pod that mounts the claim: it opens the claim to the runners' user (the k6 image does not run
 * as root) before they start, and the runners' outputs are copied off through it after the run.
 */
export function readerPodManifest(name: string, namespace: string, claim: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: readerPodName(name), namespace, labels: { ...LABELS } },
    spec: {
      restartPolicy: 'Never',
      containers: [
        {
          name: 'reader',
          image: READER_IMAGE,
          // Outlives the longest trial; deleted with the trial's other objects.
          command: ['sleep', '86400'],
          volumeMounts: [{ name: OUTPUT_VOLUME, mountPath: OUTPUT_MOUNT }],
        },
      ],
      volumes: [{ name: OUTPUT_VOLUME, persistentVolumeClaim: { claimName: claim } }],
    },
  }
}

/** `lg-<run>-<trial>`: a DNS label short enough for the operator's `<name>-<index>` jobs and their pods. */
export function testRunName(runId: string, trialName: string): string {
  const trial = trialName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `lg-${runId}-${trial}`.slice(0, 40).replace(/-+$/, '')
}
