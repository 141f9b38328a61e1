import { SettingsError } from '../util/errors'

const SEGMENT = /^[A-Za-z0-9._-]+$/

/**
 * The `data-dir` input: a folder inside the history branch, relative and without `..`. It names
 * where runs are written and is part of the dashboard's URL, so only name characters are allowed.
 */
export function parseDataDir(value: string, fallback: string): string {
  if (!value.trim()) return fallback
  // A trailing slash is harmless; a leading one (even '/' alone) would point at the branch's root.
  const trimmed = value.trim().replace(/(?<=[^/])\/+$/, '')
  const segments = trimmed.split('/')
  const safe = segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')
  if (safe) return trimmed
  // JSON quoting shows control characters as escapes instead of writing them to the log.
  const shown = JSON.stringify(value).slice(1, -1)
  throw new SettingsError(
    `Input 'data-dir' is '${shown}': expected a relative folder such as 'loadgate' or 'perf/api' ` +
      `(letters, digits, . _ - and /; no '..', not absolute)`,
  )
}
