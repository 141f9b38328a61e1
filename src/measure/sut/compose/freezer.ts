import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { run } from '../../../util/exec'
import { inspectContainers } from './docker-inspect'

// `docker pause` freezes a container's cgroup. A health check's `docker exec` that starts at that
// moment is frozen half-way (`runc init`, in `__refrigerator`) while the engine holds the
// container's lock waiting for it: from then on every call on that container — pause, unpause,
// inspect, down — waits forever (moby/moby#36661 and its kin; seen here with 1-second health
// checks). Thawing the cgroup directly lets the exec finish and releases the lock; the engine then
// counts paused a container that runs, and refuses to unpause it ("container not paused") until its
// cgroup is frozen again. `recoverStuck` walks that whole way back to a state the engine agrees with.

const ROOT = '/sys/fs/cgroup'

/** Where a container's freezer is controlled, for the cgroupfs and systemd drivers on cgroup v1 and v2. */
const PLACES = [
  { parent: 'freezer/docker', file: 'freezer.state', thawed: 'THAWED', frozen: 'FROZEN' },
  { parent: 'freezer/system.slice', file: 'freezer.state', thawed: 'THAWED', frozen: 'FROZEN' },
  { parent: 'docker', file: 'cgroup.freeze', thawed: '0', frozen: '1' },
  { parent: 'system.slice', file: 'cgroup.freeze', thawed: '0', frozen: '1' },
]
/** How long the engine may take to answer once released. */
const ENGINE_TIMEOUT_MS = 30_000

/** A container's freezer control file, and the values that thaw and freeze it. */
interface Freezer {
  file: string
  thawed: string
  frozen: string
}

/** The freezer file of a container by its (possibly short) id, and what thaws it. */
async function freezerOf(id: string): Promise<Freezer | null> {
  for (const place of PLACES) {
    const entries = await readdir(path.join(ROOT, place.parent)).catch(() => [] as string[])
    const entry = entries.find((name) => name.replace(/^docker-/, '').startsWith(id))
    if (entry) return { ...place, file: path.join(ROOT, place.parent, entry, place.file) }
  }
  return null
}

/** Writes a cgroup control file as root, or through `sudo -n` (a runner's user); false when neither may. */
function writeControl(file: string, value: string): Promise<boolean> {
  return writeFile(file, value).then(
    () => true,
    () =>
      run('sudo', ['-n', 'tee', file], { input: value, timeoutMs: 10_000 }).then(
        () => true,
        () => false,
      ),
  )
}

/** Whether a freezer is frozen (or freezing), read from the kernel, not the engine. */
async function frozen(freezer: Freezer): Promise<boolean> {
  const state = (await readFile(freezer.file, 'utf8').catch(() => '')).trim()
  return state !== '' && state !== freezer.thawed
}

/** Whether the container's cgroup is frozen (or freezing). */
export async function isFrozen(id: string): Promise<boolean> {
  const freezer = await freezerOf(id)
  return freezer !== null && (await frozen(freezer))
}

/** Thaws the containers whose cgroups are frozen; returns the ids it thawed. */
export async function thawFrozen(ids: readonly string[]): Promise<string[]> {
  const thawed: string[] = []
  for (const id of ids) {
    const freezer = await freezerOf(id)
    if (freezer && (await frozen(freezer)) && (await writeControl(freezer.file, freezer.thawed)))
      thawed.push(id)
  }
  return thawed
}

/** Each container's state as the engine has it (`running`, `paused`, …), by the ids given. */
const engineStates = (ids: readonly string[]) =>
  inspectContainers(ids, '{{.State.Status}}', ENGINE_TIMEOUT_MS)

/**
 * Brings containers the engine was stuck on back to the state wanted, in agreement with the engine:
 * thaw what is frozen (the stuck exec finishes, the engine answers again), freeze again what the
 * engine counts paused, then `docker unpause` or `docker pause` what is not yet as wanted. Returns
 * false when nothing was frozen: then the engine is stuck on something else.
 */
export async function recoverStuck(ids: readonly string[], wanted: 'paused' | 'running'): Promise<boolean> {
  if ((await thawFrozen(ids)).length === 0) return false
  const states = await engineStates(ids)
  const paused = ids.filter((id) => states.get(id) === 'paused')
  for (const id of paused) {
    const freezer = await freezerOf(id)
    if (freezer) await writeControl(freezer.file, freezer.frozen)
  }
  const change = wanted === 'running' ? paused : ids.filter((id) => states.get(id) === 'running')
  if (change.length > 0)
    await run('docker', [wanted === 'running' ? 'unpause' : 'pause', ...change], {
      timeoutMs: ENGINE_TIMEOUT_MS,
    })
  return true
}
