import { describeInput, inputsIn } from './input-lookup'
import type { InputScope } from './inputs'
import { valueRule, type JsonSchema } from './value-rules'

/**
 * The JSON Schema of loadgate.yml, from the inputs table (its keys, descriptions and defaults) and
 * the value rules (what each key takes): `npm run docs` writes it to docs/loadgate.schema.json,
 * which editors read through the `# yaml-language-server: $schema=…` line of a loadgate.yml.
 */

export const SCHEMA_FILE = 'docs/loadgate.schema.json'
export const SCHEMA_URL = `https://raw.githubusercontent.com/loadgate/loadgate/v1/${SCHEMA_FILE}`

const THRESHOLD_ENTRY: JsonSchema = {
  type: 'object',
  required: ['metric'],
  additionalProperties: false,
  properties: {
    metric: {
      type: 'string',
      description: 'p50, p90, p95, p99, mean, max, throughput, error_rate, checks or custom:<name>[:stat]',
    },
    series: {
      type: 'string',
      description: 'A glob of the series the rule applies to (default: every endpoint).',
    },
    delta: { type: ['string', 'number'], description: "The minimum effect, e.g. '10%' or '+0.5pp'." },
    target: { type: 'string', description: "An absolute target, e.g. '< 300ms'." },
    gate: { type: 'boolean' },
    direction: {
      enum: ['lower', 'higher'],
      description: 'Which is better, where it is not the metric’s own.',
    },
  },
}

/** `thresholds:` in both forms: rule lines as one text, or a list of rule lines and mappings. */
const THRESHOLDS: JsonSchema = {
  anyOf: [{ type: 'string' }, { type: 'array', items: { anyOf: [{ type: 'string' }, THRESHOLD_ENTRY] } }],
}

function keysOf(scope: InputScope): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {}
  for (const input of inputsIn(scope)) {
    const description = describeInput(input)
    properties[input.name] =
      input.name === 'thresholds'
        ? { ...THRESHOLDS, description }
        : { ...valueRule(input.name).schema, description }
  }
  return properties
}

export function configSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: SCHEMA_URL,
    title: 'loadgate.yml',
    description: 'Settings of loadgate: every key is an input of the action (docs/configuration.md).',
    type: 'object',
    additionalProperties: false,
    properties: {
      ...keysOf('loadgate.yml'),
      benchmarks: {
        description: 'Several benchmarks from one file: each entry takes these keys, over the top level.',
        type: 'array',
        items: { type: 'object', additionalProperties: false, properties: keysOf('benchmark') },
      },
    },
  }
}
