import type { StructuralSchema } from './crd-schema'

/**
 * The part of the k6-operator's TestRun (k6.io/v1alpha1) that loadgate's manifests use, written down
 * from the operator's documentation as a structural schema: the fields, their types, what is
 * required. Unknown fields are errors, as the API server would prune them. A manifest that starts
 * using another field fails here until the field is described. Against the operator's own CRD file,
 * run `node --import tsx bench/conformance/k6-operator-crd.ts path/to/k6.io_testruns.yaml`.
 */
const string: StructuralSchema = { type: 'string' }
const labels: StructuralSchema = { type: 'object', additionalProperties: string }
const named = (extra: Record<string, StructuralSchema> = {}): StructuralSchema => ({
  type: 'object',
  required: ['name'],
  properties: { name: string, ...extra },
})

const envVar: StructuralSchema = named({
  value: string,
  valueFrom: {
    type: 'object',
    properties: {
      fieldRef: {
        type: 'object',
        required: ['fieldPath'],
        properties: { apiVersion: string, fieldPath: string },
      },
      secretKeyRef: {
        type: 'object',
        required: ['key'],
        properties: { key: string, name: string, optional: { type: 'boolean' } },
      },
    },
  },
})

const runner: StructuralSchema = {
  type: 'object',
  properties: {
    image: string,
    imagePullPolicy: { type: 'string', enum: ['Always', 'IfNotPresent', 'Never'] },
    serviceAccountName: string,
    metadata: { type: 'object', properties: { labels, annotations: labels } },
    env: { type: 'array', items: envVar },
    envFrom: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          prefix: string,
          secretRef: { type: 'object', properties: { name: string, optional: { type: 'boolean' } } },
          configMapRef: { type: 'object', properties: { name: string, optional: { type: 'boolean' } } },
        },
      },
    },
    volumes: {
      type: 'array',
      items: named({
        persistentVolumeClaim: {
          type: 'object',
          required: ['claimName'],
          properties: { claimName: string, readOnly: { type: 'boolean' } },
        },
      }),
    },
    volumeMounts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['mountPath', 'name'],
        properties: { name: string, mountPath: string, readOnly: { type: 'boolean' }, subPath: string },
      },
    },
  },
}

export const TEST_RUN_SCHEMA: StructuralSchema = {
  type: 'object',
  properties: {
    apiVersion: string,
    kind: string,
    metadata: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    spec: {
      type: 'object',
      required: ['parallelism', 'script'],
      properties: {
        parallelism: { type: 'integer', format: 'int32' },
        separate: { type: 'boolean' },
        arguments: string,
        cleanup: { type: 'string', enum: ['post'] },
        quiet: string,
        paused: string,
        script: {
          type: 'object',
          properties: {
            configMap: named({ file: string }),
            localFile: string,
            volumeClaim: named({ file: string, readOnly: { type: 'boolean' } }),
          },
        },
        runner,
      },
    },
  },
}
