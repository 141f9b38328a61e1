import type { Comparison } from '../model/types'

/**
 * A trusted run measures under the trusted branch's loadgate.yml: the one line naming the keys of
 * the head's file it did not use (setting names only, validated when the results were read).
 */
export function ignoredSettingsNote(comparison: Comparison): string | null {
  const keys = comparison.meta.ignoredSettings ?? []
  if (keys.length === 0) return null
  return (
    `ℹ️ The head's loadgate.yml differs from the trusted branch's on ${keys.map((k) => `\`${k}\``).join(', ')}: ` +
    "a trusted run measures under the trusted branch's settings, so those were ignored."
  )
}
