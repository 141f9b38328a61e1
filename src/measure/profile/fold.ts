import { KERNEL_FRAME } from '../../model/profile'

/**
 * Folds `perf script` output into stacks: `comm;outermost;…;leaf` → samples. A frame is its symbol
 * without the offset (`net/http.(*conn).serve+0x414` → `net/http.(*conn).serve`); a frame perf could
 * not name is `[unknown]` with its file (`[unknown] (/api)`), so a stripped binary shows as itself.
 * Kernel frames end in ` [k]`, so the diff can charge them to the code that entered the kernel.
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

/** `\t  addr symbol+0xoff (dso)` → `symbol`, or `[unknown] (dso)`; ` [k]` after a kernel frame. */
function frameName(line: string): string | null {
  const match = /^\s*([0-9a-f]+)\s+(.*?)\s+\(([^()]*)\)\s*$/.exec(line)
  if (!match) return null
  const [, address = '', symbol = '', dso = ''] = match
  const name =
    symbol === '[unknown]' || symbol === ''
      ? `[unknown] (${dso || 'unknown'})`
      : symbol.replace(/\+0x[0-9a-f]+$/, '')
  return isKernelAddress(address, dso) ? `${name}${KERNEL_FRAME}` : name
}

/** x86-64 and arm64 kernels live in the top half of the address space; perf names their dso `[kernel.kallsyms]` or a module's `[name]`. */
function isKernelAddress(address: string, dso: string): boolean {
  return (address.length === 16 && /^ffff[89a-f]/.test(address)) || dso.startsWith('[kernel')
}

/** Stacks as the conventional `.folded` text (Brendan Gregg's FlameGraph, speedscope): one `stack count` a line. */
export function foldedText(stacks: ReadonlyMap<string, number>): string {
  return [...stacks]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([stack, count]) => `${stack} ${count}\n`)
    .join('')
}
