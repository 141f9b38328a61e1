import { profileModeSchema } from '../model/profile'
import { parseErraticLines } from './erratic'
import { parseCc } from './notify'
import type { InputName } from './inputs'
import {
  boolean,
  booleanOr,
  integer,
  oneOf,
  parseDuration,
  parseEnvLines,
  FAIL_ON_VERDICTS,
  parseFailOn,
  parseFraction,
  parseFreshInstances,
  parseTrialLength,
  parseWarmup,
  probability,
} from './values'

/**
 * What each setting's value may be, for loadgate.yml: the check its whole file goes through before
 * anything runs (every problem at once, config-file.ts) and the JSON Schema editors read
 * (docs/loadgate.schema.json, `npm run docs`). Both call the parsers readSettings calls.
 */

/** The JSON Schema (draft-07) keywords loadgate's schema uses. */
export interface JsonSchema {
  $schema?: string
  $id?: string
  title?: string
  description?: string
  type?: string | string[]
  enum?: readonly string[]
  pattern?: string
  minimum?: number
  maximum?: number
  properties?: Record<string, JsonSchema>
  additionalProperties?: boolean | JsonSchema
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
}

export interface ValueRule {
  /** Throws the SettingsError readSettings would, naming `label`. */
  check: (label: string, text: string) => unknown
  schema: JsonSchema
}

const SCALAR: JsonSchema = { type: ['string', 'number', 'boolean'] }
const TEXT_OR_NUMBER: JsonSchema = { type: ['string', 'number'] }

const enumOf = (words: readonly string[]): ValueRule => ({
  check: (label, text) => oneOf(label, text, words),
  schema: { enum: words },
})

const wholeNumber = (min: number, max: number): ValueRule => ({
  check: (label, text) => integer(label, text, min, max),
  // A number between the bounds, or the same written as a quoted string.
  schema: { type: ['integer', 'string'], minimum: min, maximum: max, pattern: '^\\s*\\d+\\s*$' },
})

const parsed = (parse: (label: string, text: string) => unknown, schema = TEXT_OR_NUMBER): ValueRule => ({
  check: parse,
  schema,
})

/** A word matched whatever its case, `-`, `_` and spaces alike: JSON Schema patterns have no flags. */
function caseless(word: string): string {
  return [...word]
    .map((c) => (c === '_' ? '[-_ ]+' : /[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c))
    .join('')
}

const verdict = `(${FAIL_ON_VERDICTS.map(caseless).join('|')})`
/** A mapping of `NAME: value` or `series: reason`, or the same as lines of text. */
const LINES_OR_MAPPING: JsonSchema = {
  anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: SCALAR }],
}

export const VALUE_RULES: Partial<Record<InputName, ValueRule>> = {
  mode: enumOf(['auto', 'compare', 'record', 'report', 'calibrate', 'merge', 'accept', 'announce', 'skip']),
  baseline: enumOf(['rerun', 'stored']),
  target: enumOf(['compose', 'url']),
  load: enumOf(['k6', 'k6-operator']),
  port: wholeNumber(1, 65535),
  'k6-env': parsed(parseEnvLines, LINES_OR_MAPPING),
  'k6-operator-parallelism': wholeNumber(1, 64),
  'ready-timeout': parsed(parseDuration),
  'min-rounds': wholeNumber(1, 200),
  'max-rounds': wholeNumber(1, 200),
  warmup: parsed(parseWarmup),
  'trial-length': parsed(parseTrialLength),
  'fresh-instances': parsed(parseFreshInstances),
  'pause-idle-arm': parsed((label, text) => booleanOr(label, text, ['auto']), SCALAR),
  'arms-under-load': enumOf(['one-at-a-time', 'both', 'alternating']),
  profile: enumOf(profileModeSchema.options),
  'discard-seconds': parsed(parseDuration),
  erratic: parsed((label, text) => parseErraticLines(text, label), LINES_OR_MAPPING),
  'max-error-rate': parsed(parseFraction),
  'max-dropped-rate': parsed(parseFraction),
  seed: wholeNumber(0, 2 ** 31 - 1),
  'calibrate-budget': parsed(parseDuration),
  retention: wholeNumber(0, 1_000_000),
  'change-points': enumOf(['issue', 'off']),
  'change-point-max-p': parsed(probability, { type: ['number', 'string'], minimum: 0, maximum: 1 }),
  'change-point-min-change': parsed(parseFraction),
  'change-point-min-runs': wholeNumber(1, 1000),
  cc: parsed(parseCc, { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }),
  comment: enumOf(['on', 'on-change', 'unless-no-change', 'off']),
  status: parsed(boolean, SCALAR),
  review: enumOf(['off', 'approve', 'request-changes', 'both']),
  'fail-on': parsed(parseFailOn, {
    type: 'string',
    pattern: `^\\s*(${caseless('never')}|${verdict}(\\s*,\\s*${verdict})*)\\s*$`,
  }),
}

/** A setting's value rule; any scalar for the settings that take free text (paths, commands, names). */
export function valueRule(name: InputName): ValueRule {
  return VALUE_RULES[name] ?? { check: () => undefined, schema: SCALAR }
}
