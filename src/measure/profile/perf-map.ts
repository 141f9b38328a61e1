import { constants } from 'node:fs'
import { lstat, open, readFile } from 'node:fs/promises'
import { run } from '../../util/exec'

/** A map is read up to this size and this many lines: a process the pull request controls writes it. */
export const MAX_MAP_BYTES = 64 << 20
const MAX_MAP_LINES = 100_000

/**
 * A JIT's perf map (`/tmp/perf-<pid>.map`: `start size name` a line, appended as code is
 * compiled), read the way the process's code is laid out now. A runtime reuses the addresses of
 * code it has freed (a function's older tier, a flushed function), and the map keeps every line it
 * ever wrote: perf itself picks one of the overlapping lines for an address, often a stale one, so a
 * hot handler can be charged to whatever once lived there. Here a later line wins over the earlier
 * lines it overlaps, since code at an address replaced the code that was there before it.
 */
export class PerfMap {
  /** Disjoint ranges, ascending by start. */
  private readonly ranges: Array<{ start: number; end: number; name: string }> = []

  constructor(text: string) {
    for (const line of text.split('\n', MAX_MAP_LINES)) {
      // V8 writes `7f3c… 1a0 name`; the JVM's Compiler.perfmap `0x00007f3c… 0x00000000000001a0 name`.
      const match = /^(?:0x)?([0-9a-f]+) (?:0x)?([0-9a-f]+) (.+)$/i.exec(line.trim())
      if (!match) continue
      const start = parseInt(match[1]!, 16)
      const end = start + parseInt(match[2]!, 16)
      if (end > start) this.paint(start, end, match[3]!)
    }
  }

  /** The newest name for `address`, or null where the map names nothing. */
  lookup(address: number): string | null {
    const i = this.firstEndingAfter(address)
    const range = this.ranges[i]
    return range && range.start <= address ? range.name : null
  }

  private paint(start: number, end: number, name: string) {
    const i = this.firstEndingAfter(start)
    const before: typeof this.ranges = []
    const after: typeof this.ranges = []
    // The ranges [start, end) overlaps: cut to what is left of them on either side.
    let j = i
    while (j < this.ranges.length && this.ranges[j]!.start < end) j++
    for (const old of this.ranges.slice(i, j)) {
      if (old.start < start) before.push({ ...old, end: start })
      if (old.end > end) after.push({ ...old, start: end })
    }
    this.ranges.splice(i, j - i, ...before, { start, end, name }, ...after)
  }

  /** The index of the first range that ends after `address` (binary search). */
  private firstEndingAfter(address: number): number {
    let low = 0
    let high = this.ranges.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (this.ranges[mid]!.end > address) high = mid
      else low = mid + 1
    }
    return low
  }
}

/**
 * The perf maps of profiled processes, by pid as perf reports it, read while they still run (a
 * container's map lives in its own /tmp, under the pid the process has inside its namespace).
 * With the privilege perf runs with (`perf`, its command: `sudo -n perf` or `perf`): the processes
 * are root's. A process without a map is left out.
 */
export async function readPerfMaps(perf: readonly string[], pids: number[]): Promise<Map<number, PerfMap>> {
  const maps = new Map<number, PerfMap>()
  for (const pid of pids) {
    const text = await readPerfMapText(perf, pid).catch(() => null)
    if (text) maps.set(pid, new PerfMap(text))
  }
  return maps
}

/**
 * The map's text, read without trusting the container that wrote it: its /tmp must be a directory
 * and the map a regular file, neither a symbolic link (an absolute link under /proc/<pid>/root
 * resolves against the reader's root, the host's), a FIFO (it would block) nor a device; at most
 * MAX_MAP_BYTES of it.
 */
async function readPerfMapText(perf: readonly string[], pid: number): Promise<string> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  // `NStgid:\t4312\t1`: the last is the pid inside the process's own namespace.
  const inner = /^NStgid:\s*([\d\s]+)$/m.exec(status)?.[1]?.trim().split(/\s+/).at(-1) ?? String(pid)
  const dir = `/proc/${pid}/root/tmp`
  const file = `${dir}/perf-${inner}.map`
  return perf[0] === 'sudo' ? readAsRoot(dir, file) : readUntrustedFile(dir, file)
}

/** `file` in `dir` if `dir` is a directory and `file` a regular file, neither a link; at most MAX_MAP_BYTES. */
export async function readUntrustedFile(dir: string, file: string): Promise<string> {
  if (!(await lstat(dir)).isDirectory()) throw new Error(`${dir} is not a directory`)
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) throw new Error(`${file} is not a regular file`)
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_MAP_BYTES))
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.toString('utf8', 0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** The same checks through sudo: `test` for the types, dd refusing a link and never blocking. */
async function readAsRoot(dir: string, file: string): Promise<string> {
  await run(
    'sudo',
    ['-n', 'test', '-d', dir, '-a', '!', '-h', dir, '-a', '-f', file, '-a', '!', '-h', file],
    {
      timeoutMs: 10_000,
    },
  )
  const { stdout } = await run(
    'sudo',
    [
      '-n',
      'dd',
      `if=${file}`,
      'iflag=nofollow,nonblock',
      'bs=1M',
      `count=${MAX_MAP_BYTES >> 20}`,
      'status=none',
    ],
    { timeoutMs: 60_000 },
  )
  return stdout
}
