import { withoutControlCharacters, withoutWorkflowCommands } from '../util/control-characters'
import { errorMessage } from '../util/errors'
import { killRunningChildren } from '../util/exec'

/** Something a run created and must remove, described well enough for another process to remove it. */
export interface Resource {
  /** Which system-under-test backend made it, e.g. 'compose' or 'worktree'. */
  kind: string
  /** compose: project name; worktree: directory. */
  id: string
  /** compose: the compose file; worktree: the repository it belongs to. */
  path: string
}

const live = new Map<string, { resource: Resource; remove: () => Promise<void> }>()
let onChange: (resources: Resource[]) => void = () => {}

/** Called with every resource still live whenever the list changes (the action saves it for its post step). */
export function onTrackedChange(listener: (resources: Resource[]) => void): void {
  onChange = listener
}

function changed(): void {
  onChange([...live.values()].map((l) => l.resource))
}

/**
 * Registers a resource and how to remove it; returns the function that removes and forgets it.
 * Removal runs once: the signal handler and the interrupted code's own `finally` share it.
 */
export function track(resource: Resource, remove: () => Promise<void>): () => Promise<void> {
  const key = `${resource.kind}:${resource.id}`
  let removal: Promise<void> | undefined
  const removeOnce = () => (removal ??= remove())
  live.set(key, { resource, remove: removeOnce })
  changed()
  return async () => {
    try {
      await removeOnce()
    } finally {
      live.delete(key)
      changed()
    }
  }
}

/** Removes everything still registered (newest first); warns about what could not be removed. */
export async function cleanupAll(warn: (message: string) => void): Promise<void> {
  for (const [key, entry] of [...live.entries()].reverse()) {
    try {
      await entry.remove()
    } catch (error) {
      // The error carries a command's output (Docker, git): untrusted text for a log line.
      warn(
        withoutControlCharacters(
          `could not remove ${entry.resource.kind} ${entry.resource.id}: ${errorMessage(error)}`,
        ),
      )
    }
    live.delete(key)
  }
  changed()
}

let installed = false
let received: NodeJS.Signals | null = null

/** The interrupt being handled, if any: work in progress stops instead of starting anything new. */
export function interruptSignal(): NodeJS.Signals | null {
  return received
}

/**
 * Stops the run from anywhere (a signal, a closed output): kills running children, tears down every
 * stack and worktree, then exits with `exitCode`. Work in progress sees `interruptSignal()` and
 * starts nothing new; a second call while the first is tearing down does nothing.
 */
export function stopRun(signal: NodeJS.Signals, exitCode: number, why: string): void {
  if (received) return
  received = signal
  const say = (message: string) => {
    // The output may be the very pipe that closed: nothing more can be said then.
    if (process.stderr.writable) process.stderr.write(`loadgate: ${withoutWorkflowCommands(message)}\n`)
  }
  say(`${why}: removing containers and worktrees`)
  killRunningChildren('SIGKILL')
  // Work unwinding meanwhile may register what it had just made: repeat until nothing is left.
  const tearDown = async () => {
    do await cleanupAll(say)
    while (live.size > 0)
  }
  void tearDown().finally(() => process.exit(exitCode))
}

/** SIGINT/SIGTERM: stop children, tear down every stack and worktree, exit 130/143. */
export function installSignalHandlers(): void {
  if (installed) return
  installed = true
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => stopRun(signal, code, `${signal} received`))
  }
}
