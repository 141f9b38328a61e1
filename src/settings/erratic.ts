import type { ErraticSeries } from '../model/types'
import { SettingsError } from '../util/errors'

/**
 * The `erratic` input: one `series-glob: reason` per line, e.g. `*GET /search: shares a cache with
 * the nightly import`. The glob ends at the first colon followed by a space, as in thresholds, so
 * series such as `GET /users/:id` need no quoting.
 */
export function parseErraticLines(text: string, inputName: string): ErraticSeries[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line, index) => {
      const match = /^(.+?):\s+(.+)$/.exec(line)
      const series = match?.[1]?.trim() ?? ''
      const reason = match?.[2]?.trim() ?? ''
      if (!series || !reason)
        throw new SettingsError(
          `Input '${inputName}' line ${index + 1}: '${line.slice(0, 80)}' — expected 'series-glob: reason', e.g. '*GET /search: shares a cache with the nightly import'`,
        )
      if (series.length > 200 || reason.length > 200)
        throw new SettingsError(
          `Input '${inputName}' line ${index + 1}: expected a series glob and a reason of at most 200 characters each`,
        )
      return { series, reason }
    })
}
