import type { Resource } from '../cleanup'
import type { SystemOptions, SystemUnderTest } from './sut-backend'
import { createComposeSystem, removeComposeLeftover } from './compose/compose-backend'
import { createUrlSystem, isDeployment, removeDeploymentLeftover } from './url/url-backend'

export { BorrowedHarnessError } from './sut-backend'
export type { ArmInstance, ResourceSampling, SystemOptions, SystemUnderTest } from './sut-backend'

export function createSystemUnderTest(options: SystemOptions): SystemUnderTest {
  if (options.settings.target.kind === 'url') return createUrlSystem(options)
  return createComposeSystem(options)
}

/** Removes what a killed run left behind (the post step), by the kind of resource it recorded. */
export function removeLeftover(resource: Resource): Promise<void> {
  if (isDeployment(resource)) return removeDeploymentLeftover(resource)
  return removeComposeLeftover(resource)
}
