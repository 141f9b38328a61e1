import type { Resource } from '../cleanup'
import type { SystemOptions, SystemUnderTest } from './backend'
import { createComposeSystem, removeComposeLeftover } from './compose/backend'

export type { ArmInstance, ResourceSampling, SystemOptions, SystemUnderTest } from './backend'

export function createSystemUnderTest(options: SystemOptions): SystemUnderTest {
  return createComposeSystem(options)
}

/** Removes what a killed run left behind (the post step), by the kind of resource it recorded. */
export function removeLeftover(resource: Resource): Promise<void> {
  return removeComposeLeftover(resource)
}
