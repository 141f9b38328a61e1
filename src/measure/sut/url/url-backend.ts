import type { Arm } from '../../../model/types'
import { recordedAddress, type TargetSettings } from '../../../settings/target'
import { track, type Resource } from '../../cleanup'
import type { ArmInstance, ResourceSampling, SystemOptions, SystemUnderTest } from '../sut-backend'
import { deployArm, tearDownArm } from './deploy'
import { waitUntilReady } from './ready'

type UrlTarget = Extract<TargetSettings, { kind: 'url' }>

/** What a deployed arm leaves for a later cleanup: `<arm> <address>`, and the teardown command. */
const DEPLOYMENT = 'deployment'

export function createUrlSystem(options: SystemOptions): SystemUnderTest {
  const { target } = options.settings
  if (target.kind !== 'url') throw new Error('the url system needs target: url')
  return new UrlSystem(options, target)
}

/** Nothing of a deployed environment's resource use is readable from here. */
const NOT_SAMPLED: ResourceSampling = { started: Promise.resolve(''), stop: () => Promise.resolve([]) }

/**
 * Each arm is an environment running elsewhere: at its base-url/head-url, or deployed by the
 * `deploy` command (and removed by `teardown`). An arm is measured once it answers on ready-path.
 */
class UrlSystem implements SystemUnderTest {
  constructor(
    private readonly options: SystemOptions,
    private readonly target: UrlTarget,
  ) {}

  async start(arm: Arm): Promise<ArmInstance> {
    const { workspace } = this.options.settings
    const given = this.target.urls[arm]
    let stop = () => Promise.resolve()
    let url: string
    if (given) {
      url = given
    } else {
      this.options.onProgress(`deploying ${arm}`)
      url = await deployArm(this.target.deploy, arm, workspace, this.options.baseSha ?? '')
      const { teardown } = this.target
      if (teardown) {
        const resource: Resource = { kind: DEPLOYMENT, id: `${arm} ${recordedAddress(url)}`, path: teardown }
        stop = track(resource, () => tearDownArm(teardown, arm, workspace, url))
      }
    }
    try {
      this.options.onProgress(`waiting for ${arm} at ${recordedAddress(url)}${this.target.readyPath}`)
      await waitUntilReady({
        url,
        path: this.target.readyPath,
        timeoutSeconds: this.target.readyTimeoutSeconds,
        label: `the ${arm} target`,
      })
    } catch (error) {
      await stop().catch(() => undefined)
      throw error
    }
    return { url, address: recordedAddress(url), sampleResources: () => NOT_SAMPLED, stop }
  }
}

/** Tears down a deployment a killed run recorded (the post step). */
export async function removeDeploymentLeftover(resource: Resource): Promise<void> {
  const [arm, address = ''] = resource.id.split(' ')
  if (arm !== 'base' && arm !== 'head') throw new Error(`unreadable deployment '${resource.id}'`)
  await tearDownArm(resource.path, arm, process.cwd(), address)
}

export function isDeployment(resource: Resource): boolean {
  return resource.kind === DEPLOYMENT
}
