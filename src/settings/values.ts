import { existsSync } from 'node:fs'
import path from 'node:path'
import { SettingsError } from '../util/errors'
import { STEADY_FLOOR_SECONDS } from '../decide/steady-warmup'
import { COMPILED_WARMUP_SECONDS } from '../decide/runtime-warmup'
import type { ArmsUnderLoad, FailOn, FreshInstances, TrialLength } from '../model/types'

/** Parsers of one raw input value; a bad value throws a one-line SettingsError naming the input. */

export function fail(input: string, value: string, expected: string): never {
  throw new SettingsError(`Input '${input}' is '${value}': expected ${expected}`)
}

export function oneOf<T extends string>(input: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T
  return fail(input, value, `one of ${allowed.join(', ')}`)
}

export function integer(input: string, value: string, min: number, max: number): number {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || n < min || n > max)
    fail(input, value, `a whole number from ${min} to ${max}`)
  return n
}

export function boolean(input: string, value: string): boolean {
  return booleanOr(input, value, []) as boolean
}

/** true, false, or one of `words` (auto). */
export function booleanOr<T extends string>(input: string, value: string, words: readonly T[]): boolean | T {
  const lower = value.trim().toLowerCase()
  if (['true', 'on', 'yes', '1'].includes(lower)) return true
  if (['false', 'off', 'no', '0'].includes(lower)) return false
  if ((words as readonly string[]).includes(lower)) return lower as T
  return fail(input, value, [...words, 'true'].join(', ') + ' or false')
}

/** '10s', '500ms', '2m' or a bare number of seconds → seconds. */
export function parseDuration(input: string, value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/.exec(value)
  if (!match) return fail(input, value, "a duration such as '10s', '500ms' or '2m'")
  const amount = Number(match[1])
  const unit = match[2] ?? 's'
  const seconds = unit === 'ms' ? amount / 1000 : unit === 'm' ? amount * 60 : amount
  if (seconds > 3600) fail(input, value, 'at most one hour')
  return seconds
}

/** 'round', 'run' or a number of rounds N (1 is 'round'). */
/**
 * `round`, `run` or 1 (= round). Every N > 1 rounds is refused: the N rounds of one instance share
 * its offset, so they are not independent and flipping them one by one would hide it; flipping
 * blocks of N would be valid, but leaves rounds/N units (4 of a default 20-round run at N = 5),
 * whose smallest p, 2^(−rounds/N), could never block.
 */
export function parseFreshInstances(input: string, value: string): FreshInstances {
  const word = value.trim().toLowerCase()
  if (word === 'round' || word === 'run' || word === '1') return word === 'run' ? 'run' : 'round'
  if (/^\d+$/.test(word) && Number(word) > 1)
    return fail(input, value, 'round or run (rounds that share an instance are not independent pairs)')
  return fail(input, value, 'round, run or 1')
}

/** The cap of trial-length auto when none is given. */
export const AUTO_TRIAL_MAX_SECONDS = 60

/** 'script', 'auto' or 'auto up to <duration>'. */
export function parseTrialLength(input: string, value: string): TrialLength {
  const word = value.trim().toLowerCase()
  if (word === 'script') return { mode: 'script' }
  const match = /^auto(?:\s+up\s+to\s+(.+))?$/.exec(word)
  if (!match) return fail(input, value, "script, auto, or auto up to a duration such as 'auto up to 30s'")
  const cap = match[1]
  if (cap === undefined) return { mode: 'auto', maxSeconds: AUTO_TRIAL_MAX_SECONDS }
  if (!/^\d+(?:\.\d+)?\s*(ms|s|m)?$/.test(cap))
    fail(input, value, "auto up to a duration such as '30s' or '2m'")
  const maxSeconds = parseDuration(input, cap)
  if (!(maxSeconds >= 1)) fail(input, value, 'auto up to at least 1s')
  return { mode: 'auto', maxSeconds }
}

/** The longest a warm-up by steadiness runs when no cap is given. */
export const STEADY_WARMUP_MAX_SECONDS = 60

/** How each new instance warms up: a fixed duration, by its runtime (auto), or until steady. */
export interface WarmupSetting {
  /** A fixed warm-up's length; the cap of one until steady; the shortest by runtime (known once the stacks run). */
  seconds: number
  untilSteady: boolean
  byRuntime: boolean
}

/**
 * A fixed duration ('10s', 0 disables); auto: as long as the runtimes the stack runs need
 * (decide/runtime-warmup.ts); or steady: each warm-up ends once its latency is steady
 * (decide/steady-warmup.ts), at most 60 s or the duration in 'steady up to 90s'.
 */
export function parseWarmup(input: string, value: string): WarmupSetting {
  const word = value.trim().toLowerCase()
  if (word === 'auto') return { seconds: COMPILED_WARMUP_SECONDS, untilSteady: false, byRuntime: true }
  const match = /^steady(?:\s+up\s+to\s+(.+))?$/.exec(word)
  if (!match) {
    if (/^\s*[a-z]/i.test(value))
      fail(input, value, "a duration such as '10s', auto, steady, or 'steady up to 90s'")
    return { seconds: parseDuration(input, value), untilSteady: false, byRuntime: false }
  }
  const cap = match[1] === undefined ? STEADY_WARMUP_MAX_SECONDS : parseDuration(input, match[1])
  if (!(cap >= STEADY_FLOOR_SECONDS))
    fail(
      input,
      value,
      `steady up to at least ${STEADY_FLOOR_SECONDS}s (the shortest a steady warm-up can be)`,
    )
  return { seconds: cap, untilSteady: true, byRuntime: false }
}

/**
 * one-at-a-time, both or alternating; both and alternating need a load generator this machine can
 * hold at a start barrier.
 */
export function parseArmsUnderLoad(input: string, value: string, load: 'k6' | 'k6-operator'): ArmsUnderLoad {
  const mode = oneOf<ArmsUnderLoad>(input, value, ['one-at-a-time', 'both', 'alternating'])
  if (mode !== 'one-at-a-time' && load !== 'k6')
    fail(input, value, 'one-at-a-time with load k6-operator (its runners cannot start at a shared barrier)')
  return mode
}

/** '1%' or a fraction '0.01' → 0.01. */
export function parseFraction(input: string, value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(%)?\s*$/.exec(value)
  if (!match) return fail(input, value, "a percentage such as '1%' or a fraction such as '0.01'")
  const fraction = match[2] ? Number(match[1]) / 100 : Number(match[1])
  if (fraction > 1) fail(input, value, 'at most 100%')
  return fraction
}

/** A p-value threshold: a number above 0 and below 1, e.g. '0.001' or '1e-4'. */
export function probability(input: string, value: string): number {
  const n = Number(value)
  if (!value.trim() || !Number.isFinite(n) || n <= 0 || n >= 1)
    fail(input, value, "a probability above 0 and below 1, such as '0.001'")
  return n
}

/** Lines `KEY=VALUE` → record; blank lines and `#` comments ignored. */
export function parseEnvLines(input: string, text: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const eq = line.indexOf('=')
    const key = eq > 0 ? line.slice(0, eq).trim() : ''
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) fail(input, line, 'lines of KEY=VALUE')
    env[key] = line.slice(eq + 1)
  }
  return env
}

/** 'REGRESSION, invalid' → verdicts; 'never' → none. A wrong word is named as written. */
/**
 * The verdicts `fail-on` can name. TARGET_MISSED on its own blocks on targets and not on
 * regressions; REGRESSION names it too (decide/severity.ts), as the gate always blocked on a missed
 * target. NOTHING_GATED and NO_BASE are not a team's choice.
 */
export const FAIL_ON_VERDICTS: readonly FailOn[] = [
  'REGRESSION',
  'TARGET_MISSED',
  'INVALID',
  'LIKELY_OVER_DELTA',
  'INCONCLUSIVE',
  'IMPROVEMENT',
  'NO_CHANGE',
]

export function parseFailOn(input: string, value: string): FailOn[] {
  const allowed = FAIL_ON_VERDICTS
  const written = value
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean)
  const verdict = (word: string) => word.toUpperCase().replace(/[\s-]+/g, '_')
  if (written.length === 1 && verdict(written[0]!) === 'NEVER') return []
  return written.map((word) => {
    const known = allowed.find((v) => v === verdict(word))
    return known ?? fail(input, word, `verdicts among ${allowed.join(', ')} (comma-separated), or never`)
  })
}

/** A path relative to the workspace that must stay inside it (and exist, when `mustExist`). */
export function relativeTo(workspace: string, input: string, file: string, mustExist: boolean): string {
  const resolved = path.resolve(workspace, file)
  const inside = path.relative(workspace, resolved)
  if (inside.startsWith('..') || path.isAbsolute(inside)) fail(input, file, 'a path inside the repository')
  if (mustExist && !existsSync(resolved))
    fail(input, file, 'an existing file (relative to the repository root)')
  return inside
}
