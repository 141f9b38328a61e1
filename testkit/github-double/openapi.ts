import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

// GitHub's published OpenAPI description (from @octokit/openapi), and just enough of JSON
// Schema to check the requests loadgate sends and the responses the double answers with.

type Schema = Record<string, unknown> & {
  $ref?: string
  type?: string | string[]
  nullable?: boolean
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  additionalProperties?: boolean | Schema
  format?: string
  maxLength?: number
  maxItems?: number
}

interface Operation {
  parameters?: Array<{ $ref?: string; name?: string; in?: string; required?: boolean; schema?: Schema }>
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>
}

interface Spec {
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, unknown>>
}

let spec: Spec | null = null
let routes: Array<{ template: string; pattern: RegExp; names: string[] }> = []

function load(): Spec {
  if (spec) return spec
  const require = createRequire(import.meta.url)
  const file = path.join(
    path.dirname(require.resolve('@octokit/openapi/package.json')),
    'generated',
    'api.github.com.json',
  )
  spec = JSON.parse(readFileSync(file, 'utf8')) as Spec
  routes = Object.keys(spec.paths).map((template) => {
    const names: string[] = []
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
        names.push(name)
        return '([^/]+)'
      })}$`,
    )
    return { template, pattern, names }
  })
  return spec
}

function resolve<T>(ref: string): T {
  const parts = ref.replace(/^#\//, '').split('/')
  let node: unknown = load()
  for (const part of parts) node = (node as Record<string, unknown>)[part]
  return node as T
}

function deref(schema: Schema): Schema {
  let current = schema
  while (current.$ref) current = resolve<Schema>(current.$ref)
  return current
}

export interface Route {
  template: string
  params: Record<string, string>
  operation: Operation
}

/** The documented operation for a method and path, or null. */
export function findRoute(method: string, pathname: string): Route | null {
  load()
  for (const route of routes) {
    const match = route.pattern.exec(pathname)
    if (!match) continue
    const operation = spec!.paths[route.template]![method.toLowerCase()]
    if (!operation) continue
    const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]))
    return { template: route.template, params, operation }
  }
  return null
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

/** Problems of `value` against `schema` (empty when valid), each as `path: message`. */
export function validate(schema: Schema, value: unknown, where = '$'): string[] {
  const s = deref(schema)
  if (s.allOf) return s.allOf.flatMap((part) => validate(part, value, where))
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key]
    if (options) {
      if (value === null && s.nullable) return []
      const results = options.map((option) => validate(option, value, where))
      return results.some((r) => r.length === 0)
        ? []
        : [`${where}: matches none of ${key} (${results[0]?.[0] ?? ''})`]
    }
  }
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]
  if (value === null)
    return s.nullable || types.includes('null') || types.length === 0 ? [] : [`${where}: null is not allowed`]
  const actual = typeOf(value)
  if (types.length > 0 && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
    return [`${where}: expected ${types.join('|')}, got ${actual}`]
  }
  if (s.enum && !s.enum.includes(value))
    return [`${where}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`]
  const problems: string[] = []
  if (actual === 'object') {
    const object = value as Record<string, unknown>
    for (const name of s.required ?? []) if (!(name in object)) problems.push(`${where}.${name}: required`)
    for (const [name, child] of Object.entries(object)) {
      const property = s.properties?.[name]
      if (property) problems.push(...validate(property, child, `${where}.${name}`))
      else if (s.additionalProperties === false) problems.push(`${where}.${name}: not allowed`)
    }
  }
  if (actual === 'string' && s.maxLength !== undefined && (value as string).length > s.maxLength)
    problems.push(`${where}: longer than ${s.maxLength} characters`)
  if (actual === 'array' && s.maxItems !== undefined && (value as unknown[]).length > s.maxItems)
    problems.push(`${where}: more than ${s.maxItems} items`)
  if (actual === 'array' && s.items)
    (value as unknown[]).forEach((item, i) => problems.push(...validate(s.items!, item, `${where}[${i}]`)))
  return problems
}

/** A minimal instance of a schema: every required field with a plausible value (for building responses). */
export function example(schema: Schema, depth = 0): unknown {
  const s = deref(schema)
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => example(part, depth)))
  if (s.anyOf) return example(s.anyOf[0]!, depth)
  if (s.oneOf) return example(s.oneOf[0]!, depth)
  if (s.enum) return s.enum[0]
  const types = s.type === undefined ? ['object'] : Array.isArray(s.type) ? s.type : [s.type]
  const type = types.find((t) => t !== 'null') ?? 'null'
  if ((s.nullable || types.includes('null')) && depth > 6) return null
  switch (type) {
    case 'string':
      return s.format === 'date-time'
        ? '2026-11-01T00:00:00Z'
        : s.format === 'uri'
          ? 'https://example.com/x'
          : 'x'
    case 'integer':
    case 'number':
      return 1
    case 'boolean':
      return false
    case 'array':
      return []
    case 'null':
      return null
    default: {
      const object: Record<string, unknown> = {}
      for (const name of s.required ?? []) object[name] = example(s.properties?.[name] ?? {}, depth + 1)
      return object
    }
  }
}

export function requestBodySchema(operation: Operation): Schema | null {
  return operation.requestBody?.content?.['application/json']?.schema ?? null
}

export function responseSchema(
  operation: Operation,
  status: number,
): { documented: boolean; schema: Schema | null } {
  const response = operation.responses[String(status)]
  if (!response) return { documented: false, schema: null }
  const resolved = response.$ref ? resolve<Operation['responses'][string]>(response.$ref) : response
  return { documented: true, schema: resolved.content?.['application/json']?.schema ?? null }
}

/** Schema of a named component, e.g. `issue-comment`. */
export function component(name: string): Schema {
  return resolve<Schema>(`#/components/schemas/${name}`)
}

export function queryParameterProblems(operation: Operation, query: URLSearchParams): string[] {
  const problems: string[] = []
  const parameters = (operation.parameters ?? []).map((p) =>
    p.$ref ? resolve<NonNullable<Operation['parameters']>[number]>(p.$ref) : p,
  )
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const value = query.get(parameter.name!)
    if (value === null) {
      if (parameter.required) problems.push(`query ${parameter.name}: required`)
      continue
    }
    const type = parameter.schema ? deref(parameter.schema).type : undefined
    if (type === 'integer' && !/^\d+$/.test(value))
      problems.push(`query ${parameter.name}: expected integer, got ${value}`)
  }
  const known = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name))
  for (const name of query.keys())
    if (!known.has(name)) problems.push(`query ${name}: not a documented parameter`)
  return problems
}
