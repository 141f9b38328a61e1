import * as core from '@actions/core'
import type { Resource } from '../measure/cleanup'
import { onTrackedChange } from '../measure/cleanup'

// What the main step leaves for the post step, which runs even when the main step was killed.
const RESOURCES = 'loadgate-resources'

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
