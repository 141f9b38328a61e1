import { readFile, readlink } from 'node:fs/promises'
import path from 'node:path'
import type { ProcessSigns } from '../decide/runtime-warmup'

/** Reads what host processes show of their runtime from /proc; a process gone or hidden shows what it can. */
export async function readProcessSigns(pids: number[]): Promise<ProcessSigns[]> {
  const all = await Promise.all(pids.map(signsOf))
  return all.filter((p): p is ProcessSigns => p !== null)
}

async function signsOf(pid: number): Promise<ProcessSigns | null> {
  const dir = `/proc/${pid}`
  const name = (await readFile(`${dir}/comm`, 'utf8').catch(() => '')).trim()
  if (!name) return null
  const exe = await readlink(`${dir}/exe`).then(
    (target) => [path.basename(target.replace(/ \(deleted\)$/, ''))],
    () => [],
  )
  return { name, signs: [name, ...exe, ...(await mappedLibraries(`${dir}/maps`))] }
}

/** The file names of the shared libraries a process maps (libjvm.so, libcoreclr.so, …). */
async function mappedLibraries(mapsFile: string): Promise<string[]> {
  const maps = await readFile(mapsFile, 'utf8').catch(() => '')
  const libraries = new Set<string>()
  for (const line of maps.split('\n')) {
    const at = line.indexOf('/')
    if (at < 0) continue
    const file = path.basename(line.slice(at).replace(/ \(deleted\)$/, ''))
    if (/\.so(\.|$)/.test(file)) libraries.add(file)
  }
  return [...libraries]
}
