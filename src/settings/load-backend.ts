import { SettingsError } from '../util/errors'
import type { TargetKind } from './target'
import { fail, integer, oneOf } from './values'

/** Which engine generates the load: k6 here, or k6-operator's runners in a Kubernetes cluster. */
export type LoadSettings =
  | { kind: 'k6' }
  | {
      kind: 'k6-operator'
      namespace: string
      /** Runners per trial, each running one execution segment. */
      parallelism: number
      /** ReadWriteMany PersistentVolumeClaim the runners write their outputs to. */
      claim: string
    }

export type LoadKind = LoadSettings['kind']

type LoadValue = (name: 'load' | 'k8s-namespace' | 'k6-operator-parallelism' | 'k6-operator-claim') => string

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/

export function loadFrom(value: LoadValue, target: TargetKind): LoadSettings {
  const kind = oneOf<LoadKind>('load', value('load'), ['k6', 'k6-operator'])
  if (kind === 'k6') {
    if (value('k6-operator-claim'))
      throw new SettingsError(
        "Input 'k6-operator-claim' is set but 'load' is 'k6': expected 'load: k6-operator' with it",
      )
    return { kind }
  }
  // The runners run in the cluster: a stack started here, on the runner's localhost, is out of their reach.
  if (target !== 'url')
    fail(
      'target',
      target,
      "url with 'load: k6-operator' (the cluster's runners cannot reach a Compose stack on this runner)",
    )
  const namespace = value('k8s-namespace')
  if (!DNS_LABEL.test(namespace))
    fail('k8s-namespace', namespace, 'a Kubernetes namespace name (a-z, 0-9, -)')
  const claim = value('k6-operator-claim')
  if (!DNS_SUBDOMAIN.test(claim))
    fail('k6-operator-claim', claim, 'the name of a ReadWriteMany PersistentVolumeClaim (load: k6-operator)')
  const parallelism = integer('k6-operator-parallelism', value('k6-operator-parallelism'), 1, 64)
  return { kind, namespace, parallelism, claim }
}
