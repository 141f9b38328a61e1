import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

/**
 * Just enough of a structural OpenAPI v3 schema (what a CRD's openAPIV3Schema is) to check a
 * manifest the way the API server would: types, int32/int64 ranges, enums, patterns, required
 * fields. A field the schema does not know is an error here: the API server would silently drop
 * it (pruning), so the object would not do what the manifest says.
 */
export interface StructuralSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean'
  format?: string
  enum?: unknown[]
  pattern?: string
  required?: string[]
  properties?: Record<string, StructuralSchema>
  additionalProperties?: StructuralSchema | boolean
  items?: StructuralSchema
  anyOf?: StructuralSchema[]
  'x-kubernetes-int-or-string'?: boolean
  'x-kubernetes-preserve-unknown-fields'?: boolean
}

interface Crd {
  spec: { versions: Array<{ name: string; schema: { openAPIV3Schema: StructuralSchema } }> }
}

export function crdSchema(file: string, version: string): StructuralSchema {
  const crd = parse(readFileSync(file, 'utf8')) as Crd
  const found = crd.spec.versions.find((v) => v.name === version)
  if (!found) throw new Error(`${file} has no version ${version}`)
  return found.schema.openAPIV3Schema
}

const INT_RANGES: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
}

/** Every violation of `schema` in `value`, each as `path: what`; empty when it conforms. */
export function violations(schema: StructuralSchema, value: unknown, at = ''): string[] {
  const where = at || '(root)'
  if (schema['x-kubernetes-int-or-string']) {
    if (typeof value === 'string' || Number.isInteger(value)) return checkPattern(schema, value, where)
    return [`${where}: expected an integer or a string, got ${JSON.stringify(value)}`]
  }
  const typeError = wrongType(schema.type, value)
  if (typeError) return [`${where}: expected ${typeError}, got ${JSON.stringify(value)}`]
  const problems: string[] = []
  if (schema.enum && !schema.enum.includes(value))
    problems.push(`${where}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`)
  const range = schema.format ? INT_RANGES[schema.format] : undefined
  if (range && typeof value === 'number' && (value < range[0] || value > range[1]))
    problems.push(`${where}: ${value} is out of ${schema.format} range`)
  problems.push(...checkPattern(schema, value, where))
  if (schema.type === 'array' && schema.items && Array.isArray(value))
    value.forEach((item, i) => problems.push(...violations(schema.items!, item, `${at}[${i}]`)))
  if (schema.type === 'object' && value && typeof value === 'object' && !Array.isArray(value))
    problems.push(...objectViolations(schema, value as Record<string, unknown>, at))
  return problems
}

function objectViolations(schema: StructuralSchema, value: Record<string, unknown>, at: string): string[] {
  const problems: string[] = []
  for (const name of schema.required ?? [])
    if (value[name] === undefined) problems.push(`${at || '(root)'}: required field '${name}' is missing`)
  // `type: object` alone (metadata) is checked by the API server itself, not by the CRD.
  const open = !schema.properties && !schema.additionalProperties
  if (open || schema['x-kubernetes-preserve-unknown-fields']) return problems
  for (const [name, field] of Object.entries(value)) {
    const path = `${at}.${name}`
    const known = schema.properties?.[name]
    if (known) problems.push(...violations(known, field, path))
    else if (typeof schema.additionalProperties === 'object')
      problems.push(...violations(schema.additionalProperties, field, path))
    else if (schema.additionalProperties !== true)
      problems.push(`${path}: unknown field (the API server would drop it)`)
  }
  return problems
}

function wrongType(type: StructuralSchema['type'], value: unknown): string | null {
  switch (type) {
    case undefined:
      return null
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? null : 'an object'
    case 'array':
      return Array.isArray(value) ? null : 'an array'
    case 'integer':
      return Number.isInteger(value) ? null : 'an integer'
    case 'number':
      return typeof value === 'number' ? null : 'a number'
    default:
      return typeof value === type ? null : `a ${type}`
  }
}

function checkPattern(schema: StructuralSchema, value: unknown, where: string): string[] {
  if (!schema.pattern || typeof value !== 'string') return []
  return new RegExp(schema.pattern).test(value)
    ? []
    : [`${where}: '${value}' does not match ${schema.pattern}`]
}
