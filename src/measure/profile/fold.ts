/**
 * Folds `perf script` output into stacks: `comm;outermost;…;leaf` → samples. A frame is its symbol
 * without the offset (`net/http.(*conn).serve+0x414` → `net/http.(*conn).serve`); a frame perf could
 * not name is `[unknown]` with its file (`[unknown] (/api)`), so a stripped binary shows as itself.
 */
export function foldPerfScript(text: string): Map<string, number> {
  const stacks = new Map<string, number>()
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim())
    const header = lines[0]
    if (!header || /^\s/.test(header)) continue
    // `comm pid[/tid] [cpu] time: period event:` — comm may contain spaces; the pid follows it.
    const comm = /^(.*?)\s+\d+(?:\/\d+)?\s/.exec(header)?.[1]?.trim() || 'unknown'
    const frames = lines
      .slice(1)
      .map(frameName)
      .filter((name): name is string => name !== null)
      .reverse()
    const key = [comm, ...frames].map((f) => f.replace(/;/g, ':')).join(';')
    stacks.set(key, (stacks.get(key) ?? 0) + 1)
  }
  return stacks
}

/** `\t  addr symbol+0xoff (dso)` → `symbol`, or `[unknown] (dso)`. */
function frameName(line: string): string | null {
  const match = /^\s*[0-9a-f]+\s+(.*?)\s+\(([^()]*)\)\s*$/.exec(line)
  if (!match) return null
  const [, symbol = '', dso = ''] = match
  if (symbol === '[unknown]' || symbol === '') return `[unknown] (${dso || 'unknown'})`
  return symbol.replace(/\+0x[0-9a-f]+$/, '')
}

/** Stacks as the conventional `.folded` text (Brendan Gregg's FlameGraph, speedscope): one `stack count` a line. */
export function foldedText(stacks: ReadonlyMap<string, number>): string {
  return [...stacks]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([stack, count]) => `${stack} ${count}\n`)
    .join('')
}
