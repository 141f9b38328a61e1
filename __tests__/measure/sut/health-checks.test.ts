import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  FREQUENT_HEALTH_CHECK_SECONDS,
  frequentHealthCheckNote,
} from '../../../src/measure/sut/compose/health-checks'

describe('health checks that go on during the trials are named once', () => {
  test('a service checked more often than once a minute is named with its interval and the fix', () => {
    const note = frequentHealthCheckNote([{ service: 'api', intervalSeconds: 1 }])
    assert.match(note ?? '', /^service 'api' \(every 1 s\) checks its health during the trials too: /)
    // A start runs the check itself (service-readiness.ts): a long interval slows nothing, on any engine.
    assert.match(
      note ?? '',
      /a long interval \(interval: 5m\) keeps the checks out of the trials without slowing any start/,
    )
    assert.doesNotMatch(note ?? '', /start_interval/)
  })

  test('only the frequent ones are named, in the plural when there are several', () => {
    const note = frequentHealthCheckNote([
      { service: 'api', intervalSeconds: 0.5 },
      { service: 'store', intervalSeconds: FREQUENT_HEALTH_CHECK_SECONDS - 1 },
      { service: 'cache', intervalSeconds: FREQUENT_HEALTH_CHECK_SECONDS },
    ])
    assert.match(note ?? '', /^services 'api' \(every 0\.5 s\), 'store' \(every 59 s\) check their health/)
    assert.ok(!note?.includes('cache'), note ?? '')
  })

  test('nothing is said when every check is a minute or more apart, or there is none', () => {
    assert.equal(frequentHealthCheckNote([{ service: 'api', intervalSeconds: 300 }]), null)
    assert.equal(frequentHealthCheckNote([]), null)
  })
})
