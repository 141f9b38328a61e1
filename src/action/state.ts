import * as core from '@actions/core'
import type { Resource } from '../measure/cleanup'
import { onTrackedChange } from '../measure/cleanup'

// What the main step leaves for the post step, which runs even when the main step was killed.
const RESOURCES = 'loadgate-resources'

/**
 * Claims the post step's state for the state file before anything is logged: the runner applies
 * that file after the step, over what an older `##[save-state]` line in the log had set, so a
 * value planted in untrusted text can never choose what the post step removes (a teardown command
 * it runs) or which statuses it settles.
 */
export function claimPostStepState(): void {
  if (!process.env.GITHUB_STATE) return
  core.saveState(RESOURCES, '[]')
  core.saveState(GATES, '[]')
}

/** Keeps the post step's list of live resources up to date for the rest of the main step. */
export function saveTrackedResources(): void {
  if (!process.env.GITHUB_STATE) return
  onTrackedChange((resources) => core.saveState(RESOURCES, JSON.stringify(resources)))
}

/** What the main step left behind; null when the saved state cannot be read. */
export function savedResources(): Resource[] | null {
  const raw = core.getState(RESOURCES)
  if (!raw) return []
  try {
    const parsed = JSON.parse(raw) as unknown
    return Array.isArray(parsed) ? (parsed as Resource[]) : null
  } catch {
    return null
  }
}

const GATES = 'loadgate-gates'

/** A pending status the main step set, and whether the benchmark's run settled it (verdict or error). */
export interface PendingGate {
  benchmark: string
  headSha: string
  runUrl: string
  statusId: number
  settled: boolean
  /** Why it is still pending when the run ended (its final status was refused); the post step says so. */
  reason?: string
}

/** Saved on every change: the post step turns a pending that was never settled into `error`. */
export function savePendingGates(gates: PendingGate[]): void {
  if (!process.env.GITHUB_STATE) return
  core.saveState(GATES, JSON.stringify(gates))
}

/** The pending statuses the main step left; null when the saved state cannot be read. */
export function savedPendingGates(): PendingGate[] | null {
  const raw = core.getState(GATES)
  if (!raw) return []
  try {
    const parsed = JSON.parse(raw) as unknown
    return Array.isArray(parsed) && parsed.every(isPendingGate) ? parsed : null
  } catch {
    return null
  }
}

function isPendingGate(value: unknown): value is PendingGate {
  const gate = value as Partial<PendingGate> | null
  return (
    typeof gate?.benchmark === 'string' &&
    typeof gate.headSha === 'string' &&
    typeof gate.runUrl === 'string' &&
    typeof gate.statusId === 'number' &&
    typeof gate.settled === 'boolean' &&
    (gate.reason === undefined || typeof gate.reason === 'string')
  )
}
