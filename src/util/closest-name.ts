/** Edit distance (insertions, deletions, substitutions), linear memory. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution))
    }
    previous = current
  }
  return previous[b.length]!
}

/**
 * The known name a mistyped one most likely meant, for "did you mean …?": the nearest by edit
 * distance when it is close (at most a third of the name's length, and at least one edit), or a
 * known name that starts with what was typed. Undefined when nothing is close.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  if (!typed) return undefined
  const prefixed = known.filter((name) => name.startsWith(typed))
  if (prefixed.length === 1) return prefixed[0]
  const limit = Math.max(1, Math.floor(typed.length / 3))
  let best: { name: string; distance: number } | undefined
  for (const name of known) {
    const distance = editDistance(typed, name)
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance }
  }
  return best?.name
}
