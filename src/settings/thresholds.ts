import { SettingsError } from '../util/errors'
import { ALL_REQUESTS, metricDefaults } from '../model/metrics'
import {
  type AbsoluteTarget,
  type Comparator,
  type Direction,
  type MetricId,
  type MetricThreshold,
} from '../model/types'

const BUILTIN = ['p50', 'p90', 'p95', 'p99', 'mean', 'max', 'throughput', 'error_rate', 'checks'] as const

/**
 * p50 +5%, p90 +10%, throughput −5%, error rate +0.5 points gate; p95, p99 and max inform. The
 * gated tail is p90: on a CPU-bound service p95 sits at the knee of the latency distribution, and
 * its per-round SD was 10–17% against 7–10% for p90 (docs/statistics.md). `p95 +10%` gates it.
 */
export function defaultThresholds(): MetricThreshold[] {
  const rule = (metric: MetricId, delta: number, gate: boolean, series = '*'): MetricThreshold => {
    const { direction, absolute } = metricDefaults(metric)
    return { metric, series, delta, gate, direction, absolute }
  }
  // Under an open model (arrival-rate executors) one endpoint's throughput follows the script's random
  // request mix, not the service: throughput gates on all requests together and informs per series.
  return [
    rule('p50', 0.05, true),
    rule('p90', 0.1, true),
    rule('p95', 0.1, false),
    rule('throughput', 0.05, false),
    rule('throughput', 0.05, true, ALL_REQUESTS),
    // The aggregate's latency mixes endpoints: it informs, the endpoints gate.
    rule('p50', 0.05, false, ALL_REQUESTS),
    rule('p90', 0.1, false, ALL_REQUESTS),
    rule('p95', 0.1, false, ALL_REQUESTS),
    rule('error_rate', 0.005, true),
    rule('p99', 0.1, false),
    rule('max', 0.2, false),
  ]
}

function isMetric(name: string): name is MetricId {
  return (
    (BUILTIN as readonly string[]).includes(name) ||
    /^custom:[A-Za-z_][A-Za-z0-9_]*(:(p50|p90|p95|p99|mean|max|min|value|rate))?$/.test(name)
  )
}

const UNIT_SCALE: Record<string, number> = { ms: 1, s: 1000, '%': 0.01, '/s': 1, '': 1 }

function parseTarget(text: string, fail: (expected: string) => never): AbsoluteTarget {
  const match = /^(<=|>=|<|>)\s*(\d+(?:\.\d+)?)\s*(ms|s|%|\/s)?$/.exec(text.trim())
  if (!match) return fail("a target such as '< 300ms', '<= 1s', '> 200/s' or '< 0.5%'")
  return {
    comparator: match[1] as Comparator,
    value: Number(match[2]) * UNIT_SCALE[match[3] ?? '']!,
    source: `${match[1]} ${match[2]}${match[3] ?? ''}`,
  }
}

interface Spec {
  delta?: number
  absolute?: boolean
  /** The direction a signed effect implies: `+` (a rise is worse: lower is better) or `-`. */
  signed?: Direction
  /** The direction the rule declares in words (`higher-is-better`, `direction: higher`). */
  declared?: Direction
  target?: AbsoluteTarget
  gate?: boolean
}

const DIRECTION_WORDS: Record<string, Direction> = {
  'lower-is-better': 'lower',
  'higher-is-better': 'higher',
}

/** One spec word: `+10%`, `-5%`, `+0.5pp`, `< 300ms`, `gate`, `inform`, `higher-is-better`; each kind once. */
function applySpec(spec: Spec, token: string, fail: (expected: string) => never): void {
  if (token === 'gate' || token === 'inform') {
    if (spec.gate !== undefined) fail(`one of gate or inform, once (not both, they contradict)`)
    spec.gate = token === 'gate'
    return
  }
  if (Object.hasOwn(DIRECTION_WORDS, token)) {
    if (spec.declared !== undefined) fail('one of lower-is-better or higher-is-better, once')
    spec.declared = DIRECTION_WORDS[token]
    return
  }
  const delta = /^([+-])?(\d+(?:\.\d+)?)(%|pp)$/.exec(token)
  if (delta) {
    if (spec.delta !== undefined) fail('one minimum effect (such as +10%), not two')
    spec.absolute = delta[3] === 'pp'
    spec.delta = Number(delta[2]) / 100
    if (delta[1]) spec.signed = delta[1] === '+' ? 'lower' : 'higher'
    return
  }
  if (/^(<=|>=|<|>)/.test(token)) {
    if (spec.target !== undefined) fail("one target (such as '< 300ms'), not two")
    spec.target = parseTarget(token, fail)
    return
  }
  fail(
    "a change such as '+10%', '-5%' or '+0.5pp', a target such as '< 300ms', gate/inform, or lower-is-better/higher-is-better",
  )
}

/**
 * Which way is better for `metric`: a built-in metric's own direction, which a signed effect must
 * agree with unless the rule declares the other one (`p90 -10%` alone would silently make a faster
 * p90 the regression); a custom metric's from the sign, as `custom:jobs:rate -5%` says.
 */
function directionOf(metric: MetricId, spec: Spec, fail: (expected: string) => never): Direction {
  const natural = metricDefaults(metric).direction
  if (spec.declared && spec.signed && spec.declared !== spec.signed)
    fail(`a sign that agrees with ${spec.declared}-is-better (${spec.declared === 'lower' ? '+' : '-'})`)
  if (spec.declared) return spec.declared
  if (!spec.signed || metric.startsWith('custom:') || spec.signed === natural) return spec.signed ?? natural
  const word = `${spec.signed}-is-better`
  return fail(
    `${natural === 'lower' ? "a rise ('+')" : "a drop ('-')"} for ${metric}, where ${natural} is better ` +
      `(or '${word}' to declare the opposite)`,
  )
}

function buildThreshold(
  metric: string,
  series: string,
  spec: Spec,
  fail: (expected: string) => never,
): MetricThreshold {
  if (!isMetric(metric)) fail(`a metric (${BUILTIN.join(', ')}, or custom:<name>[:p95|:rate|:value])`)
  const defaults = metricDefaults(metric as MetricId)
  const fallback = defaultThresholds().find((t) => t.metric === metric)
  const direction = directionOf(metric as MetricId, spec, fail)
  const delta = spec.delta ?? fallback?.delta ?? (defaults.absolute ? 0.005 : 0.1)
  const absolute = spec.absolute ?? defaults.absolute
  // A drop of 100% leaves nothing to measure: no head could ever be worse by that much.
  if (!absolute && direction === 'higher' && delta >= 1) fail('a drop under 100% (such as -5%)')
  return {
    metric: metric as MetricId,
    series,
    direction,
    delta,
    absolute,
    gate: spec.gate ?? (spec.target !== undefined || spec.delta !== undefined || fallback?.gate === true),
    ...(spec.target ? { target: spec.target } : {}),
  }
}

/** One rule line, `[series-glob:] metric spec…`; `fail` says what was expected of it. */
function parseRuleLine(line: string, fail: (expected: string) => never): MetricThreshold {
  const match = /^(?:(.+?):\s+)?(\S+)\s*(.*)$/.exec(line)
  const series = match?.[1]?.trim() || '*'
  const metric = match?.[2] ?? ''
  const spec: Spec = {}
  const specText = (match?.[3] ?? '').replace(/(<=|>=|<|>)\s+/g, '$1')
  for (const token of specText.split(/\s+/).filter(Boolean)) applySpec(spec, token, fail)
  if (spec.delta === undefined && spec.target === undefined && spec.gate === undefined)
    fail('a change, a target or gate/inform after the metric')
  return buildThreshold(metric, series, spec, fail)
}

/**
 * The `thresholds` input: one rule per line or `;`-separated, `[series-glob:] metric spec…`,
 * e.g. `p95 +10% < 300ms`, `api POST /orders: p50 +3%`, `error_rate < 0.5%`, `p99 gate`.
 */
export function parseThresholdLines(text: string, inputName: string): MetricThreshold[] {
  const rules: MetricThreshold[] = []
  text
    .split(/\n|;/)
    .map((line) => line.trim())
    .forEach((line, index) => {
      if (!line || line.startsWith('#')) return
      const fail = (expected: string): never => {
        throw new SettingsError(`Input '${inputName}' rule ${index + 1}: '${line}' — expected ${expected}`)
      }
      rules.push(parseRuleLine(line, fail))
    })
  return rules
}

/**
 * `thresholds:` of loadgate.yml, in either form: the rule lines as one text (`thresholds: |`), or a
 * list whose items are rule lines or mappings `{ metric, series?, delta?, target?, gate?, direction? }`.
 * `source` names the key (with its line) in errors.
 */
export function parseThresholdEntries(entries: unknown, source: string): MetricThreshold[] {
  if (typeof entries === 'string') return parseThresholdLines(entries, source)
  if (!Array.isArray(entries))
    throw new SettingsError(
      `${source}: expected rule lines (thresholds: |) or a list of rules and { metric, delta, target, gate }`,
    )
  return entries.map((entry, index) => parseListedRule(entry, `${source}[${index}]`))
}

/** One `{ metric, series?, delta?, target?, gate?, direction? }` mapping as a rule. */
function entryThreshold(entry: Record<string, unknown>, fail: (expected: string) => never): MetricThreshold {
  const { metric, series, delta, target, gate, direction, ...rest } = entry
  const unknown = Object.keys(rest)[0]
  if (unknown) fail(`only metric, series, delta, target, gate, direction (not '${unknown}')`)
  const spec: Spec = {}
  // An unsigned delta (`delta: 10%`, `delta: 0.5pp`) takes the metric's own direction.
  if (delta !== undefined) applySpec(spec, String(delta).replace(/^(\d)/, '+$1'), fail)
  if (delta !== undefined && !/^[+-]/.test(String(delta))) delete spec.signed
  if (target !== undefined) spec.target = parseTarget(String(target), fail)
  if (gate !== undefined) {
    if (typeof gate !== 'boolean') fail('gate: true or false')
    spec.gate = gate as boolean
  }
  if (direction !== undefined) {
    if (direction !== 'lower' && direction !== 'higher')
      fail("direction: 'lower' or 'higher' (which is better)")
    spec.declared = direction as Direction
  }
  return buildThreshold(String(metric ?? ''), series === undefined ? '*' : String(series), spec, fail)
}

/** One rule of loadgate.yml's `thresholds:` list, a rule line or a mapping; errors start with `label`. */
function parseListedRule(rule: unknown, label: string): MetricThreshold {
  const fail = (expected: string): never => {
    throw new SettingsError(
      `${label}: '${typeof rule === 'string' ? rule : JSON.stringify(rule)}' — expected ${expected}`,
    )
  }
  if (typeof rule === 'string') return parseRuleLine(rule.trim(), fail)
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule))
    return fail('a rule line or a mapping with at least metric')
  return entryThreshold(rule as Record<string, unknown>, fail)
}

/**
 * Every problem of a `thresholds:` value of loadgate.yml, one per rule (none when it reads).
 * `labelOf(i)` names the list's item i, `labelOf(null)` the key itself.
 */
export function thresholdProblems(entries: unknown, labelOf: (index: number | null) => string): string[] {
  const attempt = (parse: () => unknown): string[] => {
    try {
      parse()
      return []
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error
      return [error.message]
    }
  }
  if (typeof entries === 'string')
    return entries
      .split(/\n|;/)
      .map((line) => line.trim())
      .flatMap((line, index) =>
        !line || line.startsWith('#')
          ? []
          : attempt(() => parseListedRule(line, `${labelOf(null)} rule ${index + 1}`)),
      )
  if (!Array.isArray(entries)) return attempt(() => parseThresholdEntries(entries, labelOf(null)))
  return entries.flatMap((rule, index) => attempt(() => parseListedRule(rule, labelOf(index))))
}

/** User rules replace the default for the same metric and series; the rest of the defaults stay. */
export function resolveThresholds(user: MetricThreshold[]): MetricThreshold[] {
  const key = (t: MetricThreshold) => `${t.metric}\u0000${t.series}`
  const merged = new Map(defaultThresholds().map((t) => [key(t), t]))
  for (const rule of user) merged.set(key(rule), rule)
  return [...merged.values()]
}
