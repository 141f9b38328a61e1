import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  FREQUENT_HEALTH_CHECK_SECONDS,
  frequentHealthCheckNote,
} from '../../../src/measure/sut/compose/health-checks'

describe('health checks that go on during the trials are named once', () => {
  test('a service checked more often than once a minute is named with its interval', () => {
    const note = frequentHealthCheckNote([{ service: 'api', intervalSeconds: 1 }])
    assert.match(note ?? '', /^service 'api' \(every 1 s\) checks its health during the trials too: /)
    assert.match(note ?? '', /start_interval/)
  })

  test("the fix named fits the engine's version: start_interval only from Docker Engine 25", () => {
    const checks = [{ service: 'api', intervalSeconds: 1 }]
    assert.match(
      frequentHealthCheckNote(checks, '28.0.1') ?? '',
      /with Docker Engine 25 or later, start_interval/,
    )
    const old = frequentHealthCheckNote(checks, '20.10.24+dfsg1') ?? ''
    assert.match(old, /this engine \(20\.10\.24\+dfsg1\) predates start_interval \(Docker Engine 25\)/)
    assert.doesNotMatch(old, /with Docker Engine 25 or later/)
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
