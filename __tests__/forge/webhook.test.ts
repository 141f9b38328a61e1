import { test } from 'node:test'
import assert from 'node:assert/strict'
import { scrubUrl } from '../../src/forge/webhook'

test('a webhook URL, its path or its query never survive in a message', () => {
  const url = 'https://hooks.example.com/services/T0/B0/s3cr3t?token=abc123'
  const message = `fetch ${url} failed; POST /services/T0/B0/s3cr3t?token=abc123 refused (?token=abc123)`
  const scrubbed = scrubUrl(message, url)
  assert.equal(/s3cr3t|abc123/.test(scrubbed), false, scrubbed)
  assert.equal(scrubbed, 'fetch [webhook] failed; POST [webhook] refused ([webhook])')
  assert.equal(scrubUrl('ECONNREFUSED', url), 'ECONNREFUSED')
})
