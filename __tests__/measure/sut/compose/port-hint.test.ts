import { test } from 'node:test'
import assert from 'node:assert/strict'
import { missingPortMessage } from '../../../../src/measure/sut/compose/port-hint'

test('a port the service does not publish: the ports it does, and the fix that fits', () => {
  assert.equal(
    missingPortMessage('pocketbase', 8080, 'compose.yaml', [{ TargetPort: 8090, PublishedPort: 32768 }]),
    "Input 'port' is 8080, but service 'pocketbase' in compose.yaml publishes container port 8090: " +
      'set port to 8090, or publish 8080 with `ports: ["8080"]`',
  )
  // IPv4 and IPv6 bindings of one port are one port.
  const two = missingPortMessage('api', 80, 'c.yaml', [
    { TargetPort: 8080 },
    { TargetPort: 8080 },
    { TargetPort: 9090 },
  ])
  assert.match(two, /publishes container ports 8080, 9090: set port to one of them/)
  assert.match(missingPortMessage('db', 5432, 'c.yaml', []), /publishes no port: add `ports: \["5432"\]`/)
})
