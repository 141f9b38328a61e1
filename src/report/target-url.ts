import type { Comparison } from '../model/types'

/** target url: the arms ran in environments loadgate did not build, so their likeness is the user's to ensure. */
export function deployedTargetsNote(comparison: Comparison): string | null {
  const targets = comparison.meta.targets
  if (!targets) return null
  // A code span: shown as written, never autolinked (an autolink would keep escapes in its href).
  const address = (url: string | undefined) => (url ? `\`${url.replace(/[`\r\n]/g, '')}\`` : '–')
  return (
    `⚠️ Measured against deployed environments: base ${address(targets.base)}, head ${address(targets.head)}. ` +
    'The comparison is only as fair as these two environments are alike (size, data, neighbours); ' +
    'their resource use was not measured. Each is one instance for the whole run: its own speed is not ' +
    'in the interval, so no gated metric reads no change from it, and one is blocked or improved only beyond δ/2 + 20%: ' +
    'environments whose speeds differ by more than about 10% can cross that alone, so compare the two ' +
    'on the same code first (docs/statistics.md, URL targets).'
  )
}
