import * as core from '@actions/core'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { errorMessage } from '../util/errors'
import { killRunningChildren, run } from '../util/exec'
import { worktreeFolder } from './sut/compose/worktree'

/** What a run creates and must remove: compose projects (with their compose file) and git worktrees. */
export interface Resource {
  kind: 'compose' | 'worktree'
  /** compose: project name; worktree: directory. */
  id: string
  /** compose: the compose file; worktree: the repository it belongs to. */
  path: string
}

const STATE_KEY = 'loadgate-resources'
const live = new Map<string, { resource: Resource; remove: () => Promise<void> }>()

function saveState(): void {
  // Saved for the post step, which runs even when the main step was killed.
  if (process.env.GITHUB_STATE)
    core.saveState(STATE_KEY, JSON.stringify([...live.values()].map((l) => l.resource)))
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
  saveState()
  return async () => {
    try {
      await removeOnce()
    } finally {
      live.delete(key)
      saveState()
    }
  }
}

/** Removes everything still registered (newest first); warns about what could not be removed. */
export async function cleanupAll(warn: (message: string) => void = core.warning): Promise<void> {
  for (const [key, entry] of [...live.entries()].reverse()) {
    try {
      await entry.remove()
    } catch (error) {
      warn(`could not remove ${entry.resource.kind} ${entry.resource.id}: ${errorMessage(error)}`)
    }
    live.delete(key)
  }
  saveState()
}

export async function removeResource(resource: Resource): Promise<void> {
  if (resource.kind === 'compose') {
    const file = existsSync(resource.path) ? ['-f', resource.path] : []
    await run(
      'docker',
      [
        'compose',
        '-p',
        resource.id,
        ...file,
        'down',
        '--volumes',
        '--remove-orphans',
        '--rmi',
        'local',
        '--timeout',
        '5',
      ],
      { timeoutMs: 180_000, cleanup: true },
    )
  } else {
    await run('git', ['worktree', 'remove', '--force', resource.id], { cwd: resource.path }).catch(
      () => undefined,
    )
    await run('git', ['worktree', 'prune'], { cwd: resource.path }).catch(() => undefined)
    await rm(worktreeFolder(resource.id), { recursive: true, force: true })
  }
}

/** The post step: removes what a killed main step recorded in its state. Warns, never fails. */
export async function cleanupFromState(): Promise<void> {
  const raw = core.getState(STATE_KEY)
  if (!raw) return
  let resources: Resource[]
  try {
    resources = JSON.parse(raw) as Resource[]
  } catch {
    core.warning('loadgate cleanup: the saved state is unreadable; nothing removed')
    return
  }
  // Newest first: a stack goes before the worktree that holds its compose file.
  for (const resource of resources.reverse()) {
    try {
      await removeResource(resource)
      core.info(`loadgate cleanup: removed ${resource.kind} ${resource.id}`)
    } catch (error) {
      core.warning(
        `loadgate cleanup: could not remove ${resource.kind} ${resource.id}: ${errorMessage(error)}`,
      )
    }
  }
}

let installed = false
let received: NodeJS.Signals | null = null

/** The interrupt being handled, if any: work in progress stops instead of starting anything new. */
export function interruptSignal(): NodeJS.Signals | null {
  return received
}

/** SIGINT/SIGTERM: stop children, tear down every stack and worktree, exit 130/143. */
export function installSignalHandlers(): void {
  if (installed) return
  installed = true
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      received = signal
      process.stderr.write(`loadgate: ${signal} received, removing containers and worktrees\n`)
      killRunningChildren('SIGKILL')
      void cleanupAll((message) => process.stderr.write(`loadgate: ${message}\n`)).finally(() =>
        process.exit(code),
      )
    })
  }
}
